package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchType;
import io.kvmapper.KvMapperException;
import io.kvmapper.StorageException;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One commit of a transaction's write set, in the order {@link CassandraTransaction} states: the checked writes,
 * the batch, the releases, then the counter adds; and what is undone when a step fails. A checked write that
 * finds its key changed, or a batch refused before it was applied anywhere, has the checked writes applied before
 * it undone. A commit that fails while nothing of it may be in the store withdraws the transaction's claims; one
 * whose outcome is unknown (a timeout) keeps them, so that a value is never left unguarded.
 */
final class Commit {
    private final String where;
    private final WriteSet writes;
    private final Claims claims;
    private final StoreLayout layout;
    private final CommitStore store;
    private final Failures failures;
    /** Whether anything may be in the store (besides claims): then claims are not withdrawn. */
    private boolean mayHaveApplied;
    private boolean done;

    Commit(String where, WriteSet writes, Claims claims, StoreLayout layout, CommitStore store, Failures failures) {
        this.where = where;
        this.writes = writes;
        this.claims = claims;
        this.layout = layout;
        this.store = store;
        this.failures = failures;
    }

    /**
     * Applies the write set, and withdraws the claims if it fails while nothing of it may be in the store.
     *
     * @throws TransactionConflictException if a checked write found its key changed; nothing was applied
     * @throws StorageException if Cassandra failed; retryable while nothing but the batch may have been applied and
     *     nothing was to follow it (releases, counter adds), since a unit of work run again after its batch landed
     *     would not send those
     * @throws io.kvmapper.InvalidRequestException if the writes do not fit in one batch; nothing was sent
     */
    void run() {
        try {
            apply();
        } catch (RuntimeException e) {
            if (!mayHaveApplied) {
                claims.withdrawAll(e);
            }
            throw e;
        }
    }

    /** Whether the commit's writes were applied (its releases or counter adds may still have failed). */
    boolean done() {
        return done;
    }

    private void apply() {
        if (writes.isEmpty()) {
            done = true;
            return;
        }
        if (!writes.hasStamped()) {
            applyAt(store.nextTimestamps());
            return;
        }
        long deletedAt = store.beginStamped();
        Runnable committed = null;
        try {
            committed = writes.stamp(deletedAt + 1, store.stampClient());
            applyAt(deletedAt);
        } finally {
            store.endStamped(deletedAt, done ? committed : null);
        }
    }

