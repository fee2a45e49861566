package io.kvmapper.internal.operations;

import io.kvmapper.spi.KeyRange;
import java.util.Objects;

/**
 * One ordered scan that a derived query reads: a range of the entity's record keys, or a range of one index's
 * entries (relative to the index's own prefix, which the query adds), forward or in reverse. Generated query
 * methods build the ranges from their arguments with {@link io.kvmapper.internal.layout.ComponentRanges} and
 * hand the scans to an {@link EntityQuery}, which merges them when there are several. Immutable.
 */
public final class QueryScan {
    private final String index;
    private final KeyRange range;
    private final boolean reverse;
    private final byte[] orderPrefix;
    private final boolean spansPartitions;

    private QueryScan(String index, KeyRange range, boolean reverse, byte[] orderPrefix, boolean spansPartitions) {
        this.index = index;
        this.range = Objects.requireNonNull(range, "range");
        this.reverse = reverse;
        this.orderPrefix = orderPrefix;
        this.spansPartitions = spansPartitions;
    }

    /**
     * The records whose keys lie in {@code range}.
     *
     * @param spansPartitions whether the range may hold records of more than one partition (the query fixes
     *     fewer than all partition components), which a backend that is not globally ordered returns in its
     *     own scan order
     */
    public static QueryScan records(KeyRange range, boolean spansPartitions) {
        return new QueryScan(null, range, false, null, spansPartitions);
    }

    /** The entries of index {@code name} whose keys, after the index's prefix, lie in {@code relativeRange}. */
    public static QueryScan index(String name, KeyRange relativeRange) {
        return new QueryScan(Objects.requireNonNull(name, "name"), relativeRange, false, null, false);
    }

    /** The same scan, in descending key order. */
    public QueryScan reversed() {
        return new QueryScan(index, range, !reverse, orderPrefix, spansPartitions);
    }

    /**
     * The same scan, merged with the query's other scans in the order of what follows {@code prefix} in its keys:
     * for an index, relative to the index's prefix, the values before the first one the merge orders by; for
     * records, the key prefix before the first component it orders by. The query's scans must all be alike
     * after their prefixes (the processor checks it), so that their keys compare.
     */
    public QueryScan mergedAfter(byte[] prefix) {
        return new QueryScan(index, range, reverse, Objects.requireNonNull(prefix, "prefix"), spansPartitions);
    }

    /** The index scanned, or null for records. */
    String index() {
        return index;
    }

    /** The range: of record keys, or of index entry keys after the index's prefix. */
    KeyRange range() {
        return range;
    }

    boolean reverse() {
        return reverse;
    }

    /** The prefix that a merge in scan order compares keys after, or null (the whole key). */
    byte[] orderPrefix() {
        return orderPrefix;
    }

    boolean spansPartitions() {
        return spansPartitions;
    }

    boolean isRecords() {
        return index == null;
    }
}
