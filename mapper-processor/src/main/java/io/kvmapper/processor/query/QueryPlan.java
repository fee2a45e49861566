package io.kvmapper.processor.query;

import io.kvmapper.processor.model.CounterModel;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How a derived query is answered: a counter read, or one scan per {@code Or} group (each expanding into one
 * scan per value of an {@code In}), merged when there are several.
 *
 * @param branches the groups' plans; empty when a counter answers
 * @param merge how the scans merge
 * @param counter the counter that answers a {@code countBy}, or null
 * @param ordered whether the method has an {@code OrderBy} its scans serve
 */
public record QueryPlan(List<BranchPlan> branches, Merge merge, CounterModel counter, boolean ordered) {
    /** How several scans come together. */
    public enum Merge {
        /** One scan: no merge. */
        NONE,
        /** By primary key, each scan being in key order. */
        KEY,
        /** In the {@code OrderBy} order, which every scan serves. */
        ORDER
    }

    public QueryPlan {
        branches = List.copyOf(branches);
    }

    /** A plan that reads one group of {@code counter}. */
    static QueryPlan counter(CounterModel counter) {
        return new QueryPlan(List.of(), Merge.NONE, counter, false);
    }

    /** Whether some scan covers the whole entity. */
    public boolean scansAll() {
        return branches.stream().anyMatch(BranchPlan::scansAll);
    }

    /** The plan as the note on the method says it. */
    public String describe() {
        if (counter != null) {
            return "served by counter '" + counter.name() + "', one read";
        }
        if (branches.size() == 1 && merge == Merge.NONE) {
            return "served by " + branches.get(0).describe();
        }
        String scans = branches.stream().map(b -> "[" + b.describe() + "]").collect(Collectors.joining(" or "));
        String expands = branches.stream().anyMatch(BranchPlan::expands) ? ", one scan per value of each In" : "";
        return "served by a merge" + expands + " of " + scans + (merge == Merge.KEY ? ", in primary-key order"
                : ordered ? ", in the OrderBy order" : ", in the order of the fields after the equalities")
                + ", without duplicates";
    }
}
