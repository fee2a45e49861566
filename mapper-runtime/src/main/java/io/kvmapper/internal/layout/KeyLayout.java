package io.kvmapper.internal.layout;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.layout.RecordKeys;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.tuple.Tuples;
import java.util.Arrays;

/**
 * Where one entity's items live. Every key is a tuple whose first element, the partition, is a nested
 * tuple starting with the entity name and an area tag ({@link Area}):
 *
 * <pre>
 * ((entity, "r", p1..pn), s1..sm)          a record: partition components, then the rest of the key
 * ((entity, "i", index), v1..vk, k1..kn)   a non-unique index entry: the value, then the primary key; empty value
 * ((entity, "i", index), v1..vk)           a unique index entry; its value is the record key
 * ((entity, "c", counter), g1..gj)         a counter group; an 8-byte little-endian value
 * ((entity, "m"), kind, name)              the metadata area: the stored schema, index and counter definitions
 * ((entity, "x", field), instant, k1..kn)  an expiry entry: the instant, then the primary key; empty value
 * ((entity, "f"), stamp...)                a change of the change feed, under the stamp its commit gave it
 * </pre>
 */
public final class KeyLayout {
    private final String entityName;
    private final int partitionSize;
    private final byte[] recordHead;

    /**
     * @param entityName the stored entity name
     * @param partitionSize how many leading key components form the partition
     */
    public KeyLayout(String entityName, int partitionSize) {
        this.entityName = entityName;
        this.partitionSize = partitionSize;
        this.recordHead = RecordKeys.partitionHead(entityName);
    }

    /** The stored entity name. */
    public String entityName() {
        return entityName;
    }

    /** Every record key of the entity. */
    public KeyRange records() {
        return KeyRange.tuplePrefix(RecordKeys.allRecordsPrefix(entityName));
    }

