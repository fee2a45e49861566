package io.kvmapper.internal.index;

import io.kvmapper.CorruptDataException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.internal.layout.KeyLimit;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.tuple.Tuples;

/**
 * An index or counter of an entity and its keys: its items, and the metadata keys of its state and its online
 * build. Only a counter has a fence: index writes always maintain the index, so its build need not hear of
 * them.
 *
 * @param kind index or counter
 * @param entity the stored entity name
 * @param name the component name
 * @param metaKey where the store records its definition and state ({@link io.kvmapper.internal.layout.StoredComponent})
 * @param cursorKey how far its online build has come
 * @param fenceKey what writes beyond a counter build's cursor bump; null for an index
 * @param duplicatesKey the duplicates a unique index build has met
 * @param prefix the partition element of its items
 */
public record ComponentKeys(ComponentKind kind, String entity, String name, byte[] metaKey, byte[] cursorKey,
        byte[] fenceKey, byte[] duplicatesKey, byte[] prefix) {

    /** Every item of the component. */
    public KeyRange items() {
        return KeyRange.startingWith(prefix);
    }

    /** "index 'name'" or "counter 'name'", as messages and progress reports name it. */
    public String describe() {
        return kind + " '" + name + "'";
    }

    /**
     * {@code key}, an item of the component to be written, once it is within {@link io.kvmapper.KvStore#MAX_KEY_BYTES}:
     * an index entry or unique claim, an expiry entry, a counter group.
     *
     * @throws InvalidRequestException naming the entity, the component and the key if it is longer
     */
    byte[] writable(byte[] key) {
        if (KeyLimit.fits(key.length)) {
            return key;
        }
        throw KeyLimit.tooLong(key, entity + ": " + describe(), kind == ComponentKind.COUNTER ? "the group" : "the entry",
                switch (kind) {
                    case INDEX -> "shorten the indexed values, or the key components, which an entry holds too;"
                            + " to look up long texts, index a hash of them";
                    case COUNTER -> "shorten the values the counter groups by";
                    case EXPIRY -> "shorten the key components, which an expiry entry holds";
                });
    }

    /**
     * The component cannot hold a value of an entity to be written, one the key encoding cannot (a string with
     * an unpaired surrogate, an integer of more than 255 bytes): the request is refused, naming both.
     */
    InvalidRequestException unencodable(InvalidRequestException e) {
        return new InvalidRequestException(entity + ": " + describe() + " cannot hold the entity's value: "
                + e.getMessage(), e);
    }

    /** The same of the stored entity under {@code recordKey}: its record is damaged. */
    CorruptDataException storedUnencodable(byte[] recordKey, InvalidRequestException e) {
        return new CorruptDataException(entity + " " + Tuples.toString(recordKey) + ": " + describe()
                + " cannot hold the stored entity's value: " + e.getMessage(), e);
    }
}
