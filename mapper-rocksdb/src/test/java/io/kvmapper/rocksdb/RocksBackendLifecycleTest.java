package io.kvmapper.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.StorageException;
import io.kvmapper.StoreClosedException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Opening, locking and closing: every native handle released once, and clear errors around it. */
@Timeout(60)
class RocksBackendLifecycleTest {
    private static final KeyRange ALL = new KeyRange(new byte[0], new byte[] {(byte) 0xFF});

    @TempDir
    Path dir;

    @Test
    void aSecondInstanceInThisProcessIsRefusedUntilTheFirstCloses() {
        RocksBackend first = RocksKvStore.openBackend(dir, RocksKvStore.options());
        StorageException e = assertThrows(StorageException.class,
                () -> RocksKvStore.openBackend(dir, RocksKvStore.options()));
        assertTrue(e.getMessage().contains("RocksDB store at " + dir.toAbsolutePath() + " is already open"),
                e.getMessage());
        assertFalse(e.isRetryable());
        write(first, 1);
        first.close();
        try (RocksBackend second = RocksKvStore.openBackend(dir, RocksKvStore.options())) {
            assertArrayEquals(key(1), second.get(key(1)));
        }
    }

    @Test
    void aSecondProcessIsRefusedWithTheSameClearError(@TempDir Path scratch) throws Exception {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options())) {
            List<String> output;
            try (ChildJvm child = ChildJvm.start(ChildProcessMain.class, scratch, "open", dir.toString())) {
                output = child.await();
                assertEquals(1, output.size(), "child output: " + output + "; stderr:\n" + child.stderr());
            }
            assertTrue(output.get(0).startsWith("FAILED retryable=false RocksDB store at " + dir.toAbsolutePath()
                    + " is already open"), output.get(0));
            write(backend, 1);
        }
    }

    @Test
    void closingWithAnOpenCursorAndTransactionReleasesThemAndTheDirectory() {
        RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options());
        for (int i = 0; i < 100; i++) {
            write(backend, i);
        }
        KvCursor cursor = backend.scan(ALL, ScanOptions.FORWARD);
        cursor.next();
        KvTransaction tx = backend.beginTransaction();
        tx.put(key(1000), key(1000));
        KvCursor ownCursor = tx.scan(ALL, ScanOptions.REVERSE);
        ownCursor.next();
        assertEquals(2, backend.openResourceCount(), "the backend tracks its cursor and the transaction, which"
                + " tracks its own cursor");

        backend.close();
        backend.close();

        assertEquals(0, backend.openResourceCount());
        StoreClosedException e = assertThrows(StoreClosedException.class, () -> backend.get(key(1)));
        assertEquals("RocksDB store at " + dir.toAbsolutePath() + " is closed", e.getMessage());
        assertThrows(StoreClosedException.class, cursor::next);
        assertThrows(StoreClosedException.class, ownCursor::hasNext);
        assertThrows(StoreClosedException.class, () -> tx.put(key(1), key(1)));
        cursor.close();
        ownCursor.close();
        tx.close();
        try (RocksBackend reopened = RocksKvStore.openBackend(dir, RocksKvStore.options())) {
            assertEquals(null, reopened.get(key(1000)));
        }
    }

    @Test
    void cursorsAndTransactionsReleaseTheirHandlesWhenTheyEnd() {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options())) {
            for (int i = 0; i < 3000; i++) {
                write(backend, i);
            }
            KvCursor exhausted = backend.scan(ALL, ScanOptions.FORWARD);
            exhausted.forEachRemaining(item -> { });
            assertEquals(0, backend.openResourceCount(), "an exhausted cursor releases its iterator at once");
            exhausted.close();

            KvCursor limited = backend.scan(ALL, ScanOptions.REVERSE.withLimit(5));
            limited.forEachRemaining(item -> { });
            assertEquals(0, backend.openResourceCount(), "a cursor that reached its limit releases its iterator");

            KvCursor abandoned = backend.scan(ALL, ScanOptions.FORWARD);
            abandoned.next();
            assertEquals(1, backend.openResourceCount());
            abandoned.close();
            assertEquals(0, backend.openResourceCount());

            KvTransaction committed = backend.beginTransaction();
            KvCursor ofCommitted = committed.scan(ALL, ScanOptions.FORWARD);
            ofCommitted.next();
            committed.put(key(5000), key(5000));
            committed.commit();
            assertEquals(0, backend.openResourceCount(), "commit releases the transaction and its cursors");
            committed.close();
            ofCommitted.close();

            KvTransaction rolledBack = backend.beginTransaction();
            rolledBack.get(key(1));
            rolledBack.close();
            assertEquals(0, backend.openResourceCount());
        }
    }

    @Test
    void aFinishedTransactionHoldsNoSnapshot() {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options())) {
            KvTransaction committed = backend.beginTransaction();
            assertEquals(null, committed.get(key(1)));
            assertEquals("1", backend.property("rocksdb.num-snapshots"), "a transaction reads at its snapshot");
            committed.put(key(1), key(1));
            committed.commit();
            assertEquals("0", backend.property("rocksdb.num-snapshots"), "commit releases the snapshot");

            KvTransaction rolledBack = backend.beginTransaction();
            assertArrayEquals(key(1), rolledBack.get(key(1)));
            rolledBack.close();
            assertEquals("0", backend.property("rocksdb.num-snapshots"), "close releases the snapshot");
        }
    }

    @Test
    void closingWhileOtherThreadsWorkLetsEachCallFinishOrFailWithStoreClosed() throws Exception {
        RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options());
        for (int i = 0; i < 2000; i++) {
            write(backend, i);
        }
        int threads = 4;
        CountDownLatch started = new CountDownLatch(threads);
        AtomicLong calls = new AtomicLong();
        ExecutorService executor = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Throwable>> outcomes = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                outcomes.add(executor.submit(() -> {
                    started.countDown();
                    try {
                        for (int i = 0; ; i++) {
                            busyWork(backend, thread, i);
                            calls.incrementAndGet();
                        }
                    } catch (StoreClosedException expected) {
                        return null;
                    } catch (Throwable unexpected) {
                        return unexpected;
                    }
                }));
            }
            started.await();
            while (calls.get() < 200 && outcomes.stream().noneMatch(Future::isDone)) {
                Thread.sleep(1);
            }
            backend.close();
            for (Future<Throwable> outcome : outcomes) {
                Throwable failure = outcome.get(30, TimeUnit.SECONDS);
                if (failure != null) {
                    throw new AssertionError("a call racing close() failed other than with StoreClosedException",
                            failure);
                }
            }
        } finally {
            executor.shutdownNow();
            assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
        }
        assertEquals(0, backend.openResourceCount());
    }

    private static void busyWork(RocksBackend backend, int thread, int i) {
        switch (i % 3) {
            case 0 -> backend.get(key(i % 2000));
            case 1 -> {
                try (KvCursor cursor = backend.scan(ALL, ScanOptions.FORWARD.withLimit(100))) {
                    cursor.forEachRemaining(item -> { });
                }
            }
            default -> {
                try (KvTransaction tx = backend.beginTransaction()) {
                    tx.add(key(-1 - thread), 1);
                    tx.put(key(10_000 + thread), key(i));
                    try (KvCursor cursor = tx.scan(ALL, ScanOptions.REVERSE.withLimit(50))) {
                        cursor.forEachRemaining(item -> { });
                    }
                    tx.commit();
                }
            }
        }
    }

    private static void write(RocksBackend backend, int i) {
        try (KvTransaction tx = backend.beginTransaction()) {
            tx.put(key(i), key(i));
            tx.commit();
        }
    }

    private static byte[] key(int i) {
        return ByteBuffer.allocate(Integer.BYTES).putInt(i).array();
    }
}
