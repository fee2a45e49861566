package io.kvmapper.processor.query;

import io.kvmapper.processor.diagnostic.Message;
import io.kvmapper.processor.model.CounterModel;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.IndexModel;
import io.kvmapper.processor.query.parse.Operator;
import io.kvmapper.processor.query.parse.Subject;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Chooses how a derived query is served, by the rule of DESIGN.md: each {@code And} group needs a source (the key,
 * or an index) whose fields start with its equality predicates ({@code In} counting as one scan per value), then at
 * most one range; the other predicates filter the fetched entities. An {@code OrderBy} must be the order of the
 * serving source after its equalities; several scans ({@code Or}, {@code In}) merge by primary key when each comes
 * in key order, or in the {@code OrderBy} order when every scan serves it alike. A {@code countBy} whose
 * predicates are exactly a count {@code @Counter}'s groups reads the counter. A group nothing serves is an error
 * naming the index to add, unless the method allows a scan.
 */
final class QueryPlanner {
    private final EntityModel entity;
    private final List<Source> sources = new ArrayList<>();

    QueryPlanner(EntityModel entity) {
        this.entity = entity;
        sources.add(Source.key(entity));
        for (IndexModel index : entity.indexes()) {
            sources.add(Source.index(entity, index));
        }
    }

    /**
     * The plan of a method.
     *
     * @param method the method's name, for messages
     * @param groups the {@code Or} groups, each an {@code And} of predicates; empty for none
     * @throws PlanException if no plan serves it
     */
    QueryPlan plan(String method, Subject subject, List<List<QueryPredicate>> groups, List<OrderProperty> order,
            boolean allowScan) throws PlanException {
        if (subject == Subject.COUNT && groups.size() == 1) {
            CounterModel counter = counterFor(groups.get(0));
            if (counter != null) {
                return QueryPlan.counter(counter);
            }
        }
        List<List<QueryPredicate>> effective = groups.isEmpty() ? List.of(List.of()) : groups;
        boolean several = effective.size() > 1;
        boolean merges = several;
        List<BranchPlan> branches = new ArrayList<>();
        for (List<QueryPredicate> group : effective) {
            BranchPlan branch = planGroup(method, group, order, allowScan, several);
            merges |= branch.expands();
            branches.add(branch);
        }
        if (!merges) {
            return new QueryPlan(branches, QueryPlan.Merge.NONE, null, !order.isEmpty());
        }
        if (order.isEmpty()) {
            BranchPlan unordered = branches.stream().filter(b -> !inKeyOrder(b)).findFirst().orElse(null);
            if (unordered == null) {
                return new QueryPlan(branches, QueryPlan.Merge.KEY, null, false);
            }
            // not every scan comes in key order, but if all come alike in their sources' order, merge in that
            List<BranchPlan> inSourceOrder = branches.stream().map(b -> b.orderedFrom(b.prefix().size())).toList();
            try {
                checkAlike(method, inSourceOrder);
            } catch (PlanException e) {
                throw new PlanException(Message.QUERY_MERGE_ORDER, method, "the scan of "
                        + unordered.source().describe() + " comes in the order of "
                        + unordered.source().fields().get(unordered.prefix().size()).path().dotted()
                        + ", not in primary-key order, and the other scans do not come in that order");
            }
            return new QueryPlan(inSourceOrder, QueryPlan.Merge.ORDER, null, false);
        }
        checkAlike(method, branches);
        return new QueryPlan(branches, QueryPlan.Merge.ORDER, null, true);
    }

    /** A count {@code @Counter} whose groups are exactly the group's predicates, each fixing one value. */
    private CounterModel counterFor(List<QueryPredicate> group) {
        if (group.isEmpty() || group.stream().anyMatch(p -> !p.fixesOneValue())) {
            return null;
        }
        for (CounterModel counter : entity.counters()) {
            if (counter.sum().isPresent() || counter.groupBy().size() != group.size()) {
                continue;
            }
            boolean matches = counter.groupBy().stream()
                    .allMatch(path -> group.stream().anyMatch(p -> Source.samePath(p.path(), path)));
            if (matches) {
                return counter;
            }
        }
        return null;
    }

