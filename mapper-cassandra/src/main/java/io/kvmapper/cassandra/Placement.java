package io.kvmapper.cassandra;

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
 * followed by one byte, the bucket: the CRC-32C of the key's sort key (the bytes after the partition) modulo
 * the number of buckets. Every key of a stored partition therefore starts with its partition, and the
 * partition can be read back from a stored one: its first tuple element.
 */
final class Placement {
    /** The most buckets: the bucket is one byte. */
    static final int MAX_BUCKETS = 256;

    private final Predicate<byte[]> bucketed;
    private final int buckets;

    Placement(Predicate<byte[]> bucketed, int buckets) {
        this.bucketed = bucketed;
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
        return ByteBuffer.wrap(withBucket(partition, bucket(sortKey, buckets)));
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

    /** The partition a stored partition belongs to. */
    static byte[] partitionOf(byte[] stored) {
        int length = PartitionRange.partitionLength(stored);
        return length == stored.length ? stored : Arrays.copyOf(stored, length);
    }

    /** The bucket of a sort key: its CRC-32C modulo {@code buckets}, a fixed function, since it places data. */
    static int bucket(byte[] sortKey, int buckets) {
        CRC32C crc = new CRC32C();
        crc.update(sortKey);
        return (int) (crc.getValue() % buckets);
    }

    private static byte[] withBucket(byte[] partition, int bucket) {
        byte[] stored = Arrays.copyOf(partition, partition.length + 1);
        stored[partition.length] = (byte) bucket;
        return stored;
    }
}
