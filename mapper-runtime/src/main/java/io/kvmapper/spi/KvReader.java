package io.kvmapper.spi;

import java.util.List;

/**
 * Reads of the two-level map.
 *
 * <h2>Keys and order</h2>
 * Keys are byte strings compared as unsigned bytes, lexicographically; a key that is a prefix of
 * another sorts first. Every key the mapper writes is a FoundationDB tuple whose first element is its
 * <em>partition</em> ({@link io.kvmapper.tuple.Tuples#partitionLength}); the rest is the sort key within
 * the partition. A scan whose range lies inside one partition returns keys in order on every backend.
 * A scan across partitions is in key order on backends that report
 * {@link KvBackend#isGloballyOrdered()}, and in an unspecified partition order (each partition still
 * sorted) on the others.
 *
 * <h2>Returned arrays</h2>
 * Returned arrays belong to the caller; the backend keeps no reference to them.
 */
public interface KvReader {
    /** The value stored under {@code key}, or {@code null} if there is none. */
    byte[] get(byte[] key);

    /**
     * The values of several keys in one round trip, in the order of {@code keys}, with {@code null}
     * for each absent key.
     */
    List<byte[]> getAll(List<byte[]> keys);

    /**
     * Streams the items whose keys lie in {@code range}, in ascending key order, or descending with
     * {@link ScanOptions#reverse()}, stopping after {@link ScanOptions#limit()} items if it is not zero.
     * Items are fetched in bounded batches as the cursor advances, never all at once.
     */
    KvCursor scan(KeyRange range, ScanOptions options);
}
