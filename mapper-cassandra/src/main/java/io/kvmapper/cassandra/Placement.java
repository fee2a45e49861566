package io.kvmapper.cassandra;

import io.kvmapper.spi.KeyRange;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.zip.CRC32C;

/**
 * Where a partition's rows are stored. A key's <em>partition</em> is its first tuple element
 * ({@link PartitionRange#partitionLength}); the value of the {@code partition} column, its <em>stored
 * partition</em>, is that element itself, or for a bucketed partition ({@link BucketedPartitions}) the element
 * followed by one byte, the bucket: the CRC-32C of the <em>bucket key</em> modulo the number of buckets. The
 * bucket key is the key's sort key (the bytes after the partition), or, in a partition placed by value
 * ({@link BucketedPartitions#byValue}), the sort key's first element ({@link PartitionRange#firstElementLength}):
 * there every key of one value (an index value, a counter group's first component) lies in one bucket, so a range
 * inside one value is read from that bucket alone. Every key of a stored partition therefore starts with its
 * partition, and the partition can be read back from a stored one: its first tuple element.
 */
final class Placement {
    /** The most buckets: the bucket is one byte. */
    static final int MAX_BUCKETS = 256;

    private final Predicate<byte[]> bucketed;
    private final Predicate<byte[]> byValue;
    private final int buckets;

    /** Buckets chosen by the whole sort key in every bucketed partition, as tables made before buckets by value. */
    Placement(Predicate<byte[]> bucketed, int buckets) {
        this(bucketed, BucketedPartitions.none(), buckets);
    }

    /**
     * @param bucketed the partitions spread over buckets
     * @param byValue the bucketed partitions whose keys are placed by their sort key's first element
     * @param buckets how many buckets; 1 means none is bucketed
     */
    Placement(Predicate<byte[]> bucketed, Predicate<byte[]> byValue, int buckets) {
        this.bucketed = bucketed;
        this.byValue = byValue;
        this.buckets = buckets;
    }

    /** How many buckets a bucketed partition has; 1 means none is bucketed. */
    int buckets() {
        return buckets;
    }

    /** Whether {@code partition} is spread over buckets. */
    boolean isBucketed(byte[] partition) {
        return buckets > 1 && bucketed.test(partition);
    }

    /** The stored partition of the key with partition {@code partition} and sort key {@code sortKey}. */
    ByteBuffer stored(byte[] partition, byte[] sortKey) {
        if (!isBucketed(partition)) {
            return ByteBuffer.wrap(partition);
        }
        int length = byValue.test(partition) ? valueLength(sortKey) : sortKey.length;
        return ByteBuffer.wrap(withBucket(partition, bucket(sortKey, length, buckets)));
    }

    /** Every stored partition of {@code partition}: itself, or one per bucket. */
    List<byte[]> storedPartitions(byte[] partition) {
        if (!isBucketed(partition)) {
            return List.of(partition);
        }
        List<byte[]> all = new ArrayList<>(buckets);
        for (int bucket = 0; bucket < buckets; bucket++) {
            all.add(withBucket(partition, bucket));
        }
        return all;
    }

    /**
     * The stored partitions that hold the keys of {@code range}: in a partition placed by value, the one bucket of
     * the value when every key of the range starts with one (an index finder of one value, a page of it, a range
     * inside one value); otherwise {@link #storedPartitions(byte[]) every one}.
     */
    List<byte[]> storedPartitions(PartitionRange range) {
        byte[] partition = range.partition();
        if (!isBucketed(partition) || !byValue.test(partition) || range.to() == null) {
            return storedPartitions(partition);
        }
        int length = PartitionRange.firstElementLength(range.from());
        if (length <= 0) {
            return storedPartitions(partition);
        }
        byte[] value = Arrays.copyOf(range.from(), length);
        if (Arrays.compareUnsigned(range.to(), KeyRange.strinc(value)) > 0) {
            return storedPartitions(partition);
        }
        return List.of(withBucket(partition, bucket(value, length, buckets)));
    }

    /** How much of {@code sortKey} places it in a partition placed by value: its first element, else all of it. */
    private static int valueLength(byte[] sortKey) {
        int length = PartitionRange.firstElementLength(sortKey);
        return length < 0 ? sortKey.length : length;
    }

    /** The partition a stored partition belongs to. */
    static byte[] partitionOf(byte[] stored) {
        int length = PartitionRange.partitionLength(stored);
        return length == stored.length ? stored : Arrays.copyOf(stored, length);
    }

    /** The bucket of a sort key: its CRC-32C modulo {@code buckets}, a fixed function, since it places data. */
    static int bucket(byte[] sortKey, int buckets) {
        return bucket(sortKey, sortKey.length, buckets);
    }

    /** The bucket of the first {@code length} bytes of {@code sortKey}. */
    private static int bucket(byte[] sortKey, int length, int buckets) {
        CRC32C crc = new CRC32C();
        crc.update(sortKey, 0, length);
        return (int) (crc.getValue() % buckets);
    }

    private static byte[] withBucket(byte[] partition, int bucket) {
        byte[] stored = Arrays.copyOf(partition, partition.length + 1);
        stored[partition.length] = (byte) bucket;
        return stored;
    }
}
