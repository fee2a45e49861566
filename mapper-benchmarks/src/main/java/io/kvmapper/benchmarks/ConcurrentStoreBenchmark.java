package io.kvmapper.benchmarks;

import io.kvmapper.benchmarks.shop.Order;
import io.kvmapper.benchmarks.shop.User;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * {@link StoreBenchmark}'s workload with 4 reader threads and 1 writer thread on the same store, one JMH
 * group per kind of read: {@code byId} (4 threads of {@code findById}, 1 of {@code updateStatus}),
 * {@code byEmail} (4 of {@code findByEmail}, 1 of {@code updateStatus}) and {@code orders} (4 of
 * {@code ordersOfUser}, 1 of {@code insertUser}). JMH reports each group's total and each method's own
 * throughput. The store is loaded and reopened as in {@link StoreBenchmark}. Only the contenders whose
 * store is safe to share between threads as they stand take part: hand-written RocksDB (its
 * read-modify-write update has no concurrent writer to race with, there being one writer thread) and the
 * mapper's.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ConcurrentStoreBenchmark {
    /** The contender: {@code raw}, {@code kvmapper} or {@code kvmapper-proto}, as in {@link StoreBenchmark}. */
    @Param({"raw", "kvmapper", "kvmapper-proto"})
    public String contender;

    /** The order of the user ids ({@link Workload.KeyOrder}): {@code sequential} or {@code random}. */
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
    /** The writer's state: one writer thread per group, so plain fields. */
    private long nextNewUser;
    private long step;
    private long writerRandom = 7;

    /** One reader thread's own pseudo-random sequence, seeded by the thread's index. */
    @State(Scope.Thread)
    public static class Reader {
        private long random;

        @Setup(Level.Trial)
        public void setUp(ThreadParams thread) {
            random = 42 + thread.getThreadIndex() * 0x9E3779B97F4A7C15L;
        }

        /** A deterministic pseudo-random non-negative number (a 64-bit LCG's high bits). */
        long next() {
            random = random * 6364136223846793005L + 1442695040888963407L;
            return random >>> 33;
        }
    }

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        keyOrder = Workload.KeyOrder.named(keys);
        directory = Files.createTempDirectory("kvmapper-concurrent-" + contender + "-");
        try {
            store = StoreBenchmark.loadedStore(contender, directory, keyOrder, users, usersWithOrders);
            nextNewUser = users;
        } catch (RuntimeException e) {
            // JMH skips the tear-down of a trial whose set-up failed.
            tearDown();
            throw e;
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (store != null) {
            store.close();
            store = null;
        }
        StoreBenchmark.deleteTree(directory);
    }

    /** Point read of a random user by id, on 4 threads. */
    @Benchmark
    @Group("byId")
    @GroupThreads(4)
    public User byIdRead(Reader reader) {
        return store.findUser(keyOrder.id(reader.next() % users));
    }

    /** A random user's status update, on 1 thread, beside {@link #byIdRead}. */
    @Benchmark
    @Group("byId")
    @GroupThreads(1)
    public boolean byIdUpdate() {
        return updateStatus();
    }

    /** Read of a random user through the unique email index, on 4 threads. */
    @Benchmark
    @Group("byEmail")
    @GroupThreads(4)
    public User byEmailRead(Reader reader) {
        return store.findUserByEmail(Workload.email(keyOrder.id(reader.next() % users)));
    }

    /** A random user's status update, on 1 thread, beside {@link #byEmailRead}. */
    @Benchmark
    @Group("byEmail")
    @GroupThreads(1)
    public boolean byEmailUpdate() {
        return updateStatus();
    }

    /** The 100 orders of a random user with orders (a prefix scan), on 4 threads. */
    @Benchmark
    @Group("orders")
    @GroupThreads(4)
    public List<Order> ordersRead(Reader reader) {
        return store.ordersOf(keyOrder.id(reader.next() % usersWithOrders));
    }

    /** Insert of a new user, on 1 thread, beside {@link #ordersRead}. */
    @Benchmark
    @Group("orders")
    @GroupThreads(1)
    public void ordersInsert() {
        store.insertUser(Workload.user(keyOrder.id(nextNewUser++)));
    }

    private boolean updateStatus() {
        writerRandom = writerRandom * 6364136223846793005L + 1442695040888963407L;
        long id = keyOrder.id((writerRandom >>> 33) % users);
        return store.updateStatus(id, Workload.status(id + ++step));
    }
}
