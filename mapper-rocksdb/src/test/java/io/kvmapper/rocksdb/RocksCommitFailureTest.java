package io.kvmapper.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.StorageException;
import io.kvmapper.spi.KvTransaction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/**
 * A commit told that it failed is not in the store, and one told that it committed is, when a RocksDB
 * write of a group commit fails. Here the backend's RocksDB write is made to fail at a chosen call;
 * {@link RocksDiskFullTest} fills a real file system.
 */
@Timeout(60)
class RocksCommitFailureTest {
    /** Two of these exceed {@link RocksBackend#GROUP_WRITE_BYTES} together. */
    private static final int LARGE = (int) (RocksBackend.GROUP_WRITE_BYTES * 5 / 8);

    @TempDir
    Path dir;

    /**
     * Two large commits queue while a first one writes, so that the next leader takes both. Before the
     * fix that group was written as two RocksDB writes; the second failed and both commits were told so,
     * though the first was stored. Now they are two groups, and each is told its own write's outcome.
     */
    @Test
    void whenTheWriteOfOneLargeCommitFailsTheOneQueuedBeforeItIsStoredAndToldSo() throws Exception {
        CountDownLatch firstWriting = new CountDownLatch(1);
        CountDownLatch releaseFirst = new CountDownLatch(1);
        AtomicInteger calls = new AtomicInteger();
        RocksBackend.WriteCall thirdCallFails = (db, options, batch) -> {
            int call = calls.incrementAndGet();
            if (call == 1) {
                firstWriting.countDown();
                await(releaseFirst);
            }
            if (call == 3) {
                throw new RocksDBException("injected: no space left on device",
                        new Status(Status.Code.IOError, Status.SubCode.NoSpace, "injected"));
            }
            RocksBackend.rocksWrite(db, options, batch);
        };
        Map<String, Throwable> outcomes = new LinkedHashMap<>();
        ExecutorService executor = Executors.newFixedThreadPool(3);
        try (RocksBackend backend = new RocksBackend(dir, RocksKvStore.options(), thirdCallFails)) {
            Future<?> first = executor.submit(() -> commit(backend, "first", 10));
            await(firstWriting);
            Future<?> a = executor.submit(() -> commit(backend, "a", LARGE));
            awaitQueued(backend, 1);
            Future<?> b = executor.submit(() -> commit(backend, "b", LARGE));
            awaitQueued(backend, 2);
            releaseFirst.countDown();
            outcomes.put("first", outcome(first));
            outcomes.put("a", outcome(a));
            outcomes.put("b", outcome(b));
        } finally {
            executor.shutdownNow();
            assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
        }
        assertEquals(3, calls.get(), "first, a and b, one write each: " + outcomes);
        assertNull(outcomes.get("first"));
        assertNull(outcomes.get("a"), "a's write succeeded");
        assertInstanceOf(StorageException.class, outcomes.get("b"));
        try (RocksBackend reopened = RocksKvStore.openBackend(dir, RocksKvStore.options().createIfMissing(false))) {
            assertStoredExactlyIfToldCommitted(reopened, outcomes, Map.of("first", 10, "a", LARGE, "b", LARGE));
        }
    }

    /** After a failed write the backend keeps working, and the failed commit's keys do not conflict forever. */
    @Test
    void aFailedCommitCanBeRunAgain() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        RocksBackend.WriteCall firstCallFails = (db, options, batch) -> {
            if (calls.incrementAndGet() == 1) {
                throw new RocksDBException("injected", new Status(Status.Code.IOError, Status.SubCode.NoSpace, "x"));
            }
            RocksBackend.rocksWrite(db, options, batch);
        };
        try (RocksBackend backend = new RocksBackend(dir, RocksKvStore.options(), firstCallFails)) {
            StorageException e = org.junit.jupiter.api.Assertions.assertThrows(StorageException.class,
                    () -> commit(backend, "k", 10));
            assertFalse(e.isRetryable(), "an I/O error is not a passing condition");
            assertNull(backend.get(bytes("k")));
            commit(backend, "k", 10);
            assertArrayEquals(value("k", 10), backend.get(bytes("k")));
        }
    }

    private static void assertStoredExactlyIfToldCommitted(RocksBackend backend, Map<String, Throwable> outcomes,
            Map<String, Integer> sizes) {
        outcomes.forEach((key, failure) -> {
            byte[] stored = backend.get(bytes(key));
            if (failure == null) {
                assertArrayEquals(value(key, sizes.get(key)), stored, key + " was told it committed");
            } else {
                assertNull(stored, key + " was told it failed (" + failure + ") but is stored");
            }
        });
    }

    private static void commit(RocksBackend backend, String key, int size) {
        try (KvTransaction tx = backend.beginTransaction()) {
            tx.put(bytes(key), value(key, size));
            tx.commit();
        }
    }

    private static Throwable outcome(Future<?> commit) throws Exception {
        try {
            commit.get(30, TimeUnit.SECONDS);
            return null;
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    private static void awaitQueued(RocksBackend backend, int queued) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (backend.ledger().queuedCommits() < queued) {
            assertTrue(System.nanoTime() < deadline, "commits did not queue");
            Thread.onSpinWait();
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

    private static byte[] value(String key, int size) {
        byte[] value = new byte[size];
        Arrays.fill(value, (byte) key.charAt(0));
        return value;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
