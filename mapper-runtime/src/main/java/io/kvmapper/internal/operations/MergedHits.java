package io.kvmapper.internal.operations;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;

/**
 * The hits of several scans merged into one ordered stream without duplicates: a k-way merge on the hits'
 * order, where equal positions are one record found by several scans and come out once (the first scan's copy;
 * each scan has filtered its own). Holds every scan's cursor until closed.
 *
 * @param <E> the entity type
 */
final class MergedHits<E> implements AutoCloseable {
    private final List<QueryBranch<E>> branches;
    private final PriorityQueue<QueryBranch<E>> heads;
    private final boolean reverse;
    /** Branches whose hit was just taken: peeked again only when another hit is asked for. */
    private final List<QueryBranch<E>> taken = new java.util.ArrayList<>();

    MergedHits(List<QueryBranch<E>> branches, boolean reverse) {
        this.branches = branches;
        this.reverse = reverse;
        this.heads = new PriorityQueue<>(Math.max(1, branches.size()), (a, b) -> compare(a.peek(), b.peek()));
        for (QueryBranch<E> branch : branches) {
            if (branch.peek() != null) {
                heads.add(branch);
            }
        }
    }

    /** Whether another hit follows; reads ahead in the branches the last hit came from, as far as they need. */
    boolean hasNext() {
        requeue();
        return !heads.isEmpty();
    }

    /** The next hit in the merged order. */
    QueryHit<E> next() {
        requeue();
        QueryBranch<E> first = heads.poll();
        if (first == null) {
            throw new NoSuchElementException();
        }
        QueryHit<E> hit = first.next();
        taken.add(first);
        while (!heads.isEmpty() && compare(heads.peek().peek(), hit) == 0) {
            QueryBranch<E> same = heads.poll();
            same.next();
            taken.add(same);
        }
        return hit;
    }

    /**
     * Puts back the branches the last hit came from. Done only when another hit is asked for, so that a query that
     * has what it needs ({@code findFirst}, a full page) reads nothing more.
     */
    private void requeue() {
        for (QueryBranch<E> branch : taken) {
            if (branch.peek() != null) {
                heads.add(branch);
            }
        }
        taken.clear();
    }

    private int compare(QueryHit<E> a, QueryHit<E> b) {
        return a.compareTo(b, reverse);
    }

    @Override
    public void close() {
        heads.clear();
        for (QueryBranch<E> branch : branches) {
            branch.close();
        }
    }
}
