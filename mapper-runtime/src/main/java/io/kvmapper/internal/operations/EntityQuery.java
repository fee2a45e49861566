package io.kvmapper.internal.operations;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * One call of a derived query method: the scans that serve it ({@link QueryScan}), each with the predicates it
 * does not serve as a filter, how several scans merge, and a limit; then one terminal operation that runs it.
 * Generated {@code _Impl} classes build one per call, on the entity's {@link EntityOperations}, so a query inside
 * {@code with(tx)} reads in that unit of work.
 *
 * <p>Several scans ({@code Or}, {@code In}) are merged without duplicates, by primary key ({@link #inKeyOrder()}:
 * each scan must come in key order) or by what follows each scan's order prefix ({@link QueryScan#mergedAfter},
 * the order of an {@code OrderBy}). A page's continuation holds the merged position, so every scan resumes after
 * it, also in another process; it is bound to the method and its arguments ({@code binding}).
 *
 * <p>On a backend that is not globally ordered (Cassandra), a scan of records across partitions comes in the
 * backend's scan order; a method that promises an order over such a scan ({@code OrderBy}, {@code First} or
 * {@code Top}, or a merge with other scans) is refused with {@link InvalidRequestException}, so that it never
 * answers in an order it did not promise.
 *
 * @param <E> the entity type
 */
public final class EntityQuery<E> {
    /** How many records a {@code deleteBy} deletes per unit of work. */
    static final int DELETE_BATCH = 256;

    private final EntityOperations<E> operations;
    private final String method;
    private final byte[] binding;
    private final List<QueryScan> scans = new ArrayList<>();
    private final List<Predicate<? super E>> filters = new ArrayList<>();
    private boolean keyOrder;
    private boolean ordered;
    private int limit;

    private EntityQuery(EntityOperations<E> operations, String method, byte[] binding) {
        this.operations = Objects.requireNonNull(operations, "operations");
        this.method = Objects.requireNonNull(method, "method");
        this.binding = Objects.requireNonNull(binding, "binding");
    }

    /**
     * A query of {@code method} on {@code operations}.
     *
     * @param method the method, as messages name it ({@code Users.findByAgeBetween})
     * @param binding the method's arguments, encoded: a page's continuation resumes only the same method with the
     *     same arguments
     */
    public static <E> EntityQuery<E> of(EntityOperations<E> operations, String method, byte[] binding) {
        return new EntityQuery<>(operations, method, binding);
    }

    /** Adds a scan whose every entity matches. */
    public EntityQuery<E> scan(QueryScan scan) {
        return scan(scan, null);
    }

    /** Adds a scan, keeping only the entities {@code filter} accepts (null: every one). */
    public EntityQuery<E> scan(QueryScan scan, Predicate<? super E> filter) {
        if (!scans.isEmpty() && scans.get(0).reverse() != scan.reverse()) {
            throw new IllegalArgumentException(method + ": the scans of one query run in one direction");
        }
        scans.add(Objects.requireNonNull(scan, "scan"));
        filters.add(filter);
        return this;
    }

    /** Merges the scans by primary key; each must come in key order. */
    public EntityQuery<E> inKeyOrder() {
        keyOrder = true;
        return this;
    }

    /** Says that the method promises an order ({@code OrderBy}). */
    public EntityQuery<E> ordered() {
        ordered = true;
        return this;
    }

