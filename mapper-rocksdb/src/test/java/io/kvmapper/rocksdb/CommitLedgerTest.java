package io.kvmapper.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rocksdb.RocksDBException;

/**
 * The ledger's conflict check where keys share a stripe, which the conformance suite cannot reach on
 * purpose (a conflict must never be missed, and one key of a stripe must not make the others conflict),
 * and its group commit, which a test cannot force through a store. Batches are strings here, as many
 * bytes as characters.
 */
@Timeout(60)
class CommitLedgerTest {
    private static final int STRIPE_MASK = (1 << CommitLedger.STRIPE_BITS) - 1;

    /** What each call of the writer wrote: the batches, named by strings. */
    private final List<List<String>> writes = new CopyOnWriteArrayList<>();
    private volatile CommitLedger.GroupWriter<String> writer = batches -> writes.add(List.copyOf(batches));
    private CommitLedger<String> ledger = ledgerOfGroupsUpTo(Long.MAX_VALUE);

    @Test
    void aKeyWrittenSinceTheBeginConflictsAndOneWrittenBeforeDoesNot() throws Exception {
        byte[] key = bytes("a");
        long before = ledger.committedVersion();
        assertTrue(commitWriting(before, key));
        long after = ledger.committedVersion();
        assertEquals(before + 1, after);
        assertFalse(commitChecking(before, key), "written after the begin");
        assertTrue(commitChecking(after, key), "written before the begin");
    }

    @Test
    void anotherKeyOfTheSameStripeWrittenMeanwhileIsNoConflict() throws Exception {
        byte[][] keys = twoKeysOfOneStripe();
        long begin = ledger.committedVersion();
        assertTrue(commitWriting(begin, keys[1]));
        assertTrue(commitWriting(ledger.committedVersion(), keys[1]));
        assertTrue(commitChecking(begin, keys[0]), "only the other key of the stripe was written");
        assertFalse(commitChecking(begin, keys[1]));
    }

    @Test
    void aKeyWrittenAndThenDisplacedFromItsStripeStillConflicts() throws Exception {
        byte[][] keys = twoKeysOfOneStripe();
        long begin = ledger.committedVersion();
        assertTrue(commitWriting(begin, keys[0]));
        assertTrue(commitWriting(ledger.committedVersion(), keys[1]));
        assertFalse(commitChecking(begin, keys[0]), "the stripe's last write is another key's");
        assertTrue(commitChecking(ledger.committedVersion(), keys[0]));
    }

    @Test
    void aConflictingCommitWritesNothingAndPublishesNoVersion() throws Exception {
        byte[] key = bytes("a");
        long begin = ledger.committedVersion();
        assertTrue(commitWriting(begin, key));
        int writesBefore = writes.size();
        KeyHashes hashes = hashes(key);
        assertFalse(ledger.commit(begin, hashes, hashes, "stale"));
        assertEquals(writesBefore, writes.size());
        assertEquals(begin + 1, ledger.committedVersion());
    }

    @Test
    void aFailedWriteFailsTheCommitAndMakesNoLaterOneMissAConflict() throws Exception {
        byte[] key = bytes("a");
        long begin = ledger.committedVersion();
        KeyHashes hashes = hashes(key);
        RocksDBException diskFull = new RocksDBException("disk full");
        writer = batches -> {
            throw diskFull;
        };
        assertSame(diskFull, assertThrows(RocksDBException.class, () -> ledger.commit(begin, hashes, hashes, "x")));
        writer = batches -> writes.add(List.copyOf(batches));
        long after = ledger.committedVersion();
        assertTrue(commitWriting(after, key), "a transaction that began after the failure sees no conflict");
    }

