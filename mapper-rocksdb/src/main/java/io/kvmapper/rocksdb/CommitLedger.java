package io.kvmapper.rocksdb;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.ToLongFunction;
import org.rocksdb.RocksDBException;

/**
 * Optimistic concurrency control in Java for one RocksDB database: it numbers commits, serialises them,
 * and tells whether a transaction's keys were written by a commit it did not see.
 *
 * <p>It is sound only because every writer of the database is in this JVM and goes through this ledger:
 * RocksDB's {@code LOCK} file keeps the directory open in one instance at a time, and the backend writes
 * nothing but through {@link #commit}.
 *
 * <h2>Versions</h2>
 * Every commit that writes gets the next version and publishes it ({@link #committedVersion()}) after its
 * write is in RocksDB. A transaction reads the published version {@code v} and then takes its snapshot,
 * so the snapshot holds every commit up to {@code v} (and perhaps a later one that landed in between:
 * such a commit can only cause a false conflict, never a missed one).
 *
 * <h2>Stripes</h2>
 * Keys are hashed ({@link #hash}, 64 bits) into {@value #STRIPE_BITS}-bit stripes. Each stripe remembers
 * the hash and version of the last key written to it, and the highest version of a write to it by any
 * other key (the displaced version). A key whose hash is {@code h} was written after {@code v} only if
 * its stripe's last write has hash {@code h} and a version above {@code v}, or its displaced version is
 * above {@code v}: a conflict is never missed, and a false one needs two different keys of the stripe
 * written since {@code v} (or a 64-bit hash collision).
 *
 * <h2>Group commit</h2>
 * A commit queues its request and tries the commit lock. The thread that gets it (the leader) commits
 * the requests queued by then, its own and those of threads that are waiting, in queue order: each is
 * checked against the stripes as the requests before it in the group left them (so the second of two
 * requests of the group that write one key conflicts), and those that pass are written with one call
 * of the {@link GroupWriter} (one RocksDB write, so concurrent commits share a write-ahead-log write and
 * its {@code fsync}), in that order, before the group's last version is published. The leader then
 * wakes each thread of its group, whose commit is done, and after releasing the lock the thread of the
 * first request still queued, to lead the next group. A waiting thread never queues for the lock
 * itself: it would learn that its commit is done only after the next group's write.
 *
 * <p>A group's batches together hold at most the ledger's {@code maxGroupBytes} (a single larger batch
 * forms a group alone): the leader stops at the first request that passes its check but would exceed
 * that, and leaves it queued for the next group. So a group is always one write, which RocksDB applies
 * whole or not at all, and every member is told that write's outcome: a member told that its commit
 * failed can rely on it. (Splitting a large group into several writes instead would leave the members
 * of an earlier write stored when a later write failed, with no way to tell them apart.)
 *
 * <p>The stripes are one plain array guarded by the commit lock; the published version is volatile, for
 * {@link #committedVersion()} outside the lock.
 *
 * @param <B> a transaction's batch of writes
 */
final class CommitLedger<B> {
    /** log2 of the number of stripes: 2^16 stripes of 32 bytes, 2 MiB. */
    static final int STRIPE_BITS = 16;
    private static final int STRIPE_MASK = (1 << STRIPE_BITS) - 1;
    /** Each stripe's fields are adjacent (one memory fetch): the last hash, its version, the displaced version. */
    private static final int LAST_HASH = 0;
    private static final int LAST_VERSION = 1;
    private static final int DISPLACED_VERSION = 2;
    private static final int STRIPE_LONGS = 4;

    private final GroupWriter<B> writer;
    private final ToLongFunction<B> bytes;
    private final long maxGroupBytes;
    private final ReentrantLock lock = new ReentrantLock();
    private final Queue<Request<B>> queue = new ConcurrentLinkedQueue<>();
    private final long[] stripes = new long[STRIPE_LONGS << STRIPE_BITS];
    private volatile long committed;

    /**
     * Writes the batches of a group of commits that passed their checks, in order, all in one atomic
     * write: all of them are stored or, if it throws, none.
     */
    @FunctionalInterface
    interface GroupWriter<B> {
        void write(List<B> batches) throws RocksDBException;
    }

    /**
     * A ledger whose groups hold batches of at most {@code maxGroupBytes} together, as {@code bytes}
     * measures them (called only for groups of more than one batch), or one batch of any size.
     */
    CommitLedger(GroupWriter<B> writer, ToLongFunction<B> bytes, long maxGroupBytes) {
        this.writer = writer;
        this.bytes = bytes;
        this.maxGroupBytes = maxGroupBytes;
    }

    /** The version of the latest commit whose write is in RocksDB. */
    long committedVersion() {
        return committed;
    }

    /**
     * Runs {@code action} with the commit lock held, so that no commit is being written while it runs, then wakes
     * the first commit that queued meanwhile to lead the next group.
     */
    void whileNoCommit(Runnable action) {
        lock.lock();
        try {
            action.run();
        } finally {
            lock.unlock();
        }
        Request<B> next = queue.peek();
        if (next != null) {
            LockSupport.unpark(next.thread);
        }
    }

    /** How many commits wait for the commit lock, for tests of group commit. */
    int queuedCommits() {
        return queue.size();
    }