    /** Stops after {@code n} entities ({@code First}, {@code Top<n>}). */
    public EntityQuery<E> limit(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("limit " + n);
        }
        limit = n;
        return this;
    }

    // ---- terminal operations

    /**
     * Runs a terminal operation, timed for the store's {@link io.kvmapper.OperationListener} as a {@code query}
     * (for a stream: until it is opened). {@code work} is a method reference that captures nothing, so a store
     * without a listener allocates nothing here and reads no clock.
     */
    private <A, T> T timed(Timing.Work1<EntityQuery<E>, A, T> work, A argument) {
        return Timing.timed(operations.store(), operations.entityName(), "query", work, this, argument);
    }

    /** Every entity found, in the query's order, at most the limit. */
    public List<E> list() {
        return timed(EntityQuery::listNow, null);
    }

    private List<E> listNow(Object unused) {
        List<E> found = new ArrayList<>();
        try (MergedHits<E> hits = open(true, limit, null)) {
            while ((limit == 0 || found.size() < limit) && hits.hasNext()) {
                found.add(hits.next().entity());
            }
        }
        return found;
    }

    /** The entities found, streamed lazily in the query's order; the stream holds cursors until closed. */
    public Stream<E> stream() {
        return timed(EntityQuery::streamNow, null);
    }

    private Stream<E> streamNow(Object unused) {
        MergedHits<E> hits = open(operations, true, limit, true, null);
        Spliterator<E> entities = new Spliterators.AbstractSpliterator<>(Long.MAX_VALUE,
                Spliterator.ORDERED | Spliterator.NONNULL) {
            private int taken;

            @Override
            public boolean tryAdvance(Consumer<? super E> action) {
                if ((limit > 0 && taken == limit) || !hits.hasNext()) {
                    return false;
                }
                taken++;
                action.accept(hits.next().entity());
                return true;
            }
        };
        return StreamSupport.stream(entities, false).onClose(hits::close);
    }

    /** One page of the entities found, resuming after the request's continuation. */
    public Page<E> page(PageRequest request) {
        return timed(EntityQuery::pageNow, request);
    }

    private Page<E> pageNow(PageRequest request) {
        if (request == null) {
            throw new InvalidRequestException(method + ": a paged query needs a PageRequest, not null; ask for the"
                    + " first page with PageRequest.ofSize(n)");
        }
        byte[][] after = request.continuation().map(this::positionOf).orElse(null);
        List<E> items = new ArrayList<>(Math.min(request.size(), 256));
        QueryHit<E> last = null;
        boolean more = false;
        try (MergedHits<E> hits = open(true, request.size() + 1, after)) {
            while (hits.hasNext()) {
                if (items.size() == request.size()) {
                    more = true;
                    break;
                }
                last = hits.next();
                items.add(last.entity());
            }
        }
        return new Page<>(items, more ? Optional.of(Continuations.encodeQuery(binding(), last.position()))
                : Optional.empty());
    }

    /** The first entity found, if any. */
    public Optional<E> first() {
        return timed(EntityQuery::firstNow, null);
    }

    private Optional<E> firstNow(Object unused) {
        try (MergedHits<E> hits = open(true, 1, null)) {
            return hits.hasNext() ? Optional.of(hits.next().entity()) : Optional.empty();
        }
    }

    /**
     * The one entity found, if any.
     *
     * @throws InvalidRequestException if the query finds more than one
     */
    public Optional<E> one() {
        return timed(EntityQuery::oneNow, null);
    }

    private Optional<E> oneNow(Object unused) {
        try (MergedHits<E> hits = open(true, 2, null)) {
            if (!hits.hasNext()) {
                return Optional.empty();
            }
            E found = hits.next().entity();
            if (hits.hasNext()) {
                throw new InvalidRequestException(method + ": found more than one " + operations.entityName()
                        + ", and the method returns one; return a List, or ask for the first with findFirst...By");
            }
            return Optional.of(found);
        }
    }

    /**
     * How many entities the query finds; without filters it counts index entries or record keys and fetches no
     * entity.
     */
    public long count() {
        return timed(EntityQuery::countNow, null);
    }

    private long countNow(Object unused) {
        long count = 0;
        try (MergedHits<E> hits = open(false, 0, null)) {
            while (hits.hasNext()) {
                hits.next();
                count++;
            }
        }
        return count;
    }

    /** Whether the query finds an entity; stops at the first. */
    public boolean exists() {
        return timed(EntityQuery::existsNow, null);
    }

    private boolean existsNow(Object unused) {
        try (MergedHits<E> hits = open(true, 1, null)) {
            return hits.hasNext();
        }
    }

    /**
     * Deletes the entities the query finds, with their index entries and counter contributions, in units of work
     * of at most {@value #DELETE_BATCH} (inside {@code with(tx)}, in that one), each deleting an entity only if it
     * still {@code matches} as the unit of work reads it.
     *
     * @param matches the whole query as a test of one entity
     * @return how many were deleted
     */
    public long delete(Predicate<? super E> matches) {
        return timed(EntityQuery::deleteNow, matches);
    }

    private long deleteNow(Predicate<? super E> matches) {
        Objects.requireNonNull(matches, "matches");
        long deleted = 0;
        byte[][] after = null;
        while (true) {
            byte[][] from = after;
            Batch batch = operations.inTransaction() ? deleteBatch(operations, from, matches)
                    : operations.store().transactResult(tx -> deleteBatch(operations.with(tx), from, matches));
            deleted += batch.deleted();
            if (batch.last() == null) {
                return deleted;
            }
            after = QueryHit.parsePosition(batch.last());
        }
    }

    /** What one unit of work of a delete did: how many it deleted, and where it stopped (null: at the end). */
    private record Batch(long deleted, byte[] last) {
    }

    private Batch deleteBatch(EntityOperations<E> in, byte[][] after, Predicate<? super E> matches) {
        List<byte[]> keys = new ArrayList<>();
        byte[] last = null;
        boolean more = false;
        try (MergedHits<E> hits = open(in, true, DELETE_BATCH + 1, false, after)) {
            while (hits.hasNext()) {
                if (keys.size() == DELETE_BATCH) {
                    more = true;
                    break;
                }
                QueryHit<E> hit = hits.next();
                keys.add(hit.recordKey());
                last = hit.position();
            }
        }
        long deleted = 0;
        for (byte[] key : keys) {
            if (in.deleteIf(key, matches)) {
                deleted++;
            }
        }
        return new Batch(deleted, more ? last : null);
    }

    // ---- plumbing

    private MergedHits<E> open(boolean fetch, int limitHint, byte[][] after) {
        return open(operations, fetch, limitHint, false, after);
    }

    private MergedHits<E> open(EntityOperations<E> on, boolean fetch, int limitHint, boolean lazy, byte[][] after) {
        requireOrderedScans();
        List<QueryBranch<E>> branches = new ArrayList<>(scans.size());
        try {
            for (int i = 0; i < scans.size(); i++) {
                Predicate<? super E> filter = filters.get(i);
                branches.add(new QueryBranch<>(on, scans.get(i), filter, keyOrder, fetch, limitHint, lazy, after));
            }
            return new MergedHits<>(branches, !scans.isEmpty() && scans.get(0).reverse());
        } catch (RuntimeException e) {
            branches.forEach(QueryBranch::close);
            throw e;
        }
    }

    /**
     * Refuses, on a backend that is not globally ordered, a scan of records across partitions where the method
     * promises an order: that scan comes in the backend's own order.
     */
    private void requireOrderedScans() {
        if (operations.store().backend().isGloballyOrdered()) {
            return;
        }
        String promise = ordered ? "its OrderBy" : limit > 0 ? "First/Top (the first in an order)"
                : scans.size() > 1 ? "a merge of " + scans.size() + " scans in one order" : null;
        if (promise == null) {
            return;
        }
        for (QueryScan scan : scans) {
            if (scan.isRecords() && scan.spansPartitions()) {
                throw new InvalidRequestException(method + ": it scans " + operations.entityName() + " records across"
                        + " partitions, which " + operations.store().backend() + " returns partition by partition in"
                        + " its own order, not in key order, so it cannot keep " + promise + "; give every partition"
                        + " component of the key an equality predicate, or serve the method with an index"
                        + " (docs/queries.md)");
            }
        }
    }

    private byte[][] positionOf(String continuation) {
        byte[][] position = QueryHit.parsePosition(Continuations.queryPosition(method, continuation, binding()));
        if (position == null) {
            throw new InvalidRequestException(method + ": cannot resume from continuation \"" + continuation
                    + "\": it holds no position; pass the continuation of a page of the same method with the same"
                    + " arguments");
        }
        return position;
    }

    /** What a continuation is bound to: the method and its arguments. */
    private byte[] binding() {
        byte[] name = method.getBytes(StandardCharsets.UTF_8);
        byte[] all = java.util.Arrays.copyOf(name, name.length + 1 + binding.length);
        System.arraycopy(binding, 0, all, name.length + 1, binding.length);
        return all;
    }
}