    @Test
    void commitsQueuedWhileOneWritesAreWrittenTogetherAndCheckedInOrder() throws Exception {
        CountDownLatch firstWriting = new CountDownLatch(1);
        CountDownLatch releaseFirst = new CountDownLatch(1);
        writer = batches -> {
            writes.add(List.copyOf(batches));
            if (batches.contains("first")) {
                firstWriting.countDown();
                await(releaseFirst);
            }
        };
        long begin = ledger.committedVersion();
        int queued = 4;
        List<Long> publishedAtConflict = new CopyOnWriteArrayList<>();
        ExecutorService executor = Executors.newFixedThreadPool(1 + queued);
        try {
            Future<Boolean> first = executor.submit(() -> ledger.commit(begin, hashes(bytes("f")),
                    hashes(bytes("f")), "first"));
            await(firstWriting);
            List<Future<Boolean>> others = new ArrayList<>();
            for (int i = 0; i < queued; i++) {
                // Every other one writes the key "same": of each such pair only the first in the group passes.
                byte[] key = bytes(i % 2 == 0 ? "same" : "own-" + i);
                String name = "queued-" + i;
                others.add(executor.submit(() -> {
                    boolean committed = ledger.commit(begin, hashes(key), hashes(key), name);
                    if (!committed) {
                        publishedAtConflict.add(ledger.committedVersion());
                    }
                    return committed;
                }));
            }
            while (ledger.queuedCommits() < queued) {
                Thread.onSpinWait();
            }
            releaseFirst.countDown();
            assertTrue(first.get(10, TimeUnit.SECONDS));
            int passed = 0;
            for (Future<Boolean> other : others) {
                passed += other.get(10, TimeUnit.SECONDS) ? 1 : 0;
            }
            assertEquals(queued - 1, passed, "two queued commits wrote \"same\"; the later one conflicts");
        } finally {
            executor.shutdownNow();
            assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
        }
        assertEquals(2, writes.size(), "the first commit, then every queued one in a single write: " + writes);
        assertEquals(List.of("first"), writes.get(0));
        assertEquals(queued - 1, writes.get(1).size());
        assertEquals(begin + 1 + queued - 1, ledger.committedVersion());
        assertEquals(List.of(begin + 1 + queued - 1), publishedAtConflict,
                "the member that lost to another of its group is released only once the group is published, so"
                        + " that, run again, it sees the winner's write");
    }

