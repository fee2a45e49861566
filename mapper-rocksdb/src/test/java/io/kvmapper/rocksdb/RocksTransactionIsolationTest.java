package io.kvmapper.rocksdb;

import io.kvmapper.internal.store.KvStoreImpl;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.RetryPolicy;
import io.kvmapper.Transaction;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KvTransaction;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transfers between accounts on several threads, with readers summing every account meanwhile: the
 * conflict checks of the Java ledger must lose no update, and every snapshot must hold whole commits.
 */
@Timeout(120)
class RocksTransactionIsolationTest {
    private static final int ACCOUNTS = 16;
    private static final long OPENING_BALANCE = 1_000;
    private static final RetryPolicy PATIENT = new RetryPolicy(100_000, Duration.ofNanos(20_000), Duration.ofMillis(1));

    @TempDir
    Path dir;

    @Test
    void concurrentTransfersKeepTheTotalAndEverySnapshotSeesItWhole() throws Exception {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options())) {
            KvStore store = KvStoreImpl.open(backend, PATIENT);
            store.transact(tx -> {
                for (int i = 0; i < ACCOUNTS; i++) {
                    tx.unwrap(KvTransaction.class).put(account(i), Counters.encode(OPENING_BALANCE));
                }
            });
            int writers = 3;
            int transfersEach = 400;
            AtomicBoolean writing = new AtomicBoolean(true);
            AtomicInteger attempts = new AtomicInteger();
            AtomicInteger sums = new AtomicInteger();
            ExecutorService executor = Executors.newFixedThreadPool(writers + 1);
            try {
                List<Future<?>> work = new ArrayList<>();
                for (int w = 0; w < writers; w++) {
                    int writer = w;
                    work.add(executor.submit(() -> {
                        for (int i = 0; i < transfersEach; i++) {
                            int from = (writer * 7 + i * 3) % ACCOUNTS;
                            int to = (from + 1 + i % (ACCOUNTS - 1)) % ACCOUNTS;
                            long amount = 1 + i % 5;
                            store.transact(tx -> {
                                attempts.incrementAndGet();
                                KvTransaction kv = tx.unwrap(KvTransaction.class);
                                List<byte[]> balances = kv.getAll(List.of(account(from), account(to)));
                                kv.put(account(from), Counters.encode(
                                        Counters.decode(account(from), balances.get(0)) - amount));
                                kv.put(account(to), Counters.encode(
                                        Counters.decode(account(to), get(kv, to)) + amount));
                                kv.add(transfersKey(), 1);
                            });
                        }
                        return null;
                    }));
                }
                Future<?> reader = executor.submit(() -> {
                    while (writing.get()) {
                        try (KvTransaction tx = backend.beginTransaction()) {
                            assertEquals(ACCOUNTS * OPENING_BALANCE, total(tx),
                                    "the total changed: an update was lost, or a snapshot held part of a commit");
                            sums.incrementAndGet();
                        }
                    }
                    return null;
                });
                for (Future<?> writer : work) {
                    writer.get(100, TimeUnit.SECONDS);
                }
                writing.set(false);
                reader.get(10, TimeUnit.SECONDS);
            } finally {
                executor.shutdownNow();
                assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
            }
            try (KvTransaction tx = backend.beginTransaction()) {
                assertEquals(ACCOUNTS * OPENING_BALANCE, total(tx), "an update was lost");
                assertEquals((long) writers * transfersEach, Counters.decode(transfersKey(), tx.get(transfersKey())));
            }
            assertTrue(attempts.get() >= writers * transfersEach);
            assertTrue(sums.get() > 0);
        }
    }

    private static byte[] get(KvTransaction kv, int account) {
        return kv.get(account(account));
    }

    private static long total(KvTransaction tx) {
        long total = 0;
        for (int i = 0; i < ACCOUNTS; i++) {
            total += Counters.decode(account(i), tx.get(account(i)));
        }
        return total;
    }

    private static byte[] account(int i) {
        return ByteBuffer.allocate(5).put((byte) 'a').putInt(i).array();
    }

    private static byte[] transfersKey() {
        return new byte[] {'t'};
    }
}
