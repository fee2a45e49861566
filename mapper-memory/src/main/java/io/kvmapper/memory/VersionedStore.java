package io.kvmapper.memory;

import io.kvmapper.StoreClosedException;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.spi.KeyRange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The committed data: a sorted map from keys, in unsigned lexicographic order, to each key's
 * {@linkplain VersionChain versions} (multi-version concurrency control).
 *
 * <p>A commit's stamped puts ({@link io.kvmapper.spi.KvTransaction#putStamped}) get the stamp
 * {@code (sequence, index)}, and are told to their callbacks under the commit lock, in commit order.
 *
 * <p>Reads name a {@link Snapshot} and take no lock. A commit checks for conflicts and installs its
 * versions under one lock, then publishes its sequence, so a reader sees all of a commit or none of it.
 *
 * <p>Versions no open snapshot can see are pruned, so memory follows the live data plus what open
 * snapshots still read: a key's chain is pruned whenever a commit writes the key, and a chain left with
 * versions (or a tombstone) kept for snapshots waits in a queue, ordered by the sequence from which on no
 * such snapshot can remain, until every snapshot before that sequence has closed. The queue holds each
 * chain at most once. Pruning runs under the commit lock, at each commit and when closing a snapshot lets
 * the oldest open one move past the head of the queue.
 */
final class VersionedStore {
    /** A chain in the prune queue, due once no snapshot reads before {@code due}. */
    private record Due(long due, byte[] key, VersionChain chain) {
    }

    /** A key and the value a commit leaves under it, {@code null} for a delete. */
    private record Resolved(byte[] key, byte[] value) {
    }

    private final String name;
    private final ConcurrentSkipListMap<byte[], VersionChain> chains =
            new ConcurrentSkipListMap<>(Arrays::compareUnsigned);
    private final Snapshots snapshots = new Snapshots();
    private final ReentrantLock commitLock = new ReentrantLock();
    private final PriorityQueue<Due> pruneQueue = new PriorityQueue<>(Comparator.comparingLong(Due::due));
    /** The head of the prune queue's due sequence, or {@link Long#MAX_VALUE}; read without the lock. */
    private volatile long nextDue = Long.MAX_VALUE;
    private volatile boolean closed;

    /** @param name how messages name the store */
    VersionedStore(String name) {
        this.name = name;
    }

    String name() {
        return name;
    }

    boolean isClosed() {
        return closed;
    }

    /** Registers a snapshot of the latest commit; close it when done reading. */
    Snapshot openSnapshot() {
        return new Snapshot(this, snapshots.open());
    }

    /** The committed value of {@code key} that a snapshot at {@code sequence} sees, or {@code null}. */
    byte[] read(byte[] key, long sequence) {
        VersionChain chain = chains.get(key);
        return chain == null ? null : chain.valueAt(sequence);
    }

    /**
     * The chains of the keys in {@code range}, streamed in key order or reversed; a chain may hold no value a
     * given snapshot sees. The iterator is the sorted map's own, weakly consistent: it returns every key
     * present throughout, which includes every key a registered snapshot sees a value under.
     */
    Iterator<Map.Entry<byte[], VersionChain>> chains(KeyRange range, boolean reverse) {
        if (range.isEmpty()) {
            return Collections.emptyIterator();
        }
        NavigableMap<byte[], VersionChain> view = chains.subMap(range.begin(), true, range.end(), false);
        return (reverse ? view.descendingMap() : view).entrySet().iterator();
    }

    /**
     * Commits a transaction that reads {@code snapshot}: if none of {@code checked} was written by a commit
     * after the snapshot, installs {@code writes} as one new version each, atomically, and releases the
     * snapshot before pruning, since the committed transaction reads no more and the versions only it could
     * see need not stay. Nothing is applied, and the snapshot is left to its owner, otherwise.
     *
     * @return {@code false} on a conflict
     * @throws StoreClosedException if the store is closed
     * @throws io.kvmapper.CorruptDataException if an add meets a stored value that is not a counter; nothing
     *     is applied
     */
    boolean commit(Snapshot snapshot, Collection<byte[]> checked, WriteBuffer writes) {
        commitLock.lock();
        try {
            if (closed) {
                throw new StoreClosedException(name + " is closed");
            }
            for (byte[] key : checked) {
                VersionChain chain = chains.get(key);
                if (chain != null && chain.lastWritten() > snapshot.sequence()) {
                    return false;
                }
            }
            if (writes.isEmpty()) {
                return true;
            }
            // Resolve every value first (adds apply to the latest committed value), so that a corrupt counter
            // fails the commit before anything is installed.
            List<Resolved> resolved = new ArrayList<>(writes.size());
            for (Map.Entry<byte[], PendingWrite> write : writes.entries()) {
                byte[] key = write.getKey();
                PendingWrite pending = write.getValue();
                byte[] before = pending.replaces() ? null : latestValue(key);
                resolved.add(new Resolved(key, pending.applyTo(key, before)));
            }
            long sequence = snapshots.committed() + 1;
            List<WriteBuffer.Stamped> stamped = writes.stamped();
            List<byte[]> stampedKeys = new ArrayList<>(stamped.size());
            for (int i = 0; i < stamped.size(); i++) {
                byte[] key = stampedKey(stamped.get(i).prefix(), sequence, i);
                stampedKeys.add(key);
                resolved.add(new Resolved(key, stamped.get(i).value()));
            }
            List<VersionChain> installed = new ArrayList<>(resolved.size());
            for (Resolved write : resolved) {
                installed.add(install(write.key(), write.value(), sequence));
            }
            snapshots.publish(sequence);
            // under the commit lock, so that every commit's keys are told in commit order
            for (int i = 0; i < stamped.size(); i++) {
                if (stamped.get(i).committed() != null) {
                    stamped.get(i).committed().accept(stampedKeys.get(i).clone());
                }
            }
            if (snapshot.detach()) {
                snapshots.release(snapshot.sequence());
            }
            long[] readers = snapshots.readers();
            for (int i = 0; i < installed.size(); i++) {
                prune(resolved.get(i).key(), installed.get(i), readers);
            }
            pruneDue();
            return true;
        } finally {
            commitLock.unlock();
        }
    }