    @Test
    void everyCommitOfAGroupWhoseWriteFailsGetsTheFailure() throws Exception {
        CountDownLatch firstWriting = new CountDownLatch(1);
        CountDownLatch releaseFirst = new CountDownLatch(1);
        IllegalStateException broken = new IllegalStateException("the writer broke");
        writer = batches -> {
            if (batches.contains("first")) {
                firstWriting.countDown();
                await(releaseFirst);
                return;
            }
            throw broken;
        };
        long begin = ledger.committedVersion();
        int queued = 3;
        ExecutorService executor = Executors.newFixedThreadPool(1 + queued);
        try {
            Future<Boolean> first = executor.submit(() -> ledger.commit(begin, hashes(bytes("f")),
                    hashes(bytes("f")), "first"));
            await(firstWriting);
            List<Future<Boolean>> others = new ArrayList<>();
            for (int i = 0; i < queued; i++) {
                byte[] key = bytes("own-" + i);
                String name = "queued-" + i;
                others.add(executor.submit(() -> ledger.commit(begin, hashes(key), hashes(key), name)));
            }
            while (ledger.queuedCommits() < queued) {
                Thread.onSpinWait();
            }
            releaseFirst.countDown();
            assertTrue(first.get(10, TimeUnit.SECONDS));
            for (Future<Boolean> other : others) {
                ExecutionException e = assertThrows(ExecutionException.class, () -> other.get(10, TimeUnit.SECONDS));
                assertSame(broken, e.getCause());
            }
        } finally {
            executor.shutdownNow();
            assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void aGroupEndsBeforeTheBatchThatWouldTakeItPastTheLimitWhichLeadsTheNextGroup() throws Exception {
        ledger = ledgerOfGroupsUpTo(16);
        long begin = ledger.committedVersion();
        List<String> queued = List.of("queued-0", "queued-1", "a batch longer than 16", "queued-3", "queued-4");
        List<Future<Boolean>> commits = commitBehindAWritingOne(begin, queued);
        for (Future<Boolean> commit : commits) {
            assertTrue(commit.get(10, TimeUnit.SECONDS));
        }
        assertEquals(List.of(List.of("first"), List.of("queued-0", "queued-1"), List.of("a batch longer than 16"),
                List.of("queued-3", "queued-4")), writes, "each group one write of at most 16 bytes, or one batch");
        assertEquals(begin + 1 + queued.size(), ledger.committedVersion());
    }

    /**
     * A group is one write, so a failed write fails exactly its members: those of the groups before and
     * after it commit, and the stamps of every written key stay, so that a transaction that began before
     * still conflicts with them.
     */
    @Test
    void aFailedWriteFailsOnlyTheMembersOfItsGroup() throws Exception {
        ledger = ledgerOfGroupsUpTo(16);
        RocksDBException diskFull = new RocksDBException("disk full");
        CommitLedger.GroupWriter<String> record = batches -> writes.add(List.copyOf(batches));
        long begin = ledger.committedVersion();
        List<String> queued = List.of("queued-0", "queued-1", "queued-2", "queued-3", "queued-4");
        List<Future<Boolean>> commits = commitBehindAWritingOne(begin, queued, batches -> {
            if (batches.contains("queued-2")) {
                throw diskFull;
            }
            record.write(batches);
        });
        for (int i = 0; i < queued.size(); i++) {
            Future<Boolean> commit = commits.get(i);
            if (i == 2 || i == 3) {
                ExecutionException e = assertThrows(ExecutionException.class, () -> commit.get(10, TimeUnit.SECONDS));
                assertSame(diskFull, e.getCause());
            } else {
                assertTrue(commit.get(10, TimeUnit.SECONDS), queued.get(i));
            }
        }
        assertEquals(List.of(List.of("first"), List.of("queued-0", "queued-1"), List.of("queued-4")), writes);
        assertFalse(commitChecking(begin, bytes("queued-0")), "written after the begin");
        assertFalse(commitChecking(begin, bytes("queued-4")), "written after the begin");
        assertTrue(commitChecking(ledger.committedVersion(), bytes("queued-2")), "not written; began after");
    }

    /**
     * Commits {@code names} (each writing its own name as key and batch) while a first commit is held in
     * its write, so that they queue and the next leader finds them all; the writer records each call.
     */
    private List<Future<Boolean>> commitBehindAWritingOne(long begin, List<String> names) throws Exception {
        return commitBehindAWritingOne(begin, names, batches -> writes.add(List.copyOf(batches)));
    }

    private List<Future<Boolean>> commitBehindAWritingOne(long begin, List<String> names,
            CommitLedger.GroupWriter<String> then) throws Exception {
        CountDownLatch firstWriting = new CountDownLatch(1);
        CountDownLatch releaseFirst = new CountDownLatch(1);
        writer = batches -> {
            if (batches.contains("first")) {
                writes.add(List.copyOf(batches));
                firstWriting.countDown();
                await(releaseFirst);
                return;
            }
            then.write(batches);
        };
        ExecutorService executor = Executors.newFixedThreadPool(1 + names.size());
        try {
            Future<Boolean> first = executor.submit(() -> ledger.commit(begin, hashes(bytes("f")), hashes(bytes("f")),
                    "first"));
            await(firstWriting);
            List<Future<Boolean>> commits = new ArrayList<>();
            for (String name : names) {
                // One at a time, so that they queue in this order.
                int queued = ledger.queuedCommits();
                commits.add(executor.submit(() -> ledger.commit(begin, hashes(bytes(name)), hashes(bytes(name)),
                        name)));
                while (ledger.queuedCommits() == queued) {
                    Thread.onSpinWait();
                }
            }
            releaseFirst.countDown();
            assertTrue(first.get(10, TimeUnit.SECONDS));
            for (Future<Boolean> commit : commits) {
                try {
                    commit.get(10, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    // the caller looks at each outcome
                }
            }
            return commits;
        } finally {
            executor.shutdown();
            assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    private CommitLedger<String> ledgerOfGroupsUpTo(long maxGroupBytes) {
        return new CommitLedger<>(batches -> writer.write(batches), String::length, maxGroupBytes);
    }

    private boolean commitWriting(long since, byte[] key) throws RocksDBException {
        KeyHashes hashes = hashes(key);
        return ledger.commit(since, hashes, hashes, new String(key, StandardCharsets.UTF_8));
    }

    private boolean commitChecking(long since, byte[] key) throws RocksDBException {
        int writesBefore = writes.size();
        boolean committed = ledger.commit(since, hashes(key), new KeyHashes(), "read-only");
        assertEquals(writesBefore, writes.size(), "a commit that writes nothing must not write");
        return committed;
    }

    private static KeyHashes hashes(byte[] key) {
        KeyHashes hashes = new KeyHashes();
        hashes.add(CommitLedger.hash(key));
        return hashes;
    }

    /** Two keys whose hashes differ but pick the same stripe, found by search. */
    private static byte[][] twoKeysOfOneStripe() {
        byte[] first = bytes("key-0");
        long firstHash = CommitLedger.hash(first);
        for (int i = 1; ; i++) {
            byte[] candidate = bytes("key-" + i);
            long hash = CommitLedger.hash(candidate);
            if ((hash & STRIPE_MASK) == (firstHash & STRIPE_MASK)) {
                assertNotEquals(firstHash, hash);
                return new byte[][] {first, candidate};
            }
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(10, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
