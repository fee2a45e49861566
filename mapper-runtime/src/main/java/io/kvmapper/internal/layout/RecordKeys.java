package io.kvmapper.internal.layout;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.internal.tuple.TupleWriter;

/**
 * The layout of record keys. A record key is the tuple
 * {@code ((entity, "r", p1, ..., pn), s1, ..., sm)}: a nested tuple holding the entity name, the
 * records tag and the partition components forms the partition element; the remaining key components
 * follow as the sort key. See {@code docs/key-encoding.md}.
 */
public final class RecordKeys {
    private RecordKeys() {
    }

    /**
     * The encoded elements {@code entity, "r"} without the nested-tuple marker: generated code opens
     * the partition tuple, appends these bytes, then the partition components.
     */
    public static byte[] partitionHead(String entityName) {
        return new TupleWriter(entityName.length() + 8).writeString(entityName).writeString(Area.RECORDS.tag()).toByteArray();
    }

    /** The prefix shared by every record key of the entity, for scans over all of them. */
    public static byte[] allRecordsPrefix(String entityName) {
        return new TupleWriter(entityName.length() + 8).beginNested().appendRaw(partitionHead(entityName))
                .toPrefixBytes();
    }

    /**
     * Rejects a null key component.
     *
     * @return {@code value}
     * @throws InvalidRequestException naming the entity and the component
     */
    public static <T> T require(T value, String entityName, String component) {
        if (value == null) {
            throw new InvalidRequestException(entityName + ": key component '" + component
                    + "' is null; every key component needs a value");
        }
        return value;
    }

    /**
     * Rejects a null string key component, and one that no key can hold: a string with an unpaired surrogate
     * (keys are UTF-8). The generic {@link #require(Object, String, String)} for strings, which generated code
     * calls for every string component.
     *
     * @return {@code value}
     * @throws InvalidRequestException naming the entity and the component
     */
    public static String require(String value, String entityName, String component) {
        require((Object) value, entityName, component);
        int at = TupleWriter.unpairedSurrogate(value);
        if (at >= 0) {
            throw new InvalidRequestException(entityName + ": key component '" + component + "' cannot be stored: "
                    + TupleWriter.unpairedSurrogateMessage(value, at) + "; a key holds only well-formed Unicode");
        }
        return value;
    }
}