    /**
     * The key of the {@code index}th stamped put of the commit {@code sequence}: the prefix, then the stamp, the
     * tuple {@code (sequence, index)}, so that stamped keys sort by commit and then in the order they were put.
     */
    private static byte[] stampedKey(byte[] prefix, long sequence, int index) {
        return new TupleWriter(prefix.length + 20).appendRaw(prefix).writeLong(sequence).writeLong(index)
                .toByteArray();
    }

    /** Unregisters a snapshot, pruning what it alone kept if it was the oldest. */
    void release(long sequence) {
        long horizon = snapshots.release(sequence);
        if (horizon >= nextDue) {
            commitLock.lock();
            try {
                if (!closed) {
                    pruneDue();
                }
            } finally {
                commitLock.unlock();
            }
        }
    }

    /** Refuses every later commit. Idempotent. Reads check {@link #isClosed()} themselves. */
    void close() {
        commitLock.lock();
        try {
            closed = true;
        } finally {
            commitLock.unlock();
        }
    }

    /** How many versions the store holds, tombstones included: for tests of pruning. */
    long versionCount() {
        long count = 0;
        for (VersionChain chain : chains.values()) {
            count += chain.size();
        }
        return count;
    }

    /** How many snapshots are open, for tests that check none leaks. */
    int openSnapshotCount() {
        return snapshots.openCount();
    }

    private byte[] latestValue(byte[] key) {
        VersionChain chain = chains.get(key);
        return chain == null ? null : chain.latestValue();
    }

    /** Adds a version of {@code key}, {@code null} for a delete. Commit lock held, before publishing. */
    private VersionChain install(byte[] key, byte[] value, long sequence) {
        VersionChain chain = chains.get(key);
        if (chain == null) {
            chain = new VersionChain(sequence, value);
            chains.put(key, chain);
        } else {
            chain.add(sequence, value);
        }
        return chain;
    }

    /** Prunes one chain, removes its key if only an unneeded tombstone is left, or queues it for later. */
    private void prune(byte[] key, VersionChain chain, long[] readers) {
        chain.prune(readers);
        if (chain.isForgettable(readers)) {
            chains.remove(key, chain);
        } else if (chain.needsPruning() && !chain.queued) {
            chain.queued = true;
            pruneQueue.add(new Due(chain.settlesAt(), key, chain));
        }
    }

    /**
     * Prunes the queued chains that are due: no open snapshot reads before their due sequence. Commit lock
     * held.
     *
     * <p>A snapshot released while this runs may have read the old {@link #nextDue} and left the pruning to
     * the lock holder, so the horizon is read again after {@code nextDue} is published, and the pruning
     * repeated if it moved past it; a release after that reads the new {@code nextDue} and prunes itself.
     * So once no commit or release is running, no due chain is left waiting.
     */
    private void pruneDue() {
        long[] readers;
        do {
            readers = snapshots.readers();
            long horizon = horizon(readers);
            while (!pruneQueue.isEmpty() && pruneQueue.peek().due() <= horizon) {
                Due due = pruneQueue.poll();
                due.chain().queued = false;
                if (chains.get(due.key()) == due.chain()) {
                    prune(due.key(), due.chain(), readers);
                }
            }
            nextDue = pruneQueue.isEmpty() ? Long.MAX_VALUE : pruneQueue.peek().due();
        } while (horizon(snapshots.readers()) >= nextDue);
    }

    /** The oldest sequence an open snapshot reads at, or the last commit if none is open. */
    private long horizon(long[] readers) {
        return readers.length == 0 ? snapshots.committed() : readers[0];
    }
}
