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

    boolean hasNext() {
        return !heads.isEmpty();
    }

    /** The next hit in the merged order. */
    QueryHit<E> next() {
        QueryBranch<E> first = heads.poll();
        if (first == null) {
            throw new NoSuchElementException();
        }
        QueryHit<E> hit = first.next();
        requeue(first);
        while (!heads.isEmpty() && compare(heads.peek().peek(), hit) == 0) {
            QueryBranch<E> same = heads.poll();
            same.next();
            requeue(same);
        }
        return hit;
    }

    private void requeue(QueryBranch<E> branch) {
        if (branch.peek() != null) {
            heads.add(branch);
        }
    }

    private int compare(QueryHit<E> a, QueryHit<E> b) {
        return QueryHit.compare(a.order(), a.tie(), b.order(), b.tie(), reverse);
    }

    @Override
    public void close() {
        heads.clear();
        for (QueryBranch<E> branch : branches) {
            branch.close();
        }
    }
}
