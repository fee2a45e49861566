package io.kvmapper.it.multimap;

import io.kvmapper.spi.KvBackend;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Multimap;
import io.kvmapper.RetryPolicy;
import io.kvmapper.Transaction;
import io.kvmapper.it.TestStores;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The FoundationDB multimap recipe on RocksDB: multiset values, read-free adds, one range read per key. */
class MultimapTest {
    @TempDir
    Path dir;
    KvStore store;
    Multimap<String, String> friends;

    @BeforeEach
    void open() {
        store = TestStores.open(dir);
        friends = store.multimap("friends", String.class, String.class);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void valuesAreAMultisetListedDistinctInValueOrder() {
        friends.add("bob", "carol");
        friends.add("bob", "alice");
        friends.add("bob", "carol");
        friends.add("ann", "zed");
        assertEquals(List.of("alice", "carol"), friends.get("bob"));
        assertEquals(Map.of("alice", 1L, "carol", 2L), friends.counts("bob"));
        assertEquals(List.of("alice", "carol"), new ArrayList<>(friends.counts("bob").keySet()));
        assertTrue(friends.contains("bob", "carol"));
        assertFalse(friends.contains("bob", "zed"));
        assertEquals(2, friends.count("bob", "carol"));
        assertEquals(List.of(), friends.get("nobody"));
    }

    @Test
    void removeDecrementsAndDeletesAtZero() {
        friends.add("bob", "carol");
        friends.add("bob", "carol");
        if (!store.unwrap(KvBackend.class).detectsConflicts()) {
            InvalidRequestException refused = assertThrows(InvalidRequestException.class,
                    () -> friends.remove("bob", "carol"));
            assertTrue(refused.getMessage().contains("allowingNegativeCounts"), refused.getMessage());
            assertEquals(2, friends.count("bob", "carol"), "a refused remove changes nothing");
            return;
        }
        assertTrue(friends.remove("bob", "carol"));
        assertEquals(1, friends.count("bob", "carol"));
        assertTrue(friends.remove("bob", "carol"));
        assertFalse(friends.contains("bob", "carol"));
        assertFalse(friends.remove("bob", "carol"), "nothing left to remove");
        assertEquals(0, itemsOf("bob"), "a pair whose count reached zero leaves no key behind");
    }

    @Test
    void removeAllClearsOneKeyOnly() {
        friends.add("bob", "carol");
        friends.add("bob", "dave");
        friends.add("bobby", "eve");
        friends.removeAll("bob");
        assertEquals(List.of(), friends.get("bob"));
        assertEquals(List.of("eve"), friends.get("bobby"), "a key that starts like another is a separate partition");
    }

    @Test
    void multimapsOfDifferentNamesAndTypesAreSeparate() {
        Multimap<UUID, Instant> logins = store.multimap("logins", UUID.class, Instant.class);
        Multimap<Long, Color> palette = store.multimap("friends-palette", Long.class, Color.class);
        UUID user = new UUID(1, 2);
        Instant t = Instant.parse("2026-11-22T10:00:00Z");
        logins.add(user, t.plusSeconds(5));
        logins.add(user, t);
        palette.add(7L, Color.RED);
        palette.add(7L, Color.BLUE);
        friends.add("bob", "carol");
        assertEquals(List.of(t, t.plusSeconds(5)), logins.get(user));
        assertEquals(List.of(Color.BLUE, Color.RED), palette.get(7L), "enums order by name");
        assertEquals(List.of("carol"), friends.get("bob"));
    }

    @Test
    void negativeCountsMakeRemoveReadFreeAndHoldDebts() {
        Multimap<String, String> debts = store.multimap("debts", String.class, String.class).allowingNegativeCounts();
        debts.remove("alice", "bob");
        debts.remove("alice", "bob");
        debts.add("alice", "carol");
        assertEquals(Map.of("bob", -2L, "carol", 1L), debts.counts("alice"));
        assertEquals(List.of("carol"), debts.get("alice"), "get lists values with a positive count");
        debts.add("alice", "bob", 2);
        assertEquals(Map.of("carol", 1L), debts.counts("alice"), "a settled debt reads as absent");
        assertThrows(InvalidRequestException.class, () -> friends.add("bob", "carol", -1));
    }

    @Test
    void operationsJoinAUnitOfWork() {
        assertThrows(IllegalStateException.class, () -> store.transactResult(tx -> {
            friends.with(tx).add("bob", "carol");
            assertEquals(List.of("carol"), friends.with(tx).get("bob"), "the unit sees its own adds");
            throw new IllegalStateException("roll back");
        }));
        assertEquals(List.of(), friends.get("bob"));
    }

    @Test
    void concurrentAddsToOnePairAreAllCountedAndNeverConflict() throws Exception {
        // With a single attempt, any conflict would surface as TransactionConflictException.
        store.close();
        store = TestStores.open(dir, new RetryPolicy(1, Duration.ZERO, Duration.ZERO));
        Multimap<String, String> shared = store.multimap("likes", String.class, String.class);
        int threads = 8;
        int adds = 500;
        CyclicBarrier start = new CyclicBarrier(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < adds; i++) {
                        shared.add("post-1", "like");
                    }
                    return null;
                }));
            }
            for (Future<?> future : futures) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals((long) threads * adds, shared.count("post-1", "like"));
    }

    @Test
    void concurrentAddsAndRemovesBalance() throws Exception {
        int threads = 4;
        int rounds = 200;
        // where conflicts are not detected, only the read-free remove is exact (and allowed)
        Multimap<String, String> removing = store.unwrap(KvBackend.class).detectsConflicts() ? friends
                : friends.allowingNegativeCounts();
        Map<String, Long> expected = new LinkedHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String value = "v" + (t % 2);
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < rounds; i++) {
                        friends.add("k", value);
                        friends.add("k", value);
                        assertTrue(removing.remove("k", value));
                    }
                    return null;
                }));
            }
            for (Future<?> future : futures) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        expected.put("v0", (long) 2 * rounds);
        expected.put("v1", (long) 2 * rounds);
        assertEquals(expected, friends.counts("k"));
    }

    @Test
    void itemsAreReadableTuplesUnderTheMultimapSpace() {
        friends.add("bob", "carol");
        try (KvCursor cursor = store.unwrap(KvBackend.class).scan(KeyRange.startingWith(new byte[] {0x05}), ScanOptions.FORWARD)) {
            assertEquals("((\"$multimap\", \"friends\", \"bob\"), \"carol\")", Tuples.toString(cursor.next().key()));
        }
        store.transact(tx -> {
            friends.with(tx).add("bob", "dave");
        });
        assertEquals(List.of("carol", "dave"), friends.get("bob"));
    }

    private long itemsOf(String key) {
        long items = 0;
        try (KvCursor cursor = store.unwrap(KvBackend.class).scan(KeyRange.startingWith(new byte[] {0x05}), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                if (Tuples.toString(cursor.next().key()).contains("\"" + key + "\"")) {
                    items++;
                }
            }
        }
        return items;
    }

    /** An enum value type. */
    enum Color {
        RED, BLUE
    }
}
