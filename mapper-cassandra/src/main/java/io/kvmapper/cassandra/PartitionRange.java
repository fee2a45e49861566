package io.kvmapper.cassandra;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.internal.layout.KeyLimit;
import io.kvmapper.internal.tuple.TupleText;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.tuple.Tuples;
import java.util.Arrays;
import java.util.Locale;

/**
 * The part of a key range that lies in one partition, as bounds on the {@code key} column: keys
 * {@code partition + s} with {@code from <= s < to}, where a null {@code to} means no upper bound.
 *
 * @param partition the partition element, the {@code partition} column
 * @param from the first sort key in the range (possibly empty)
 * @param to the first sort key after the range, or {@code null} for the partition's end
 */
record PartitionRange(byte[] partition, byte[] from, byte[] to) {
    /** The longest value Cassandra accepts in a partition key or clustering column, in bytes. */
    static final int MAX_KEY_COLUMN = 65_535;

    private static final byte[] EMPTY = new byte[0];

    /**
     * The length of {@code key}'s partition: its first tuple element ({@link Tuples#partitionLength}), or,
     * where that element holds an escaped zero byte ({@code 00 FF}), the shortest prefix of the key that is
     * itself a complete element. The byte string {@code "p\0"} ({@code 01 70 00 FF 00}) thus lies in the
     * partition {@code "p"} ({@code 01 70 00}), so that every key that extends a partition's bytes lies in
     * that partition, and a range {@code [p, strinc(p))} is one partition's, as on an ordered store. Keys
     * whose first element holds no zero byte, which covers every partition the mapper writes, are split
     * as the tuple layer splits them.
     *
     * @throws InvalidRequestException if no prefix of the key is a tuple element
     */
    static int partitionLength(byte[] key) {
        int length = firstElementLength(key);
        if (length < 0) {
            throw new InvalidRequestException("key " + Tuples.toString(key) + " does not start with a tuple element;"
                    + " the Cassandra backend stores every key as (partition, sort key) and needs one");
        }
        return fits(key, length);
    }

    /**
     * The length of the first element of {@code bytes} as {@link #partitionLength} delimits a partition: the
     * strict tuple element, or the shortest prefix that is itself a complete element where that element holds an
     * escaped zero byte; -1 if no prefix is an element. Every byte string that extends such a prefix has the same
     * first element, so the bytes that start with it form one range.
     */
    static int firstElementLength(byte[] bytes) {
        if (bytes.length == 0) {
            return -1;
        }
        int strict = -1;
        try {
            strict = Tuples.partitionLength(bytes);
        } catch (RuntimeException notATuple) {
            // perhaps a complete element followed by bytes that continue it: looked for below
        }
        int limit = strict < 0 ? bytes.length : strict;
        for (int i = 0; i + 1 < limit; i++) {
            if (bytes[i] == 0 && bytes[i + 1] == (byte) 0xFF && isElement(bytes, i + 1)) {
                return i + 1;
            }
        }
        return strict;
    }

    /**
     * {@code length}, once the partition element and the sort key each fit Cassandra's limit of 65,535 bytes for
     * a key column (a longer one failed on the server, as a {@code StorageException}). The mapper's own writes
     * never get here with a longer one: it refuses every key over {@link io.kvmapper.KvStore#MAX_KEY_BYTES}
     * before writing, on every backend ({@link KeyLimit}); this check holds for whatever else writes through the
     * backend, and its message says the same.
     *
     * @throws InvalidRequestException if either is longer
     */
    private static int fits(byte[] key, int length) {
        if (length > MAX_KEY_COLUMN || key.length - length > MAX_KEY_COLUMN) {
            throw new InvalidRequestException("the key " + TupleText.abbreviated(key, KeyLimit.SHOWN_CHARS) + " is "
                    + String.format(Locale.ROOT, "%,d bytes (partition element %,d, sort key %,d), over the %,d",
                            key.length, length, key.length - length, MAX_KEY_COLUMN)
                    + " bytes Cassandra holds in a key column, and over the " + KeyLimit.limitText()
                    + "; shorten the key components or indexed values");
        }
        return length;
    }