    /** What serves one {@code And} group best, and its order. */
    private BranchPlan planGroup(String method, List<QueryPredicate> group, List<OrderProperty> order,
            boolean allowScan, boolean merged) throws PlanException {
        Candidate best = null;
        Candidate bestIgnoringOrder = null;
        for (Source source : sources) {
            Candidate candidate = evaluate(source, group);
            if (candidate.consumed() == 0) {
                continue;
            }
            if (bestIgnoringOrder == null || candidate.betterThan(bestIgnoringOrder)) {
                bestIgnoringOrder = candidate;
            }
            if (candidate.servesOrder(order, group, merged) && (best == null || candidate.betterThan(best))) {
                best = candidate;
            }
        }
        if (best != null) {
            return best.plan(order, group, merged, false);
        }
        if (bestIgnoringOrder != null) {
            throw orderNotServed(method, order, bestIgnoringOrder);
        }
        if (!allowScan) {
            throw new PlanException(Message.QUERY_UNSERVABLE, method, entity.className().simpleName(),
                    group.isEmpty() ? "nothing it asks for (it has no predicate)" : QueryPredicate.describe(group),
                    entity.className().simpleName(), suggestion(group, order), entity.className().simpleName());
        }
        for (Source source : sources) {
            if (!source.holdsEveryEntity()) {
                continue;
            }
            Candidate scan = new Candidate(source, List.of(), List.of(), group);
            if (scan.servesOrder(order, group, merged)) {
                return scan.plan(order, group, merged, true);
            }
        }
        throw new PlanException(Message.QUERY_ORDER_NOT_SERVED, method, describe(order), "a scan of every "
                + entity.className().simpleName() + " (@AllowScan)", "primary-key order", suggestedFields(List.of(), order),
                entity.className().simpleName());
    }

    /** The longest prefix of equality (and In) predicates over the source's fields, then at most one range. */
    private Candidate evaluate(Source source, List<QueryPredicate> group) {
        List<QueryPredicate> remaining = new ArrayList<>(group);
        List<QueryPredicate> prefix = new ArrayList<>();
        for (int i = 0; i < source.fields().size(); i++) {
            Source.Field field = source.fields().get(i);
            boolean own = i < source.ownFields();
            QueryPredicate fixing = null;
            for (QueryPredicate predicate : remaining) {
                if (Source.samePath(predicate.path(), field.path()) && servesEquality(source, own, field, predicate)) {
                    fixing = predicate;
                    break;
                }
            }
            if (fixing == null) {
                break;
            }
            prefix.add(fixing);
            remaining.remove(fixing);
        }
        List<QueryPredicate> range = new ArrayList<>();
        if (prefix.size() < source.fields().size()) {
            Source.Field field = source.fields().get(prefix.size());
            if (!field.path().collection()) {
                QueryPredicate startingWith = null;
                QueryPredicate lower = null;
                QueryPredicate upper = null;
                for (QueryPredicate predicate : remaining) {
                    if (!Source.samePath(predicate.path(), field.path()) || predicate.operator().kind() != Operator.Kind.RANGE) {
                        continue;
                    }
                    if (predicate.operator() == Operator.STARTING_WITH) {
                        startingWith = startingWith == null ? predicate : startingWith;
                    } else if (predicate.operator() == Operator.BETWEEN) {
                        if (lower == null && upper == null) {
                            lower = predicate;
                            upper = predicate;
                        }
                    } else if (predicate.operator().bindsLower() && lower == null) {
                        lower = predicate;
                    } else if (predicate.operator().bindsUpper() && upper == null) {
                        upper = predicate;
                    }
                }
                if (startingWith != null) {
                    range.add(startingWith);
                } else {
                    if (lower != null) {
                        range.add(lower);
                    }
                    if (upper != null && upper != lower) {
                        range.add(upper);
                    }
                }
                remaining.removeAll(range);
            }
        }
        return new Candidate(source, prefix, range, remaining);
    }

