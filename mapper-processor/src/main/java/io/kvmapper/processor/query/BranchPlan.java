package io.kvmapper.processor.query;

import java.util.List;

/**
 * How one {@code And} group of a derived query is served: the source it scans, the predicates that fix its
 * leading fields (equalities, and {@code In}s, which make one scan per value), at most a range over the next
 * field, and the predicates left to filter the fetched entities.
 *
 * @param source what it scans
 * @param prefix one predicate per leading field of the source, in field order
 * @param range the predicates bounding the field after the prefix: none, one, or a lower and an upper bound
 * @param filters the predicates tested on the fetched entities
 * @param reverse whether the scan runs in descending key order
 * @param orderFrom where in the source's fields the merged order starts (the merge compares what follows the
 *     fields before it), or -1 when the query merges by primary key or does not merge
 * @param scansAll whether it scans the whole source (a method with {@code @AllowScan} that nothing serves)
 */
public record BranchPlan(Source source, List<QueryPredicate> prefix, List<QueryPredicate> range,
        List<QueryPredicate> filters, boolean reverse, int orderFrom, boolean scansAll) {
    public BranchPlan {
        prefix = List.copyOf(prefix);
        range = List.copyOf(range);
        filters = List.copyOf(filters);
    }

    /** Whether it makes more than one scan: an {@code In} in its prefix. */
    public boolean expands() {
        return prefix.stream().anyMatch(p -> !p.fixesOneValue());
    }

    /** Whether every partition component of the key is fixed, so that a scan of records stays in one partition. */
    public boolean staysInPartition(int partitionSize) {
        return !source.isKey() || prefix.size() >= partitionSize;
    }

    /** This plan merged from {@code from}. */
    BranchPlan orderedFrom(int from) {
        return new BranchPlan(source, prefix, range, filters, reverse, from, scansAll);
    }

    /** "index 'cityAndAge': address.city = city, then age >= age; filters nothing". */
    public String describe() {
        StringBuilder text = new StringBuilder(source.describe());
        if (scansAll) {
            text.append(", all of it (@AllowScan)");
        } else {
            text.append(": ").append(QueryPredicate.describe(prefix));
            if (!range.isEmpty()) {
                text.append(prefix.isEmpty() ? "" : ", then ").append(QueryPredicate.describe(range));
            }
        }
        if (reverse) {
            text.append(", in reverse");
        }
        text.append("; filters ").append(filters.isEmpty() ? "nothing" : QueryPredicate.describe(filters));
        return text.toString();
    }
}
