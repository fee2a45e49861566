package io.kvmapper.memory;

import io.kvmapper.spi.KvBackend;
import static io.kvmapper.memory.TestData.ALL;
import static io.kvmapper.memory.TestData.commit;
import static io.kvmapper.memory.TestData.key;
import static io.kvmapper.memory.TestData.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.StoreClosedException;
import io.kvmapper.Transaction;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What closing means for an in-memory store, beyond what the conformance suite checks. */
@Timeout(60)
class MemoryBackendCloseTest {

    @Test
    void closingTheKvStoreClosesTheBackendAndSaysWhichStore() {
        KvStore store = MemoryKvStore.open();
        MemoryBackend backend = (MemoryBackend) store.unwrap(KvBackend.class);
        store.close();
        store.close();
        StoreClosedException e = assertThrows(StoreClosedException.class, () -> backend.get(key(1)));
        assertTrue(e.getMessage().matches("in-memory store \\d+ is closed"), e.getMessage());
        assertFalse(e.isRetryable());
        assertThrows(StoreClosedException.class, () -> store.transact(tx -> {
            tx.unwrap(KvTransaction.class).put(key(1), value("v"));
        }));
        assertTrue(backend.toString().endsWith(", closed]"), backend.toString());
    }

    @Test
    void nothingOutlivesTheStore() {
        try (KvStore first = MemoryKvStore.open()) {
            first.transact(tx -> {
                tx.unwrap(KvTransaction.class).put(key(1), value("v"));
            });
        }
        try (KvStore second = MemoryKvStore.open()) {
            assertEquals(null, second.unwrap(KvBackend.class).get(key(1)), "a new store starts empty");
        }
    }

    @Test
    void aScanThatWasCompleteStaysCompleteAndAClosedOneHasNoNextAfterTheBackendCloses() {
        MemoryBackend backend = new MemoryBackend();
        commit(backend, tx -> tx.put(key(1), value("v")));
        KvCursor complete = backend.scan(ALL, ScanOptions.FORWARD);
        complete.next();
        assertFalse(complete.hasNext());
        KvCursor closedByItsUser = backend.scan(ALL, ScanOptions.FORWARD);
        closedByItsUser.close();
        KvCursor cutShort = backend.scan(ALL, ScanOptions.FORWARD);

        backend.close();

        assertFalse(complete.hasNext(), "it had returned every item before the close");
        assertFalse(closedByItsUser.hasNext());
        assertThrows(StoreClosedException.class, cutShort::hasNext, "it had not");
        complete.close();
        cutShort.close();
        assertFalse(cutShort.hasNext());
    }

    @Test
    void everySnapshotIsReleasedByCommitCloseExhaustionOrCursorClose() {
        MemoryBackend backend = new MemoryBackend();
        commit(backend, tx -> {
            for (int i = 0; i < 10; i++) {
                tx.put(key(i), value("v"));
            }
        });
        assertEquals(0, backend.openSnapshotCount());

        KvTransaction committed = backend.beginTransaction();
        assertEquals(1, backend.openSnapshotCount());
        committed.put(key(1), value("w"));
        committed.commit();
        assertEquals(0, backend.openSnapshotCount(), "commit");

        KvTransaction conflicted = backend.beginTransaction();
        conflicted.get(key(1));
        commit(backend, tx -> tx.put(key(1), value("x")));
        assertThrows(TransactionConflictException.class, conflicted::commit);
        assertEquals(0, backend.openSnapshotCount(), "a failed commit");

        KvTransaction rolledBack = backend.beginTransaction();
        KvCursor ownCursor = rolledBack.scan(ALL, ScanOptions.FORWARD);
        ownCursor.next();
        rolledBack.close();
        assertEquals(0, backend.openSnapshotCount(), "close, with a cursor of the transaction still open");

        KvCursor exhausted = backend.scan(ALL, ScanOptions.FORWARD.withLimit(3));
        exhausted.forEachRemaining(item -> { });
        assertEquals(0, backend.openSnapshotCount(), "a cursor that returned its last item");

        KvCursor abandoned = backend.scan(ALL, ScanOptions.FORWARD);
        abandoned.next();
        assertEquals(1, backend.openSnapshotCount());
        abandoned.close();
        abandoned.close();
        assertEquals(0, backend.openSnapshotCount(), "a cursor closed early, twice");

        backend.get(key(1));
        backend.getAll(List.of(key(1), key(2)));
        assertEquals(0, backend.openSnapshotCount(), "point reads");
        backend.close();
    }

    @Test
    void closingUnderLoadEndsEveryCallWithSuccessOrStoreClosedAndNothingElse() throws Exception {
        KvStore store = MemoryKvStore.open();
        MemoryBackend backend = (MemoryBackend) store.unwrap(KvBackend.class);
        int threads = 4;
        AtomicInteger calls = new AtomicInteger();
        ConcurrentLinkedQueue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
        CountDownLatch running = new CountDownLatch(threads);
        ExecutorService executor = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(executor.submit(() -> {
                    running.countDown();
                    for (int i = 0; ; i++) {
                        try {
                            work(store, backend, thread, i);
                            calls.incrementAndGet();
                        } catch (StoreClosedException closed) {
                            return;
                        } catch (Throwable e) {
                            unexpected.add(e);
                            return;
                        }
                    }
                }));
            }
            running.await();
            while (calls.get() < 1_000) {
                Thread.onSpinWait();
            }
            store.close();
            for (Future<?> future : futures) {
                future.get(30, TimeUnit.SECONDS);
            }
        } finally {
            executor.shutdownNow();
            assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
        }
        assertEquals(List.of(), List.copyOf(unexpected));
        assertThrows(StoreClosedException.class, () -> backend.get(key(1)));
        assertThrows(StoreClosedException.class, backend::beginTransaction);
        assertThrows(StoreClosedException.class, () -> backend.scan(ALL, ScanOptions.FORWARD));
    }

    private static void work(KvStore store, MemoryBackend backend, int thread, int i) {
        switch (i % 3) {
            case 0 -> store.transact(tx -> {
                tx.unwrap(KvTransaction.class).put(key(thread * 1_000_000L + i), value("v"));
                tx.unwrap(KvTransaction.class).add(key(-1), 1);
            });
            case 1 -> {
                try (KvCursor cursor = backend.scan(ALL, ScanOptions.FORWARD.withLimit(50))) {
                    cursor.forEachRemaining(item -> { });
                }
            }
            default -> backend.get(key(thread * 1_000_000L + i - 2));
        }
    }
}