    /**
     * Whether a source's field can be fixed by the predicate: any equality, In, True or False; IsNull only where
     * null values are stored (not in a unique index, which leaves them out, nor for a collection, whose null
     * has no entries).
     */
    private static boolean servesEquality(Source source, boolean own, Source.Field field, QueryPredicate predicate) {
        Operator operator = predicate.operator();
        if (operator.kind() == Operator.Kind.RANGE) {
            return false;
        }
        if (operator == Operator.IS_NULL) {
            return field.keyPart() == null && !field.path().collection() && !(own && source.unique());
        }
        return true;
    }

    private static boolean inKeyOrder(BranchPlan branch) {
        Source source = branch.source();
        return source.isKey() || branch.prefix().size() >= source.ownFields() && !branch.reverse();
    }

    /** Scans merged in the OrderBy order must compare alike after their prefixes. */
    private static void checkAlike(String method, List<BranchPlan> branches) throws PlanException {
        BranchPlan first = branches.get(0);
        for (BranchPlan branch : branches.subList(1, branches.size())) {
            String problem = null;
            if (branch.reverse() != first.reverse()) {
                problem = "its scans would run in opposite directions";
            } else if (branch.source().isKey() != first.source().isKey()) {
                problem = "it merges a scan of the primary key with a scan of an index, whose keys do not compare";
            } else if (first.source().isKey() && branch.orderFrom() != first.orderFrom()) {
                problem = "its scans of the primary key fix different numbers of components before the order";
            } else if (!first.source().isKey() && !sameTail(first, branch)) {
                problem = "the scans of " + first.source().describe() + " and " + branch.source().describe()
                        + " hold different fields after the ordered ones, so their keys do not compare";
            }
            if (problem != null) {
                throw new PlanException(Message.QUERY_MERGE_ORDER, method, problem);
            }
        }
    }

    private static boolean sameTail(BranchPlan a, BranchPlan b) {
        List<Source.Field> tailA = a.source().fields().subList(a.orderFrom(), a.source().fields().size());
        List<Source.Field> tailB = b.source().fields().subList(b.orderFrom(), b.source().fields().size());
        if (tailA.size() != tailB.size() || a.source().unique() != b.source().unique()) {
            return false;
        }
        for (int i = 0; i < tailA.size(); i++) {
            if (!Source.samePath(tailA.get(i).path(), tailB.get(i).path())
                    || tailA.get(i).descending() != tailB.get(i).descending()) {
                return false;
            }
        }
        return true;
    }

    private PlanException orderNotServed(String method, List<OrderProperty> order, Candidate best) {
        List<Source.Field> rest = best.source.fields().subList(best.prefix.size(), best.source.fields().size());
        String gives = rest.isEmpty() ? "one entity at most"
                : rest.stream().map(f -> f.path().dotted() + (f.descending() ? " desc" : "")).collect(Collectors.joining(", "));
        return new PlanException(Message.QUERY_ORDER_NOT_SERVED, method, describe(order), best.source.describe(), gives,
                suggestedFields(best.prefix, order), entity.className().simpleName());
    }

    /** The index that would serve the group: its equalities, then a range, then the order. */
    private String suggestion(List<QueryPredicate> group, List<OrderProperty> order) {
        List<QueryPredicate> fixing = new ArrayList<>();
        for (QueryPredicate predicate : group) {
            if (predicate.operator().kind() != Operator.Kind.RANGE) {
                fixing.add(predicate);
            }
        }
        group.stream().filter(p -> p.operator().kind() == Operator.Kind.RANGE).findFirst().ifPresent(fixing::add);
        return "@Index(fields = {" + suggestedFieldList(fixing, order) + "})";
    }

    private static String suggestedFields(List<QueryPredicate> prefix, List<OrderProperty> order) {
        return suggestedFieldList(prefix, order);
    }

