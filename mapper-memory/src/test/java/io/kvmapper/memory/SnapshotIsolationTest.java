package io.kvmapper.memory;

import io.kvmapper.spi.KvBackend;
import static io.kvmapper.memory.TestData.ALL;
import static io.kvmapper.memory.TestData.commit;
import static io.kvmapper.memory.TestData.key;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.RetryPolicy;
import io.kvmapper.Transaction;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Snapshot reads under concurrent writers: money moves between accounts, and every reader (a cursor, a
 * multi-get, a transaction reading one account at a time) must always find the same total.
 */
@Timeout(60)
class SnapshotIsolationTest {
    private static final int ACCOUNTS = 20;
    private static final long OPENING_BALANCE = 1_000;
    private static final long TOTAL = ACCOUNTS * OPENING_BALANCE;
    private static final RetryPolicy PATIENT = new RetryPolicy(100_000, Duration.ofNanos(50_000), Duration.ofMillis(2));

    private final KvStore store = MemoryKvStore.options().retryPolicy(PATIENT).open();
    private final MemoryBackend backend = (MemoryBackend) store.unwrap(KvBackend.class);

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void everyReaderSeesTheSameTotalWhileWritersMoveMoney() throws Exception {
        openAccounts();
        int writers = 2;
        int readers = 2;
        int transfersPerWriter = 2_000;
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicInteger checks = new AtomicInteger();
        ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService executor = Executors.newFixedThreadPool(writers + readers);
        try {
            List<Future<?>> writerFutures = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                Random random = new Random(w);
                writerFutures.add(executor.submit(() -> {
                    start.await();
                    for (int i = 0; i < transfersPerWriter; i++) {
                        transfer(random);
                    }
                    return null;
                }));
            }
            List<Future<?>> readerFutures = new ArrayList<>();
            for (int r = 0; r < readers; r++) {
                readerFutures.add(executor.submit(() -> {
                    start.await();
                    while (writing.get()) {
                        check("a cursor", totalByCursor(), violations);
                        check("a multi-get", totalByGetAll(), violations);
                        check("a transaction reading one account at a time", totalInTransaction(), violations);
                        checks.addAndGet(3);
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : writerFutures) {
                future.get(50, TimeUnit.SECONDS);
            }
            writing.set(false);
            for (Future<?> future : readerFutures) {
                future.get(10, TimeUnit.SECONDS);
            }
        } finally {
            executor.shutdownNow();
            assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
        }
        assertEquals(List.of(), List.copyOf(violations));
        assertTrue(checks.get() > 0, "the readers ran");
        assertEquals(TOTAL, totalByCursor());
    }

    @Test
    void aTransactionKeepsReadingItsSnapshotWhenACommitLandsBetweenTwoOfItsReads() {
        openAccounts();
        try (KvTransaction reader = backend.beginTransaction()) {
            long first = balance(reader.get(key(0)));
            store.transact(tx -> {
                tx.unwrap(KvTransaction.class).add(key(0), -500);
                tx.unwrap(KvTransaction.class).add(key(1), 500);
            });
            long second = balance(reader.get(key(1)));
            assertEquals(2 * OPENING_BALANCE, first + second, "both reads come from the snapshot");
        }
        assertEquals(OPENING_BALANCE + 500, balance(backend.get(key(1))), "the commit did land");
    }

    @Test
    void aCursorKeepsReadingItsSnapshotWhenACommitLandsMidScan() {
        openAccounts();
        long total = 0;
        try (KvCursor cursor = backend.scan(ALL, ScanOptions.FORWARD)) {
            total += balance(cursor.next().value());
            store.transact(tx -> {
                tx.unwrap(KvTransaction.class).add(key(0), 300);
                tx.unwrap(KvTransaction.class).add(key(ACCOUNTS - 1), -300);
            });
            while (cursor.hasNext()) {
                total += balance(cursor.next().value());
            }
        }
        assertEquals(TOTAL, total, "the cursor missed the transfer's debit as it missed its credit");
    }

    @Test
    void writeSkewIsImpossibleBecauseReadsAreCheckedAtCommit() {
        // The rule: the two accounts together must not go below zero. Each withdrawal alone keeps it.
        commit(backend, tx -> {
            tx.put(key(0), Counters.encode(50));
            tx.put(key(1), Counters.encode(50));
        });
        KvTransaction first = backend.beginTransaction();
        KvTransaction second = backend.beginTransaction();
        withdrawIfCovered(first, 0, 80);
        withdrawIfCovered(second, 1, 80);
        first.commit();
        assertThrows(TransactionConflictException.class, second::commit,
                "the second read key 0, which the first changed: committing both would leave -60");
        first.close();
        second.close();
        assertEquals(20, balance(backend.get(key(0))) + balance(backend.get(key(1))));
    }

    private void withdrawIfCovered(KvTransaction tx, int account, long amount) {
        long both = balance(tx.get(key(0))) + balance(tx.get(key(1)));
        assertTrue(both >= amount);
        tx.put(key(account), Counters.encode(balance(tx.get(key(account))) - amount));
    }

    private void openAccounts() {
        commit(backend, tx -> {
            for (int i = 0; i < ACCOUNTS; i++) {
                tx.put(key(i), Counters.encode(OPENING_BALANCE));
            }
        });
    }

    /** Moves money between two accounts: half the time as a read-modify-write, else as two adds. */
    private void transfer(Random random) {
        int from = random.nextInt(ACCOUNTS);
        int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
        long amount = 1 + random.nextInt(50);
        if (random.nextBoolean()) {
            store.transact(tx -> {
                KvTransaction kv = tx.unwrap(KvTransaction.class);
                kv.put(key(from), Counters.encode(balance(kv.get(key(from))) - amount));
                kv.put(key(to), Counters.encode(balance(kv.get(key(to))) + amount));
            });
        } else {
            store.transact(tx -> {
                tx.unwrap(KvTransaction.class).add(key(from), -amount);
                tx.unwrap(KvTransaction.class).add(key(to), amount);
            });
        }
    }

    private long totalByCursor() {
        long total = 0;
        try (KvCursor cursor = backend.scan(ALL, ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                total += balance(item.value());
                Thread.yield();
            }
        }
        return total;
    }

    private long totalByGetAll() {
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < ACCOUNTS; i++) {
            keys.add(key(i));
        }
        return backend.getAll(keys).stream().mapToLong(SnapshotIsolationTest::balance).sum();
    }

    private long totalInTransaction() {
        long total = 0;
        try (KvTransaction tx = backend.beginTransaction()) {
            for (int i = 0; i < ACCOUNTS; i++) {
                total += balance(tx.get(key(i)));
                Thread.yield();
            }
        }
        return total;
    }

    private static void check(String reader, long total, ConcurrentLinkedQueue<String> violations) {
        if (total != TOTAL) {
            violations.add(reader + " found " + total + " instead of " + TOTAL);
        }
    }

    private static long balance(byte[] value) {
        return Counters.decode(new byte[0], value);
    }
}
