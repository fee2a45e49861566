package io.kvmapper.memory;

import static io.kvmapper.memory.TestData.ALL;
import static io.kvmapper.memory.TestData.commit;
import static io.kvmapper.memory.TestData.key;
import static io.kvmapper.memory.TestData.scan;
import static io.kvmapper.memory.TestData.text;
import static io.kvmapper.memory.TestData.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.TransactionConflictException;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Old versions go as soon as no open snapshot can see them, so memory follows the live data and what open
 * snapshots read, not the number of writes. Counted through {@link MemoryBackend#versionCount()}.
 */
@Timeout(60)
class VersionPruningTest {
    private final MemoryBackend backend = new MemoryBackend();

    @AfterEach
    void close() {
        backend.close();
    }

    @Test
    void aKeyRewrittenWithNoSnapshotOpenKeepsOneVersion() {
        for (int i = 0; i < 1_000; i++) {
            int round = i;
            commit(backend, tx -> tx.put(key(1), value("v" + round)));
        }
        assertEquals(1, backend.versionCount());
        assertEquals("v999", text(backend.get(key(1))));
    }

    @Test
    void anOpenSnapshotKeepsOnlyTheVersionItSeesWhileAHotKeyIsRewritten() {
        commit(backend, tx -> tx.put(key(1), value("seen by the old snapshot")));
        KvTransaction old = backend.beginTransaction();
        for (int i = 0; i < 1_000; i++) {
            int round = i;
            commit(backend, tx -> tx.add(key(2), 1));
            commit(backend, tx -> tx.put(key(1), value("v" + round)));
        }
        assertEquals(2 + 1, backend.versionCount(), "key 1: the old snapshot's version and the newest; key 2: one");
        assertEquals("seen by the old snapshot", text(old.get(key(1))));
        assertEquals(0, Counters.decode(key(2), old.get(key(2))));

        old.close();
        assertEquals(2, backend.versionCount(), "closing the snapshot drops what only it could see");
        assertEquals(1_000, Counters.decode(key(2), backend.get(key(2))));
    }

    @Test
    void severalSnapshotsKeepOneVersionEachAndLoseItWhenTheyClose() {
        List<KvTransaction> snapshots = new ArrayList<>();
        for (int generation = 0; generation < 3; generation++) {
            for (int i = 0; i < 10; i++) {
                String v = generation + "." + i;
                commit(backend, tx -> tx.put(key(1), value(v)));
            }
            snapshots.add(backend.beginTransaction());
        }
        commit(backend, tx -> tx.put(key(1), value("newest")));
        assertEquals(4, backend.versionCount(), "one version per snapshot, and the newest");
        assertEquals("0.9", text(snapshots.get(0).get(key(1))));
        assertEquals("1.9", text(snapshots.get(1).get(key(1))));
        assertEquals("2.9", text(snapshots.get(2).get(key(1))));

        snapshots.get(1).close();
        commit(backend, tx -> tx.put(key(1), value("newer")));
        assertEquals(3, backend.versionCount(), "the next write of the key drops the closed snapshot's version");
        assertEquals("0.9", text(snapshots.get(0).get(key(1))));
        assertEquals("2.9", text(snapshots.get(2).get(key(1))));

        snapshots.get(0).close();
        snapshots.get(2).close();
        assertEquals(1, backend.versionCount());
    }

    @Test
    void deletedKeysLeaveNothingBehindOnceNoSnapshotCanSeeThem() {
        commit(backend, tx -> {
            for (int i = 0; i < 100; i++) {
                tx.put(key(i), value("v"));
            }
        });
        KvCursor cursor = backend.scan(ALL, ScanOptions.FORWARD);
        commit(backend, tx -> tx.deleteRange(ALL));
        commit(backend, tx -> tx.delete(key(1_000)));
        assertEquals(100 + 100 + 1, backend.versionCount(),
                "the cursor's values, the tombstones that hide them, and the delete of an absent key, which a"
                        + " transaction that began before it could still conflict with");
        int seen = 0;
        while (cursor.hasNext()) {
            cursor.next();
            seen++;
        }
        assertEquals(100, seen, "the cursor still reads its snapshot");

        assertEquals(0, backend.versionCount(), "an exhausted cursor lets go of its snapshot");
        assertEquals(0, scan(backend, ALL).size());
        cursor.close();
    }

    @Test
    void aTombstoneStaysWhileATransactionThatBeganBeforeTheDeleteCanStillConflictWithIt() {
        KvTransaction reader = backend.beginTransaction();
        reader.get(key(1));
        commit(backend, tx -> tx.delete(key(1)));
        assertEquals(1, backend.versionCount(), "the delete of an absent key is remembered for the reader");
        reader.put(key(2), value("derived from key 1 being absent"));
        assertThrows(TransactionConflictException.class, reader::commit);
        reader.close();
        assertEquals(0, backend.versionCount(), "once the reader is gone, so is the tombstone");
    }

    @Test
    void memoryStaysBoundedUnderALongConcurrentRunWithSnapshotsComingAndGoing() throws Exception {
        int keys = 50;
        int threads = 4;
        int rounds = 3_000;
        // Each thread holds at most one snapshot at a time, and so does the holder: no chain can need more.
        long bound = (keys + 1) * (threads + 1 + 1L);
        commit(backend, tx -> {
            for (int i = 0; i < keys; i++) {
                tx.put(key(i), value("initial"));
            }
        });
        KvTransaction holder = backend.beginTransaction();
        AtomicLong largest = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService executor = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Random random = new Random(t);
                futures.add(executor.submit(() -> {
                    start.await();
                    for (int round = 0; round < rounds; round++) {
                        switch (random.nextInt(3)) {
                            case 0 -> readSome(random);
                            case 1 -> writeSome(random, keys, round);
                            default -> largest.accumulateAndGet(backend.versionCount(), Math::max);
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get(50, TimeUnit.SECONDS);
            }
        } finally {
            executor.shutdownNow();
            assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
        }
        assertTrue(largest.get() <= bound, "at most " + bound + " versions at any time, saw " + largest.get());
        assertEquals("initial", text(holder.get(key(7))), "the long-lived snapshot still reads the first state");
        holder.close();

        assertEquals(0, backend.openSnapshotCount(), "every snapshot was released");
        assertEquals(scan(backend, ALL).size(), backend.versionCount(), "with no snapshot open, one version per live key");
    }

    private void readSome(Random random) {
        try (KvCursor cursor = backend.scan(ALL, ScanOptions.FORWARD.withLimit(1 + random.nextInt(20)))) {
            cursor.forEachRemaining(item -> { });
        }
    }

    private void writeSome(Random random, int keys, int round) {
        try (KvTransaction tx = backend.beginTransaction()) {
            for (int i = 0; i < 3; i++) {
                int k = random.nextInt(keys);
                if (random.nextInt(4) == 0) {
                    tx.delete(key(k));
                } else {
                    tx.put(key(k), value("round " + round));
                }
            }
            tx.add(key(-1), 1);
            tx.commit();
        } catch (TransactionConflictException expected) {
            // concurrent writers of one key: the loser applies nothing, which is all this test needs
        }
    }
}