    /** Applies the write set with {@code deletedAt} for its deletions and the next timestamp for its writes. */
    private void applyAt(long deletedAt) {
        List<PartitionRange> ranges;
        ReplacedCounters replaced;
        try {
            ranges = resolve(writes.deletedRanges());
            replaced = ReplacedCounters.read(writes, ranges, layout, store);
        } catch (RuntimeException e) {
            throw failures.of("reading what a commit replaces", e);
        }
        CommitPlan plan = CommitPlan.of(writes, ranges, replaced, layout, deletedAt);
        CommitStore.Request batch = bind(plan.batch(), plan.batchType(), true);
        CommitStore.Request counterAdds = bind(plan.counterAdds(), BatchType.COUNTER, false);
        // a mark only ever grows, and one too many costs a reader one read: sent first, and retried by the driver
        CommitStore.Request baseMarks = bind(plan.baseMarks(), BatchType.COUNTER, true);
        plan.requireFits(where);
        send(baseMarks, "marks of the data rows of a commit under counter keys (" + plan.baseMarks().size() + " keys)");

        List<Map.Entry<byte[], BufferedOp.Checked>> applied = applyChecked(plan.checked());
        try {
            send(batch, plan.description());
        } catch (RuntimeException e) {
            if (CassandraErrors.definitelyNotApplied(e)) {
                undo(applied, e); // nothing of the commit stays, unless a checked write cannot be undone
                throw e;
            }
            mayHaveApplied = true;
            if (!applied.isEmpty()) {
                throw partial(e, "its checked writes were applied, and its other writes may have been");
            }
            if (!plan.releases().isEmpty() || !plan.counterAdds().isEmpty()) {
                // Run again, the unit of work would see the batch's writes if they landed and so would not give up
                // the claims or add the counts that were to follow them: the outcome is unknown, not retryable.
                throw new StorageException(e.getMessage() + "; the commit's batch may have been applied, and its "
                        + "claim releases and counter adds were not sent, so it is not run again: verify() and "
                        + "repair() reconcile the claims and counters the mapper maintains", e.getCause(), false);
            }
            if (writes.hasStamped()) {
                // a change feed's entries: run again, the unit of work would append them once more, under new stamps
                throw new StorageException(e.getMessage() + "; the commit's batch may have been applied, with "
                        + "change feed entries that a second run would append again, so it is not run again",
                        e.getCause(), false);
            }
            throw e;
        }
        mayHaveApplied = true;
        done = true;
        releaseAll(plan.releases());
        try {
            send(counterAdds, "counter adds of a commit (" + plan.counterAdds().size() + " keys)");
        } catch (StorageException e) {
            if (CassandraErrors.definitelyNotApplied(e)) { // refused outright (a role without MODIFY, say)
                throw new StorageException(e.getMessage() + (plan.batch().isEmpty() ? ""
                        : "; the commit's other writes were applied, and its counter adds were not"), e.getCause(),
                        false);
            }
            throw new StorageException(e.getMessage() + "; the commit's other writes were applied, and some of its"
                    + " counter adds may have been (counters are not idempotent, so they are not retried):"
                    + " verify() and repair() reconcile the counters the mapper maintains", e.getCause(), false);
        }
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
            Set<ByteBuffer> seen = new HashSet<>();
            for (Iterator<byte[]> stored = store.storedPartitions(); stored.hasNext(); ) {
                byte[] partition = Placement.partitionOf(stored.next());
                PartitionRange part = PartitionRange.intersect(range, partition);
                if (part != null && seen.add(ByteBuffer.wrap(partition))) {
                    resolved.add(part);
                }
            }
        }
        return resolved;
    }

    /** The request that sends {@code statements}; one that sends nothing if there are none. */
    private CommitStore.Request bind(List<CqlWrite> statements, BatchType type, boolean idempotent) {
        return statements.isEmpty() ? () -> { } : store.bind(statements, type, idempotent);
    }

    private void send(CommitStore.Request request, String what) {
        try {
            request.send();
        } catch (RuntimeException e) {
            throw failures.of(what, e);
        }
    }

    /**
     * Makes the checked writes, in key order, each a lightweight transaction. If one finds its key changed,
     * or fails, those before it are undone and nothing is applied.
     *
     * @return the checked writes applied
     * @throws TransactionConflictException if a key changed
     */
    private List<Map.Entry<byte[], BufferedOp.Checked>> applyChecked(
            List<Map.Entry<byte[], BufferedOp.Checked>> checked) {
        List<Map.Entry<byte[], BufferedOp.Checked>> applied = new ArrayList<>();
        for (Map.Entry<byte[], BufferedOp.Checked> write : checked) {
            byte[] key = write.getKey();
            boolean written;
            try {
                written = store.compareAndSet(key, write.getValue().expected(), write.getValue().value());
            } catch (RuntimeException e) {
                if (!CassandraErrors.definitelyNotApplied(e)) {
                    // a timed-out lightweight transaction may have been applied: undo it too (conditionally);
                    // one the cluster refused (a role without MODIFY) was not, and undoing it would be refused too
                    applied.add(write);
                }
                KvMapperException failure = failures.of("checked write of key " + Tuples.toString(key), e);
                undo(applied, failure);
                throw failure;
            }
            if (!written) {
                TransactionConflictException conflict = new TransactionConflictException(where
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
                if (!store.compareAndSet(key, check.value(), check.expected()) && !holds(key, check.expected())) {
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
        byte[] now = store.get(key);
        return Arrays.equals(now, expected);
    }

    private StorageException partial(RuntimeException cause, String detail) {
        return new StorageException(where + ": a commit failed part way: " + detail + " ("
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
                store.compareAndSet(release.getKey(), release.getValue().holder(), null);
            } catch (RuntimeException e) {
                String what = where + ": the commit was applied, but releasing the claim on key "
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