    /**
     * Whether {@code key} is a record key of the entity: in its records' range, with a complete partition
     * element. What a unique index entry must point at; anything else (a counter's key, a truncated key) is
     * corrupt.
     */
    public boolean isRecordKey(byte[] key) {
        if (key == null || !records().contains(key)) {
            return false;
        }
        try {
            partitionEnd(key);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The partition element of an index: {@code ((entity, "i", index))}. */
    public byte[] indexPrefix(String index) {
        return new TupleWriter(entityName.length() + index.length() + 12).beginNested().writeString(entityName)
                .writeString(Area.INDEXES.tag()).writeString(index).endNested().toByteArray();
    }

    /** The partition element of a counter: {@code ((entity, "c", counter))}. */
    public byte[] counterPrefix(String counter) {
        return new TupleWriter(entityName.length() + counter.length() + 12).beginNested().writeString(entityName)
                .writeString(Area.COUNTERS.tag()).writeString(counter).endNested().toByteArray();
    }

    /** The partition element of the expiry index over {@code field}: {@code ((entity, "x", field))}. */
    public byte[] expiryPrefix(String field) {
        return new TupleWriter(entityName.length() + field.length() + 12).beginNested().writeString(entityName)
                .writeString(Area.EXPIRY.tag()).writeString(field).endNested().toByteArray();
    }

    /** The partition element of the change feed: {@code ((entity, "f"))}, which each change's stamp follows. */
    public byte[] feedPrefix() {
        return new TupleWriter(entityName.length() + 8).beginNested().writeString(entityName)
                .writeString(Area.FEED.tag()).endNested().toByteArray();
    }

    /** The metadata key {@code ((entity, "m"), kind, name)}. */
    public byte[] metaKey(String kind, String name) {
        return new TupleWriter(entityName.length() + kind.length() + name.length() + 12).beginNested()
                .writeString(entityName).writeString(Area.META.tag()).endNested().writeString(kind).writeString(name)
                .toByteArray();
    }

    /** Every metadata key of {@code kind}. */
    public KeyRange meta(String kind) {
        return KeyRange.startingWith(new TupleWriter(entityName.length() + kind.length() + 12).beginNested()
                .writeString(entityName).writeString(Area.META.tag()).endNested().writeString(kind).toByteArray());
    }

    /** A non-unique index entry: the index prefix, the value, then the primary-key components. */
    public byte[] entry(byte[] indexPrefix, byte[] value, byte[] recordKey) {
        int start = 1 + recordHead.length;
        int partitionEnd = partitionEnd(recordKey);
        byte[] entry = new byte[indexPrefix.length + value.length + recordKey.length - start - 1];
        int at = copy(indexPrefix, 0, indexPrefix.length, entry, 0);
        at = copy(value, 0, value.length, entry, at);
        at = copy(recordKey, start, partitionEnd, entry, at);
        copy(recordKey, partitionEnd + 1, recordKey.length, entry, at);
        return entry;
    }

    /**
     * Whether {@code entryKey} is the entry {@link #entry} would build from these parts, compared in place: the
     * check a fetch through an index makes for every record it reads, without building the entry.
     */
    public boolean isEntry(byte[] entryKey, byte[] indexPrefix, byte[] value, byte[] recordKey) {
        int start = 1 + recordHead.length;
        if (entryKey.length != indexPrefix.length + value.length + recordKey.length - start - 1) {
            return false;
        }
        int partitionEnd = partitionEnd(recordKey);
        int at = indexPrefix.length;
        if (!Arrays.equals(entryKey, 0, at, indexPrefix, 0, at)
                || !Arrays.equals(entryKey, at, at + value.length, value, 0, value.length)) {
            return false;
        }
        at += value.length;
        int partitionLength = partitionEnd - start;
        return Arrays.equals(entryKey, at, at + partitionLength, recordKey, start, partitionEnd)
                && Arrays.equals(entryKey, at + partitionLength, entryKey.length, recordKey, partitionEnd + 1,
                        recordKey.length);
    }

    /** A unique index entry: the index prefix and the value. */
    public static byte[] uniqueEntry(byte[] indexPrefix, byte[] value) {
        return concat(indexPrefix, value);
    }

    /** {@code a} then {@code b}, in a new array: a key made of a prefix and what follows it. */
    public static byte[] concat(byte[] a, byte[] b) {
        byte[] joined = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, joined, a.length, b.length);
        return joined;
    }

    /** {@code parts} one after another, in a new array. */
    public static byte[] concat(byte[]... parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        byte[] joined = new byte[length];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, joined, at, part.length);
            at += part.length;
        }
        return joined;
    }

    /** The bytes of the value elements of an entry whose index has {@code arity} elements. */
    public static byte[] valueOf(byte[] entry, int prefixLength, int arity) {
        return Arrays.copyOfRange(entry, prefixLength, valueEnd(entry, prefixLength, arity));
    }

    /** The record key a non-unique index entry points at. */
    public byte[] recordKeyOf(byte[] entry, int prefixLength, int arity) {
        int keyStart = valueEnd(entry, prefixLength, arity);
        int split = keyStart;
        for (int i = 0; i < partitionSize; i++) {
            if (split >= entry.length) {
                throw new CorruptDataException(entityName + ": index entry " + Tuples.toString(entry)
                        + " holds fewer key components than the entity's key has");
            }
            split = Tuples.elementEnd(entry, split);
        }
        byte[] key = new byte[1 + recordHead.length + entry.length - keyStart + 1];
        key[0] = 0x05;
        int at = copy(recordHead, 0, recordHead.length, key, 1);
        at = copy(entry, keyStart, split, key, at);
        key[at++] = 0x00;
        copy(entry, split, entry.length, key, at);
        return key;
    }

    /** A counter group's key. */
    public static byte[] counterKey(byte[] counterPrefix, byte[] group) {
        return uniqueEntry(counterPrefix, group);
    }

    private static int valueEnd(byte[] entry, int prefixLength, int arity) {
        int end = prefixLength;
        for (int i = 0; i < arity; i++) {
            end = Tuples.elementEnd(entry, end);
        }
        return end;
    }

    private int partitionEnd(byte[] recordKey) {
        int end = 1 + recordHead.length;
        for (int i = 0; i < partitionSize; i++) {
            end = Tuples.elementEnd(recordKey, end);
        }
        if (end >= recordKey.length || recordKey[end] != 0x00) {
            throw new CorruptDataException(entityName + ": " + Tuples.toString(recordKey) + " is not a record key");
        }
        return end;
    }

    private static int copy(byte[] from, int start, int end, byte[] to, int at) {
        System.arraycopy(from, start, to, at, end - start);
        return at + end - start;
    }
}