    /**
     * Commits a transaction that began at version {@code since}: checks that no key in {@code checked} was
     * written by a commit after {@code since}, then (if {@code written} is not empty) writes {@code batch},
     * stamps the stripes of {@code written} with the new version and publishes it, alone or in a group
     * with concurrent commits.
     *
     * @return false, having written nothing, if a checked key was written after {@code since}
     * @throws RocksDBException if the write failed (or the {@link GroupWriter}'s unchecked exception);
     *     nothing of this commit is in the store then, since its group was that one write
     */
    boolean commit(long since, KeyHashes checked, KeyHashes written, B batch) throws RocksDBException {
        if (checked.size() == 0 && written.size() == 0) {
            return true;
        }
        Request<B> request = new Request<>(since, checked, written, batch);
        queue.add(request);
        boolean interrupted = false;
        while (!request.done) {
            if (lock.tryLock()) {
                try {
                    if (!request.done) {
                        commitQueued();
                    }
                } finally {
                    lock.unlock();
                }
                // Requests queued during this group's write wait for a leader: wake the first of them.
                Request<B> next = queue.peek();
                if (next != null) {
                    LockSupport.unpark(next.thread);
                }
            } else {
                // The holder commits this request in its group, or wakes this thread when it is done.
                LockSupport.park(this);
                interrupted |= Thread.interrupted();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable failure = request.failure;
        if (failure instanceof RocksDBException e) {
            throw e;
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        return !request.conflicted;
    }

    /**
     * Commits the queued requests as one group, up to the first that would take its batches past
     * {@code maxGroupBytes}. Called with the commit lock held. Throws nothing: every request it takes from
     * the queue is finished, with the failure if anything failed, so that no waiting thread is ever left
     * waiting.
     */
    private void commitQueued() {
        List<Request<B>> group = new ArrayList<>();
        List<B> batches = new ArrayList<>();
        long groupBytes = 0;
        Throwable failure = null;
        long version = committed;
        try {
            // Only this thread takes requests off the queue, so the one peeked at is the one polled.
            for (Request<B> request = queue.peek(); request != null; request = queue.peek()) {
                if (conflicts(request)) {
                    queue.poll();
                    group.add(request);
                    request.conflicted = true;
                    continue;
                }
                if (request.written.size() > 0 && !batches.isEmpty()) {
                    if (batches.size() == 1) {
                        groupBytes = bytes.applyAsLong(batches.get(0));
                    }
                    long more = bytes.applyAsLong(request.batch);
                    if (groupBytes + more > maxGroupBytes) {
                        break;
                    }
                    groupBytes += more;
                }
                queue.poll();
                group.add(request);
                request.passed = true;
                if (request.written.size() > 0) {
                    version++;
                    for (int i = 0, n = request.written.size(); i < n; i++) {
                        stamp(request.written.get(i), version);
                    }
                    batches.add(request.batch);
                }
            }
            if (!batches.isEmpty()) {
                writer.write(batches);
            }
        } catch (RocksDBException | RuntimeException | Error e) {
            // Nothing of the group's writes is in the store: the write is one atomic write, or did not
            // happen. Its stamps stay: they can only cause false conflicts.
            failure = e;
        }
        // Published before any member is released, so that one that conflicted with another member of
        // this group and runs again sees that member's write.
        committed = version;
        for (Request<B> request : group) {
            // a member that writes, or one whose check the failure cut short, did not commit
            if (failure != null && !request.conflicted && (request.written.size() > 0 || !request.passed)) {
                request.failure = failure;
            }
            request.finish();
        }
    }

    /**
     * A 64-bit hash of a key: FNV-1a over the bytes, then the murmur3 finaliser so that the low bits, which
     * pick the stripe, depend on every byte.
     */
    static long hash(byte[] key) {
        long h = 0xcbf29ce484222325L;
        for (byte b : key) {
            h = (h ^ (b & 0xFF)) * 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    private boolean conflicts(Request<B> request) {
        for (int i = 0, n = request.checked.size(); i < n; i++) {
            if (writtenAfter(request.checked.get(i), request.since)) {
                return true;
            }
        }
        return false;
    }

    private boolean writtenAfter(long hash, long since) {
        int at = ((int) hash & STRIPE_MASK) * STRIPE_LONGS;
        return stripes[at + DISPLACED_VERSION] > since
                || (stripes[at + LAST_VERSION] > since && stripes[at + LAST_HASH] == hash);
    }

    private void stamp(long hash, long version) {
        int at = ((int) hash & STRIPE_MASK) * STRIPE_LONGS;
        long lastVersion = stripes[at + LAST_VERSION];
        if (stripes[at + LAST_HASH] != hash && lastVersion > stripes[at + DISPLACED_VERSION]) {
            stripes[at + DISPLACED_VERSION] = lastVersion;
        }
        stripes[at + LAST_HASH] = hash;
        stripes[at + LAST_VERSION] = version;
    }

    /**
     * One transaction's commit. Its outcome is set by the group's leader before {@link #done}, which its
     * thread reads.
     */
    private static final class Request<B> {
        final long since;
        final KeyHashes checked;
        final KeyHashes written;
        final B batch;
        final Thread thread = Thread.currentThread();
        boolean conflicted;
        boolean passed;
        Throwable failure;
        volatile boolean done;

        Request(long since, KeyHashes checked, KeyHashes written, B batch) {
            this.since = since;
            this.checked = checked;
            this.written = written;
            this.batch = batch;
        }

        void finish() {
            done = true;
            if (thread != Thread.currentThread()) {
                LockSupport.unpark(thread);
            }
        }
    }
}
