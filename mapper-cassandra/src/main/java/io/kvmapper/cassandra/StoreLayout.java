package io.kvmapper.cassandra;

import io.kvmapper.internal.layout.Area;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.Predicate;

/**
 * How a store lays out keys and values, as a transaction's parts need to know it: where a key is stored
 * ({@link Placement}), which partitions may hold counters ({@link CounterPartitions}), how long a value may be
 * before it is stored as chunks, how many keys one {@code IN} read asks for, which partitions may hold values
 * stored as chunks ({@link ChunkPartitions}), and whether the tables mark the data rows of counter keys in the
 * counter table ({@link Statements#marksBases()}).
 */
record StoreLayout(Placement placement, Predicate<byte[]> counterPartitions, int chunkSize, int keysPerRead,
        Predicate<byte[]> chunkPartitions, boolean marksBases) {
    /** A layout in which every partition may hold values stored as chunks, and no data row is marked. */
    StoreLayout(Placement placement, Predicate<byte[]> counterPartitions, int chunkSize, int keysPerRead) {
        this(placement, counterPartitions, chunkSize, keysPerRead, ChunkPartitions.all(), false);
    }

    /**
     * Whether {@code key} is read in the counter table first, and the data table only if the key is marked as having
     * a data row; and so whether a data row written under it must first be marked. True for the keys KV Mapper's
     * layout makes counters ({@link Area#isCounterKey}: counter groups, multimap counts, the fences of counter builds)
     * in a partition that may hold counters, where the tables mark them. Other keys are read in both tables at once,
     * and need no mark.
     *
     * @param partition the key's partition
     */
    boolean countsFirst(byte[] key, byte[] partition) {
        return marksBases && counterPartitions.test(partition) && Area.isCounterKey(key);
    }

    /**
     * Whether the partition may hold values stored as chunks, and so whether a put or delete there deletes the
     * key's chunks.
     */
    boolean mayHoldChunks(byte[] partition) {
        return chunkPartitions.test(partition);
    }

    /** Whether the partition may hold counters, and so whether a write there may replace one. */
    boolean mayHoldCounters(byte[] partition) {
        return counterPartitions.test(partition);
    }

    /** Where {@code key} is stored. */
    Location locate(byte[] key) {
        int length = PartitionRange.partitionLength(key);
        byte[] partition = Arrays.copyOf(key, length);
        ByteBuffer sortKey = ByteBuffer.wrap(Arrays.copyOfRange(key, length, key.length));
        return new Location(partition, placement.stored(partition, sortKey.array()), sortKey);
    }

    /**
     * A key as the tables hold it.
     *
     * @param partition the key's partition, its first tuple element
     * @param stored the {@code partition} column: the partition, or one of its buckets
     * @param sortKey the {@code key} column: the rest of the key
     */
    record Location(byte[] partition, ByteBuffer stored, ByteBuffer sortKey) {
    }
}
