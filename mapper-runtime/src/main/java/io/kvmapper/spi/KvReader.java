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
 * {@link KvBackend#isGloballyOrdered()}, and on the others in the backend's <em>scan order</em>
 * ({@link KvBackend#compareInScanOrder}): each partition's keys in order (or, where the backend stores a
 * partition in several parts, each part's), the partitions or parts in an order of the backend's own that
 * every scan follows. {@link #resume} takes a scan up again after a key.
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
     * Items are fetched in bounded batches as the cursor advances, never all at once. With
     * {@link ScanOptions#keysOnly()} every item's value is the empty array.
     */
    KvCursor scan(KeyRange range, ScanOptions options);

    /**
     * Resumes a scan after {@code after}: the items {@link #scan scan(range, options)} returns after the point
     * where a key {@code after} (stored or not) would come, in the order that scan returns them. Paged finders
     * and online builds resume through here, passing the last key they got, so that a scan spanning
     * partitions, taken up again, returns every item once also where partitions are not in key order.
     *
     * <p>In key order (a globally ordered backend, and any range inside one partition) that is a scan of the
     * range narrowed to the keys above {@code after}, or below it in reverse: the default. A backend that is
     * not globally ordered overrides it for ranges that span partitions, following its scan order
     * ({@link KvBackend#compareInScanOrder}).
     */
    default KvCursor resume(KeyRange range, ScanOptions options, byte[] after) {
        if (options.reverse()) {
            byte[] end = java.util.Arrays.compareUnsigned(after, range.end()) < 0 ? after : range.end();
            return scan(new KeyRange(range.begin(), end), options);
        }
        byte[] next = KeyRange.successor(after);
        byte[] begin = java.util.Arrays.compareUnsigned(next, range.begin()) > 0 ? next : range.begin();
        return scan(new KeyRange(begin, range.end()), options);
    }
}