    private static String suggestedFieldList(List<QueryPredicate> leading, List<OrderProperty> order) {
        Set<String> fields = new LinkedHashSet<>();
        leading.forEach(p -> fields.add(p.path().dotted()));
        order.forEach(o -> fields.add(o.path().dotted()));
        return fields.stream().map(f -> "\"" + f + "\"").collect(Collectors.joining(", "));
    }

    static String describe(List<OrderProperty> order) {
        return order.stream().map(OrderProperty::describe).collect(Collectors.joining(", "));
    }

    /** One way to serve a group: a source, the predicates it serves, and what is left to filter. */
    private static final class Candidate {
        private final Source source;
        private final List<QueryPredicate> prefix;
        private final List<QueryPredicate> range;
        private final List<QueryPredicate> filters;
        private boolean reverse;
        private int orderFrom = -1;

        Candidate(Source source, List<QueryPredicate> prefix, List<QueryPredicate> range, List<QueryPredicate> filters) {
            this.source = source;
            this.prefix = prefix;
            this.range = range;
            this.filters = filters;
        }

        int consumed() {
            return prefix.size() + range.size();
        }

        /** One entity at most: every field of a unique source fixed to one value. */
        boolean point() {
            return source.unique() && prefix.size() >= source.ownFields()
                    && prefix.stream().allMatch(QueryPredicate::fixesOneValue);
        }

        boolean betterThan(Candidate other) {
            if (point() != other.point()) {
                return point();
            }
            if (prefix.size() != other.prefix.size()) {
                return prefix.size() > other.prefix.size();
            }
            if (range.isEmpty() != other.range.isEmpty()) {
                return !range.isEmpty();
            }
            return source.isKey() && !other.source.isKey();
        }

        /**
         * Whether the source's order after some of its prefix is the OrderBy order, and in which direction. A
         * single scan may leave out of the OrderBy the properties the group fixes to one value; a merge may not,
         * since its scans compare what follows their prefixes.
         */
        boolean servesOrder(List<OrderProperty> order, List<QueryPredicate> group, boolean merged) {
            reverse = false;
            orderFrom = -1;
            if (order.isEmpty()) {
                return true;
            }
            if (matchFrom(order)) {
                return true;
            }
            if (merged) {
                return false;
            }
            List<OrderProperty> left = new ArrayList<>();
            for (OrderProperty property : order) {
                boolean fixed = group.stream().anyMatch(p -> p.fixesOneValue() && Source.samePath(p.path(), property.path()));
                if (!fixed) {
                    left.add(property);
                }
            }
            if (left.isEmpty()) {
                orderFrom = prefix.size();
                return true;
            }
            return matchFrom(left);
        }

        private boolean matchFrom(List<OrderProperty> order) {
            for (int from = prefix.size(); from >= 0; from--) {
                Boolean direction = directionFrom(from, order);
                if (direction != null) {
                    reverse = direction;
                    orderFrom = from;
                    return true;
                }
            }
            return false;
        }

        /** The scan direction that gives {@code order} from field {@code from} on, or null if none does. */
        private Boolean directionFrom(int from, List<OrderProperty> order) {
            Boolean reversed = null;
            List<Source.Field> fields = source.fields();
            for (int k = 0; k < order.size(); k++) {
                int at = from + k;
                if (at >= fields.size()) {
                    // past the last field of a unique source every entity has its own place: the rest cannot matter
                    return at > from && source.unique() ? (reversed == null ? Boolean.FALSE : reversed) : null;
                }
                if (!Source.samePath(order.get(k).path(), fields.get(at).path()) || fields.get(at).path().collection()) {
                    return null;
                }
                boolean r = order.get(k).descending() != fields.get(at).descending();
                if (reversed != null && reversed != r) {
                    return null;
                }
                reversed = r;
            }
            return reversed;
        }

        BranchPlan plan(List<OrderProperty> order, List<QueryPredicate> group, boolean merged, boolean scansAll) {
            servesOrder(order, group, merged);
            return new BranchPlan(source, prefix, range, filters, reverse, orderFrom, scansAll);
        }
    }

}
