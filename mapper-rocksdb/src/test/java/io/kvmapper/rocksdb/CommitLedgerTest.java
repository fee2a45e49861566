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
 * and its group commit, which a test cannot force through a store.
 */
@Timeout(60)
class CommitLedgerTest {
    private static final int STRIPE_MASK = (1 << CommitLedger.STRIPE_BITS) - 1;

    /** What each call of the writer wrote: the batches, named by strings. */
    private final List<List<String>> writes = new CopyOnWriteArrayList<>();
    private volatile CommitLedger.GroupWriter<String> writer = batches -> writes.add(List.copyOf(batches));
    private final CommitLedger<String> ledger = new CommitLedger<>(batches -> writer.write(batches));

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
