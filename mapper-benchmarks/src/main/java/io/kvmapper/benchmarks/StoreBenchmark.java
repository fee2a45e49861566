package io.kvmapper.benchmarks;

import io.kvmapper.benchmarks.shop.Order;
import io.kvmapper.benchmarks.shop.User;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The e-commerce workload, one operation per benchmark method, for every contender. Each trial builds a
 * fresh store in a temporary directory: {@link #users} users and {@link Workload#ORDERS_PER_USER} orders
 * for each of the first {@link #usersWithOrders}, loaded one insert at a time through the contender's own
 * write path; then the store is closed and opened again, so that reads start from table files (with the
 * Bloom filter and the block cache) rather than a memtable holding everything. Single-threaded.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class StoreBenchmark {
    /** The length of {@link #usersOfStatus()}'s list: issue 16's "first 100 users of a status". */
    public static final int LIST_SIZE = 100;

    /**
     * The contender: {@code raw} (hand-written RocksDB), {@code kvmapper} (JSON values),
     * {@code kvmapper-proto} (Protobuf values), {@code kvmapper-apk} (one key per attribute),
     * {@code bdbje} (Berkeley DB JE's DPL), {@code h2} or {@code sqlite}.
     */
    @Param({"raw", "kvmapper", "kvmapper-proto", "kvmapper-apk", "bdbje", "h2", "sqlite"})
    public String contender;

    /**
     * The order of the user ids ({@link Workload.KeyOrder}): {@code sequential} ({@code 0, 1, 2, ...}) or
     * {@code random} (distinct positive longs in random order); {@code -p keys=sequential,random} runs both.
     */
    @Param("sequential")
    public String keys = "sequential";

    /** Users loaded before measuring. */
    @Param("100000")
    public int users;

    /** Users that get {@link Workload#ORDERS_PER_USER} orders each. */
    @Param("1000")
    public int usersWithOrders;

    private Path directory;
    private Workload.KeyOrder keyOrder;
    private Contender store;
    private long nextNewUser;
    private long random = 42;
    private long step;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        keyOrder = Workload.KeyOrder.named(keys);
        directory = Files.createTempDirectory("kvmapper-bench-" + contender + "-");
        try {
            store = loadedStore(contender, directory, keyOrder, users, usersWithOrders);
            nextNewUser = users;
        } catch (RuntimeException e) {
            // JMH skips the tear-down of a trial whose set-up failed.
            tearDown();
            throw e;
        }
    }

    /**
     * Loads the workload into a new store of contender {@code name} in {@code dir}, closes it and opens it
     * again, and checks that it reads back what was loaded: the set-up of a trial.
     */
    static Contender loadedStore(String name, Path dir, Workload.KeyOrder keys, int users, int usersWithOrders) {
        try (Contender loading = open(name, dir)) {
            Workload.load(loading, keys, users, usersWithOrders);
        }
        Contender store = open(name, dir);
        try {
            check(name, store, keys, users, usersWithOrders);
            return store;
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (store != null) {
            store.close();
            store = null;
        }
        deleteTree(directory);
    }

    /** Deletes {@code directory} and everything in it. */
    public static void deleteTree(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(StoreBenchmark::delete);
        }
    }

    /**
     * Opens contender {@code name} on {@code dir}. Besides the {@link #contender} values, {@code kvmapper-nocache}
     * is {@code kvmapper} with the entity cache turned off ({@code entityCacheSize(0)}), for runs that ask what the
     * cache changes: {@code -p contender=kvmapper,kvmapper-nocache}.
     */
    public static Contender open(String name, Path dir) {
        return switch (name) {
            case "raw" -> new RawRocksContender(dir);
            case "kvmapper" -> new KvMapperContender(dir, MapperShop::json);
            case "kvmapper-nocache" -> new KvMapperContender(dir, MapperShop::json, 0);
            case "kvmapper-proto" -> new KvMapperContender(dir, MapperShop::protobuf);
            case "kvmapper-apk" -> new KvMapperContender(dir, MapperShop::attributePerKey);
            case "bdbje" -> new BerkeleyJeContender(dir);
            case "h2" -> JdbcContender.h2(dir);
            case "sqlite" -> JdbcContender.sqlite(dir);
            default -> throw new IllegalArgumentException("unknown contender " + name);
        };
    }

    /** Insert of a new user: the record, its email and status entries, and the two counters. */
    @Benchmark
    public void insertUser() {
        store.insertUser(Workload.user(keyOrder.id(nextNewUser++)));
    }

    /** Point read of a user by id. */
    @Benchmark
    public User findById() {
        return store.findUser(randomUser());
    }

    /** Read of a user through the unique email index. */
    @Benchmark
    public User findByEmail() {
        return store.findUserByEmail(Workload.email(randomUser()));
    }

    /** Prefix scan of the 100 orders of one user. */
    @Benchmark
    public List<Order> ordersOfUser() {
        return store.ordersOf(keyOrder.id(next() % usersWithOrders));
    }

    /** The first {@link #LIST_SIZE} users of one status, in id order, through the status index. */
    @Benchmark
    public List<User> usersOfStatus() {
        return store.usersWithStatus(Workload.status(next()), LIST_SIZE);
    }

    /** One-field partial update: a user's status, with its index entry and counter groups. */
    @Benchmark
    public boolean updateStatus() {
        long id = randomUser();
        return store.updateStatus(id, Workload.status(id + ++step));
    }

    /** Read of one counter group. */
    @Benchmark
    public long countByStatus() {
        return store.countByStatus(Workload.status(next()));
    }

    private long randomUser() {
        return keyOrder.id(next() % users);
    }

    /** A deterministic pseudo-random non-negative number (a 64-bit LCG's high bits). */
    private long next() {
        random = random * 6364136223846793005L + 1442695040888963407L;
        return random >>> 33;
    }

    /** Fails the trial if the loaded store does not hold what the workload wrote. */
    private static void check(String name, Contender store, Workload.KeyOrder keys, int users, int usersWithOrders) {
        long last = keys.id(users - 1);
        require(Workload.user(last).equals(store.findUser(last)), name, "findUser");
        require(Workload.user(last).equals(store.findUserByEmail(Workload.email(last))), name, "findUserByEmail");
        require(store.ordersOf(keys.id(0)).size() == (usersWithOrders > 0 ? Workload.ORDERS_PER_USER : 0), name,
                "ordersOf");
        long counted = 0;
        for (User.Status status : User.Status.values()) {
            counted += store.countByStatus(status);
        }
        require(counted == users, name, "countByStatus");
    }

    private static void require(boolean ok, String name, String what) {
        if (!ok) {
            throw new IllegalStateException(name + ": " + what + " does not return what was loaded");
        }
    }

    private static void delete(Path path) {
        try {
            Files.delete(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
