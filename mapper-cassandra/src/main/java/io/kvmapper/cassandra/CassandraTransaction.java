package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.NoNodeAvailableException;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvMapperException;
import io.kvmapper.StorageException;
import io.kvmapper.StoreClosedException;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A unit of work on Cassandra: <strong>atomic, not isolated</strong>. Cassandra has no transactions across
 * partitions, so this is what holds, exactly:
 *
 * <ul>
 *   <li><b>Buffered writes.</b> {@code put}, {@code delete}, {@code deleteRange}, {@code add},
 *       {@code release} and {@code writeIfUnchanged} only change a buffer in this object; nothing reaches
 *       Cassandra before {@link #commit()}, and {@link #close()} without commit discards it.</li>
 *   <li><b>Reads</b> ({@code get}, {@code getAll}, {@code peek}, {@code scan}) read the store <em>as it is
 *       now</em>, at the read consistency level, with the buffer applied on top. There is no snapshot: two
 *       reads of one key may see different committed values.</li>
 *   <li><b>Claims</b> ({@link #claim}) are lightweight transactions ({@code INSERT ... IF NOT EXISTS}, Paxos at
 *       the serial consistency level) made at once: of two transactions claiming one key, exactly one gets
 *       it, and the other sees the holder. A claim is withdrawn ({@code DELETE ... IF value = ?}) when the
 *       transaction is closed without committing, or its commit fails before applying anything; a commit
 *       whose outcome is unknown (a timeout) leaves it, so a value is never left unguarded, at the price of
 *       an orphaned claim that {@code repair()} releases.</li>
 *   <li><b>Commit</b>, in this order:
 *     <ol>
 *       <li>every {@link #writeIfUnchanged checked write}, each a lightweight transaction on its key
 *           ({@code UPDATE ... IF value = ?}, {@code INSERT ... IF NOT EXISTS}, {@code DELETE ... IF value = ?});
 *           if one finds its key changed, those applied before it are undone, the claims withdrawn, and commit
 *           throws {@link TransactionConflictException} having applied nothing;</li>
 *       <li>every {@code put}, {@code delete} and {@code deleteRange} as one batch: unlogged when it touches one
 *           partition (Cassandra applies it atomically and in isolation), logged when it touches several (all
 *           of it is eventually applied or none, but a reader may see some partitions changed before others).
 *           The batch's writes carry one timestamp, its range deletions the one before, so the commit's own
 *           writes survive its own range deletions. A logged batch larger than the cluster's
 *           {@code batch_size_fail_threshold} is refused with an {@link InvalidRequestException};</li>
 *       <li>every {@link #release}, a conditional delete each: a claim is given up only once the change
 *           that gives it up is in the store;</li>
 *       <li>the counter adds, as a counter batch: not atomic with the other writes nor across partitions,
 *           and not idempotent, so never retried. If the commit fails there, the other writes stand and some
 *           adds may be lost or (after a timeout) applied; the mapper's {@code verify()} and {@code repair()}
 *           reconcile the counters it maintains.</li>
 *     </ol></li>
 *   <li><b>No conflict detection</b> for plain reads and writes: two transactions that read and write the same
 *       keys both commit, the later write winning per cell. Only claims and checked writes are atomic
 *       read-modify-writes. A key written through them must only be written through them (Cassandra's
 *       lightweight transactions and plain writes order by different clocks), so mixing them on one key in
 *       a transaction is refused.</li>
 *   <li><b>Replacing a counter.</b> Cassandra cannot set a counter, nor reuse one safely after deleting it.
 *       A {@code put} of an 8-byte value, or a {@code delete}, of a key that has a counter reads the counter
 *       at commit and writes a base beside it ({@link StoredValues}), so the key reads as the value put, or
 *       as absent; later adds build on that. An add that races with that read is kept, as if it came after
 *       the put or delete. The counter row itself stays: a deleted counter key keeps two rows.</li>
 * </ul>
 *
 * <p>Used by one thread at a time. After commit (whether or not it succeeded) or close, every call, and
 * every cursor it opened, throws {@link StoreClosedException}.
 */
final class CassandraTransaction implements KvTransaction, Resource {
    private final CassandraBackend backend;
    private final CqlRequests requests;
    private final Claims claims;
    private final WriteSet writes;
    private final Set<Resource> cursors = ConcurrentHashMap.newKeySet();
    private volatile String endReason;

    CassandraTransaction(CassandraBackend backend) {
        this.backend = backend;
        this.requests = new CqlRequests(backend);
        this.claims = new Claims(backend.where(), requests, backend::failure);
        this.writes = new WriteSet(backend.where(), backend.layout(), claims);
    }

    // ---------------------------------------------------------------- reads

    /** {@inheritDoc} The store as it is now, with this transaction's writes on top; no conflict tracking. */
    @Override
    public byte[] get(byte[] key) {
        Objects.requireNonNull(key, "key");
        enter();
        return writes.read(key, backend::get);
    }

    /** {@inheritDoc} The same as {@link #get}: this transaction tracks no reads. */
    @Override
    public byte[] peek(byte[] key) {
        return get(key);
    }

    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        CassandraBackend.requireKeys(keys);
        enter();
        return writes.readAll(keys, backend::readAll);
    }

    /**
     * {@inheritDoc} The store's items as they are while the cursor advances (a page fetched later shows
     * later commits), merged with this transaction's writes; writes made after the cursor opened show in
     * it if they lie ahead of it. The cursor ends when the transaction commits or closes.
     */
    @Override
    public KvCursor scan(KeyRange range, ScanOptions options) {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(options, "options");
        enter();
        CursorBase cursor;
        if (range.isEmpty()) {
            cursor = new EmptyCursor(backend.where());
        } else if (writes.isEmpty()) {
            cursor = backend.openCursor(range, options);
        } else {
            cursor = new OverlayCursor(writes, backend.openCursor(range, new ScanOptions(options.reverse(), 0)), range,
                    options, backend::failure);
        }
        cursors.add(cursor);
        return cursor.trackedBy(cursors::remove);
    }

    /**
     * {@inheritDoc} With the transaction's writes on top, as {@link #scan}. A transaction that has written
     * resumes only a range inside one partition, which {@code after} then narrows: its writes cannot be merged
     * into a scan in token order.
     *
     * @throws InvalidRequestException for a range spanning partitions in a transaction that has written
     */
    @Override
    public KvCursor resume(KeyRange range, ScanOptions options, byte[] after) {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(after, "after");
        enter();
        if (writes.isEmpty()) {
            CursorBase cursor = backend.openCursor(range, options, after);
            cursors.add(cursor);
            return cursor.trackedBy(cursors::remove);
        }
        if (PartitionRange.within(range) == null) {
            throw new InvalidRequestException(backend.where() + ": a transaction that has written cannot resume a scan"
                    + " spanning partitions (" + range + "); resume it before writing, or outside the transaction");
        }
        return scan(CassandraBackend.narrowedAfter(range, options.reverse(), after), options);
    }

    // ---------------------------------------------------------------- writes, buffered

    @Override
    public void put(byte[] key, byte[] value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        enter();
        writes.put(key, value);
    }

    @Override
    public void delete(byte[] key) {
        Objects.requireNonNull(key, "key");
        enter();
        writes.delete(key);
    }

    /**
     * {@inheritDoc}
     *
     * <p>At commit, a range inside one partition is one CQL range deletion (on the data and chunk tables),
     * whatever it holds; counters in it are read and given a base that zeroes them. A range that spans
     * partitions is first resolved by listing every partition of the store, so keep ranges inside one
     * partition. A pending {@link #release} in the range stays (it finds nothing to release); a range that
     * holds a checked write or a claim of this transaction is refused.
     */
    @Override
    public void deleteRange(KeyRange range) {
        Objects.requireNonNull(range, "range");
        enter();
        writes.deleteRange(range);
    }

    /**
     * {@inheritDoc} Buffered like the other writes; at commit an increment of the key's counter row.
     *
     * @throws InvalidRequestException if the key's partition may not hold counters
     *     ({@link CassandraKvStore.Options#counterPartitions})
     */
    @Override
    public void add(byte[] key, long delta) {
        Objects.requireNonNull(key, "key");
        enter();
        writes.add(key, delta);
    }

    // ---------------------------------------------------------------- claims and checked writes

    /**
     * {@inheritDoc} A lightweight transaction made at once ({@code INSERT ... IF NOT EXISTS}); withdrawn if this
     * transaction does not commit. A claim for the holder of a {@link #release} made earlier in this
     * transaction takes the release back; a claim of a key this transaction has released for another holder
     * becomes a checked write at commit (the key must still hold that other holder then).
     *
     * @throws InvalidRequestException if {@code value} is empty or longer than the chunk size, or the key was
     *     written in this transaction other than by a claim or release
     */
    @Override
    public byte[] claim(byte[] key, byte[] value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        enter();
        return writes.settlesClaim(key, value) ? null : claims.claim(key, value);
    }

    /**
     * {@inheritDoc} Applied after the commit's batch, as {@code DELETE ... IF value = ?}.
     *
     * @throws InvalidRequestException if the key was written in this transaction other than by a claim
     */
    @Override
    public void release(byte[] key, byte[] holder) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(holder, "holder");
        enter();
        writes.release(key, holder);
    }

    /**
     * {@inheritDoc} A lightweight transaction at commit, before every other write of the commit.
     *
     * @throws InvalidRequestException if {@code expected} or {@code value} is longer than the chunk size (a
     *     checked value is one cell), or the key was written in this transaction other than by
     *     {@code writeIfUnchanged}
     */
    @Override
    public void writeIfUnchanged(byte[] key, byte[] expected, byte[] value) {
        Objects.requireNonNull(key, "key");
        enter();
        writes.writeIfUnchanged(key, expected, value);
    }

    // ---------------------------------------------------------------- commit and end

    /**
     * {@inheritDoc} Applies the buffer as described on the class: checked writes, one batch, the releases,
     * then the counter adds.
     *
     * @throws TransactionConflictException if a checked write found its key changed; nothing was applied
     * @throws StorageException if Cassandra failed; retryable for timeouts and unavailable replicas while
     *     nothing but the batch may have been applied, not once a checked write, release or counter add may
     *     have been
     * @throws InvalidRequestException if the writes do not fit in one batch
     */
    @Override
    public void commit() {
        enter();
        abortCursors("commit() ended its transaction");
        Commit commit = new Commit();
        try {
            commit.run();
        } catch (RuntimeException e) {
            if (!commit.mayHaveApplied) {
                claims.withdrawAll(e);
            }
            throw e;
        } finally {
            end(backend.where() + ": transaction " + (commit.done ? "has committed" : "failed to commit")
                    + "; begin a new one");
        }
    }

    /** Discards the buffer unless committed, withdraws the claims made, and ends the cursors. Idempotent. */
    @Override
    public void close() {
        if (endReason == null) {
            claims.withdrawAll(null);
            end(backend.where() + ": transaction is closed (rolled back)");
        }
    }

    @Override
    public void abort(String reason) {
        if (endReason == null) {
            claims.withdrawAll(null);
            end(reason);
        }
    }

    /** Checks that the transaction and its backend are still open. */
    void enter() {
        backend.enter();
        String ended = endReason;
        if (ended != null) {
            throw new StoreClosedException(ended);
        }
    }

    KvMapperException failure(String what, RuntimeException e) {
        return backend.failure(what, e);
    }

    private void end(String reason) {
        if (endReason != null) {
            return;
        }
        endReason = reason;
        abortCursors(reason);
        backend.forget(this);
    }

    private void abortCursors(String reason) {
        for (Resource cursor : List.copyOf(cursors)) {
            cursor.abort(reason);
        }
    }

    /** One run of {@link #commit()}, and what it may have applied so far. */
    private final class Commit {
        /** Whether anything may be in the store (besides claims): then claims are not withdrawn. */
        boolean mayHaveApplied;
        boolean done;

        void run() {
            if (writes.isEmpty()) {
                done = true;
                return;
            }
            Statements statements = backend.statements();
            long deletedAt = backend.nextTimestamps();
            List<PartitionRange> ranges;
            ReplacedCounters replaced;
            try {
                ranges = resolve(writes.deletedRanges());
                replaced = ReplacedCounters.read(writes, ranges, backend.layout(), requests);
            } catch (RuntimeException e) {
                throw failure("reading what a commit replaces", e);
            }

            CommitPlan plan = CommitPlan.of(writes, ranges, replaced, backend.layout(), deletedAt);
            List<BatchableStatement<?>> batch = bind(statements, plan.batch());
            List<BatchableStatement<?>> counterAdds = bind(statements, plan.counterAdds());
            String what = plan.description();
            plan.requireFits(backend.where());

            List<Map.Entry<byte[], BufferedOp.Checked>> applied = applyChecked(plan.checked());
            try {
                execute(batch, plan.batchType(), true, what);
            } catch (RuntimeException e) {
                if (definitelyNotApplied(e)) {
                    undo(applied, e); // nothing of the commit stays, unless a checked write cannot be undone
                    throw e;
                }
                mayHaveApplied = true;
                throw applied.isEmpty() ? e
                        : partial(e, "its checked writes were applied, and its other writes may have been");
            }
            mayHaveApplied = true;
            done = true;
            releaseAll(plan.releases());
            try {
                execute(counterAdds, BatchType.COUNTER, false, "counter adds of a commit (" + counterAdds.size()
                        + " keys)");
            } catch (StorageException e) {
                throw new StorageException(e.getMessage() + "; the commit's other writes were applied, and some of its"
                        + " counter adds may have been (counters are not idempotent, so they are not retried):"
                        + " verify() and repair() reconcile the counters the mapper maintains", e.getCause(), false);
            }
        }

        /**
         * Makes the checked writes, in key order, each a lightweight transaction. If one finds its key changed,
         * or fails, those before it are undone and nothing is applied.
         *
         * @return the checked writes applied
         * @throws TransactionConflictException if a key changed
         */
        private List<Map.Entry<byte[], BufferedOp.Checked>> applyChecked(List<Map.Entry<byte[], BufferedOp.Checked>> checked) {
            List<Map.Entry<byte[], BufferedOp.Checked>> applied = new ArrayList<>();
            for (Map.Entry<byte[], BufferedOp.Checked> write : checked) {
                byte[] key = write.getKey();
                boolean written;
                try {
                    written = requests.compareAndSet(key, write.getValue().expected(), write.getValue().value());
                } catch (RuntimeException e) {
                    // a timed-out lightweight transaction may have been applied: undo it too (conditionally)
                    applied.add(write);
                    KvMapperException failure = failure("checked write of key " + Tuples.toString(key), e);
                    undo(applied, failure);
                    throw failure;
                }
                if (!written) {
                    TransactionConflictException conflict = new TransactionConflictException(backend.where()
                            + ": key " + Tuples.toString(key) + " changed since this transaction read it (a checked"
                            + " write found another value); nothing of the transaction was applied");
                    undo(applied, conflict);
                    throw conflict;
                }
                applied.add(write);
            }
            return applied;
        }

        /**
         * Undoes applied checked writes, each only if its key still holds what this commit wrote. If one
         * cannot be undone, the commit is partly applied: {@code failure} is replaced by a non-retryable
         * exception saying so.
         */
        private void undo(List<Map.Entry<byte[], BufferedOp.Checked>> applied, RuntimeException failure) {
            List<String> stuck = new ArrayList<>();
            for (Map.Entry<byte[], BufferedOp.Checked> write : applied) {
                BufferedOp.Checked check = write.getValue();
                try {
                    byte[] key = write.getKey();
                    if (check.value() == null && check.expected() == null) {
                        continue;
                    }
                    if (!requests.compareAndSet(key, check.value(), check.expected()) && !holds(key, check.expected())) {
                        stuck.add(Tuples.toString(key) + " (changed again meanwhile)");
                    }
                } catch (RuntimeException e) {
                    failure.addSuppressed(e);
                    stuck.add(Tuples.toString(write.getKey()) + " (" + e.getMessage() + ")");
                }
            }
            if (!stuck.isEmpty()) {
                mayHaveApplied = true;
                throw partial(failure, "its checked writes of " + String.join(", ", stuck)
                        + " could not be undone, and its other writes were not applied");
            }
        }

        private boolean holds(byte[] key, byte[] expected) {
            byte[] now = backend.get(key);
            return Arrays.equals(now, expected);
        }

        private StorageException partial(RuntimeException cause, String detail) {
            return new StorageException(backend.where() + ": a commit failed part way: " + detail + " ("
                    + cause.getMessage() + "); verify() and repair() reconcile what the mapper maintains", cause,
                    false);
        }

        /**
         * Gives up the released claims, each with {@code DELETE ... IF value = ?}, after the writes that give
         * them up are in the store. A failed one leaves an orphaned claim, which keeps its key taken.
         */
        private void releaseAll(List<Map.Entry<byte[], BufferedOp.Release>> releases) {
            StorageException failure = null;
            for (Map.Entry<byte[], BufferedOp.Release> release : releases) {
                try {
                    requests.compareAndSet(release.getKey(), release.getValue().holder(), null);
                } catch (RuntimeException e) {
                    String what = backend.where() + ": the commit was applied, but releasing the claim on key "
                            + Tuples.toString(release.getKey()) + " failed (" + e.getMessage() + "); it keeps the"
                            + " key taken until repair() releases it";
                    if (failure == null) {
                        failure = new StorageException(what, e, false);
                    } else {
                        failure.addSuppressed(new StorageException(what, e, false));
                    }
                }
            }
            if (failure != null) {
                throw failure;
            }
        }
    }

    /** Whether a failed request certainly changed nothing: refused before it was applied anywhere. */
    private static boolean definitelyNotApplied(Throwable e) {
        Throwable cause = e instanceof KvMapperException && e.getCause() != null ? e.getCause() : e;
        return e instanceof InvalidRequestException || cause instanceof UnavailableException
                || cause instanceof InvalidQueryException || cause instanceof NoNodeAvailableException;
    }

    /** The ranges per partition; a range spanning partitions is intersected with every partition of the store. */
    private List<PartitionRange> resolve(List<KeyRange> ranges) {
        List<PartitionRange> resolved = new ArrayList<>();
        for (KeyRange range : ranges) {
            PartitionRange inOne = PartitionRange.within(range);
            if (inOne != null) {
                resolved.add(inOne);
                continue;
            }
            SpanningCursor.Partitions partitions = new SpanningCursor.Partitions(backend, null);
            Set<ByteBuffer> seen = new java.util.HashSet<>();
            for (byte[] stored = partitions.next(); stored != null; stored = partitions.next()) {
                byte[] partition = Placement.partitionOf(stored);
                PartitionRange part = PartitionRange.intersect(range, partition);
                if (part != null && seen.add(ByteBuffer.wrap(partition))) {
                    resolved.add(part);
                }
            }
        }
        return resolved;
    }

    private void execute(List<BatchableStatement<?>> statements, BatchType type, boolean idempotent, String what) {
        if (statements.isEmpty()) {
            return;
        }
        Statements prepared = backend.statements();
        try {
            if (statements.size() == 1 && statements.get(0) instanceof BoundStatement single) {
                backend.session().execute(prepared.write(single, idempotent));
            } else {
                backend.session().execute(prepared.write(BatchStatement.newInstance(type, statements), idempotent));
            }
        } catch (RuntimeException e) {
            throw failure(what, e);
        }
    }

    /** The statements of a commit, bound as they are planned: before anything of the commit is sent. */
    private static List<BatchableStatement<?>> bind(Statements statements, List<CqlWrite> writes) {
        List<BatchableStatement<?>> bound = new ArrayList<>(writes.size());
        for (CqlWrite write : writes) {
            bound.add(write.bind(statements));
        }
        return bound;
    }
}
