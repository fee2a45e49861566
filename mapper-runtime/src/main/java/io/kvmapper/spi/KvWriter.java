package io.kvmapper.spi;

/**
 * Writes of the two-level map. Writes made through one {@link KvTransaction} become visible to
 * others together, when it commits.
 */
public interface KvWriter {
    /** Stores {@code value} under {@code key}, replacing any value there. */
    void put(byte[] key, byte[] value);

    /** Removes {@code key}; removing an absent key is not an error. */
    void delete(byte[] key);

    /**
     * Removes every key in {@code range}.
     *
     * <p>In a {@link KvTransaction} it removes the keys the transaction sees (its snapshot and its own
     * writes) as if by {@link #delete} on each, with the same conflict checks; like a scan, it does not
     * stop a concurrent transaction from inserting a new key into the range. Its cost may grow with
     * the number of keys in the range.
     */
    void deleteRange(KeyRange range);

    /**
     * Adds {@code delta} to the counter under {@code key} without reading it, so concurrent adds to
     * one key never conflict with each other.
     *
     * <p>A counter value is exactly 8 bytes, a signed two's-complement integer in little-endian order
     * (the FoundationDB and RocksDB {@code uint64add} convention); an absent key counts as zero, and
     * the sum wraps on overflow. Readers must check that a counter value is 8 bytes long
     * ({@link Counters#decode}); writing any other value under a counter key with {@link #put} is a
     * caller error that the backend does not detect.
     */
    void add(byte[] key, long delta);
}
