package io.kvmapper.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.benchmarks.shop.User;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;
import org.rocksdb.UInt64AddOperator;

/** Runs every benchmark method once per contender on a tiny store, without timing anything. */
class StoreBenchmarkSmokeTest {
    @ParameterizedTest
    @ValueSource(strings = {"raw", "kvmapper", "kvmapper-proto", "kvmapper-apk", "bdbje", "h2", "sqlite"})
    void everyOperationWorksOnEveryContenderWithEitherKeyOrder(String contender) throws Exception {
        for (String keys : List.of("sequential", "random")) {
            StoreBenchmark benchmark = new StoreBenchmark();
            benchmark.contender = contender;
            benchmark.keys = keys;
            benchmark.users = 30;
            benchmark.usersWithOrders = 2;
            benchmark.setUp();
            try {
                benchmark.insertUser();
                assertNotNull(benchmark.findById(), keys);
                assertNotNull(benchmark.findByEmail(), keys);
                assertEquals(Workload.ORDERS_PER_USER, benchmark.ordersOfUser().size(), keys);
                assertFalse(benchmark.usersOfStatus().isEmpty(), keys);
                assertTrue(benchmark.updateStatus(), keys);
                assertTrue(benchmark.countByStatus() > 0, keys);
            } finally {
                benchmark.tearDown();
            }
        }
    }

    /**
     * The status list has the same semantics everywhere: the first users of the status in id order, cut at
     * the limit, and the list follows an update of the status.
     */
    @ParameterizedTest
    @ValueSource(strings = {"raw", "kvmapper", "kvmapper-proto", "kvmapper-apk", "bdbje", "h2", "sqlite"})
    void everyContenderListsTheSameFirstUsersOfAStatus(String contender, @TempDir Path dir) {
        Workload.KeyOrder keys = Workload.KeyOrder.RANDOM;
        int users = 60;
        try (Contender store = StoreBenchmark.open(contender, dir)) {
            Workload.load(store, keys, users, 0);
            long moved = keys.id(7);
            User.Status from = Workload.status(moved);
            User.Status to = Workload.status(moved + 1);
            assertTrue(store.updateStatus(moved, to));
            for (User.Status status : User.Status.values()) {
                List<User> expected = LongStream.range(0, users).map(keys::id).sorted()
                        .mapToObj(id -> id == moved ? Workload.user(id).withStatus(to) : Workload.user(id))
                        .filter(user -> user.status() == status).limit(7).toList();
                assertEquals(7, expected.size());
                assertEquals(expected, store.usersWithStatus(status, 7), status.name());
            }
            assertFalse(store.usersWithStatus(from, users).stream().anyMatch(user -> user.id() == moved));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sequential", "random"})
    void everyConcurrentGroupMethodWorks(String keys) throws Exception {
        for (String contender : List.of("raw", "kvmapper", "kvmapper-proto")) {
            ConcurrentStoreBenchmark benchmark = new ConcurrentStoreBenchmark();
            benchmark.contender = contender;
            benchmark.keys = keys;
            benchmark.users = 30;
            benchmark.usersWithOrders = 2;
            benchmark.setUp();
            try {
                ConcurrentStoreBenchmark.Reader reader = new ConcurrentStoreBenchmark.Reader();
                assertNotNull(benchmark.byIdRead(reader));
                assertNotNull(benchmark.byEmailRead(reader));
                assertEquals(Workload.ORDERS_PER_USER, benchmark.ordersRead(reader).size());
                assertTrue(benchmark.byIdUpdate());
                assertTrue(benchmark.byEmailUpdate());
                benchmark.ordersInsert();
            } finally {
                benchmark.tearDown();
            }
        }
    }

    @Test
    void randomKeysAreDistinctPositiveAndUnordered() {
        Workload.KeyOrder random = Workload.KeyOrder.named("random");
        TreeSet<Long> ids = new TreeSet<>();
        int ascending = 0;
        for (long n = 0; n < 100_000; n++) {
            long id = random.id(n);
            assertTrue(id >= 0, "id " + id);
            assertTrue(ids.add(id), "id " + id + " repeats");
            if (n > 0 && id > random.id(n - 1)) {
                ascending++;
            }
        }
        assertTrue(ascending > 45_000 && ascending < 55_000, "ascending steps: " + ascending);
        assertEquals(12_345, Workload.KeyOrder.named("sequential").id(12_345));
    }

    @ParameterizedTest
    @ValueSource(strings = {"raw", "kvmapper", "kvmapper-proto", "kvmapper-apk", "bdbje", "h2", "sqlite"})
    void theBulkLoadLoadsInUnitsAndReportsAfterEachStep(String contender, @TempDir Path dir) {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        BulkLoad.run(contender, dir, 250, 40, 100, new PrintStream(printed, true, StandardCharsets.UTF_8));
        List<String> lines = printed.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(4, lines.size(), "a header and reports at 100, 200 and 250 users: " + lines);
        assertEquals(List.of("100", "200", "250"), lines.stream().skip(1).map(line -> line.split("\t")[1]).toList());
        boolean rocks = contender.equals("raw") || contender.startsWith("kvmapper");
        assertEquals(rocks, lines.get(3).contains("memtables"), lines.get(3));
    }

    /** The raw contender is only a fair limit if it writes exactly the keys the mapper writes. */
    @Test
    void rawContenderWritesTheMappersKeys(@TempDir Path dir) throws Exception {
        Path raw = dir.resolve("raw");
        Path mapper = dir.resolve("kvmapper");
        try (Contender store = StoreBenchmark.open("raw", raw)) {
            Workload.load(store, 20, 2);
            store.updateStatus(3, Workload.status(4));
        }
        try (Contender store = StoreBenchmark.open("kvmapper", mapper)) {
            Workload.load(store, 20, 2);
            store.updateStatus(3, Workload.status(4));
        }
        TreeSet<String> rawKeys = keys(raw);
        TreeSet<String> mapperKeys = keys(mapper);
        assertFalse(rawKeys.isEmpty());
        assertEquals(rawKeys, mapperKeys);
    }

    /** Every key of the store but the mapper's metadata area, as hex. */
    private static TreeSet<String> keys(Path dir) throws Exception {
        TreeSet<String> keys = new TreeSet<>();
        try (UInt64AddOperator merge = new UInt64AddOperator();
                Options options = new Options().setMergeOperator(merge);
                RocksDB db = RocksDB.openReadOnly(options, dir.toString());
                RocksIterator it = db.newIterator()) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                String hex = HexFormat.of().formatHex(it.key());
                if (!hex.contains("00026d00")) {
                    keys.add(hex);
                }
            }
        }
        return keys;
    }
}