    private static boolean isElement(byte[] key, int length) {
        try {
            return Tuples.elementEnd(Arrays.copyOf(key, length), 0) == length;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Whether {@code key}'s partition element is {@code partition}. */
    static boolean inPartition(byte[] key, byte[] partition) {
        return startsWith(key, partition);
    }

    /**
     * The range as bounds inside one partition, or {@code null} when the range is empty or spans (or may
     * span) several partitions: when its begin lies in a partition {@code p} ({@link #partitionLength}) and
     * its end is at most {@code strinc(p)}, the first key after every key that starts with {@code p}.
     */
    static PartitionRange within(KeyRange range) {
        if (range.isEmpty()) {
            return null;
        }
        byte[] begin = range.begin();
        int length;
        byte[] after;
        try {
            length = partitionLength(begin);
            after = KeyRange.strinc(Arrays.copyOf(begin, length));
        } catch (RuntimeException notOnePartition) {
            return null;
        }
        if (Arrays.compareUnsigned(range.end(), after) > 0) {
            return null;
        }
        byte[] partition = Arrays.copyOf(begin, length);
        return new PartitionRange(partition, Arrays.copyOfRange(begin, length, begin.length), sortKeyEnd(range.end(),
                partition));
    }

    /** The part of {@code range} inside {@code partition}, or {@code null} if none of it is. */
    static PartitionRange intersect(KeyRange range, byte[] partition) {
        byte[] begin = range.begin();
        byte[] from;
        if (startsWith(begin, partition)) {
            from = Arrays.copyOfRange(begin, partition.length, begin.length);
        } else if (Arrays.compareUnsigned(begin, partition) < 0) {
            from = EMPTY;
        } else {
            return null;
        }
        byte[] end = range.end();
        byte[] to;
        if (startsWith(end, partition)) {
            to = Arrays.copyOfRange(end, partition.length, end.length);
            if (Arrays.compareUnsigned(from, to) >= 0) {
                return null;
            }
        } else if (Arrays.compareUnsigned(end, partition) > 0) {
            to = null;
        } else {
            return null;
        }
        return new PartitionRange(partition, from, to);
    }

    /** The whole key of sort key {@code sortKey} in this partition. */
    byte[] key(byte[] sortKey) {
        byte[] key = Arrays.copyOf(partition, partition.length + sortKey.length);
        System.arraycopy(sortKey, 0, key, partition.length, sortKey.length);
        return key;
    }

    /** Whether the whole key {@code key} lies in this range. */
    boolean contains(byte[] key) {
        if (!startsWith(key, partition)) {
            return false;
        }
        byte[] sortKey = Arrays.copyOfRange(key, partition.length, key.length);
        return Arrays.compareUnsigned(sortKey, from) >= 0 && (to == null || Arrays.compareUnsigned(sortKey, to) < 0);
    }

    private static byte[] sortKeyEnd(byte[] end, byte[] partition) {
        // An end that does not start with the partition is strinc(partition): the partition's end.
        return startsWith(end, partition) ? Arrays.copyOfRange(end, partition.length, end.length) : null;
    }

    private static boolean startsWith(byte[] bytes, byte[] prefix) {
        return bytes.length >= prefix.length && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PartitionRange that && Arrays.equals(partition, that.partition)
                && Arrays.equals(from, that.from) && Arrays.equals(to, that.to);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(partition) + Arrays.hashCode(from)) + Arrays.hashCode(to);
    }

    @Override
    public String toString() {
        return "PartitionRange[" + Tuples.toString(partition) + ", from " + java.util.HexFormat.of().formatHex(from)
                + ", to " + (to == null ? "end" : java.util.HexFormat.of().formatHex(to)) + "]";
    }
}
