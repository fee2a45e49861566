package io.kvmapper.benchmarks.feeds;

import io.kvmapper.KvStore;
import io.kvmapper.rocksdb.RocksKvStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a change feed, and what expiry, cost an insert on RocksDB: the same user (a unique email, a status index,
 * a total and a per-status count, as in the store benchmark) inserted plain, with an {@code @Expires} instant (a
 * day ahead, so nothing is reaped while measuring) and with {@code @ChangeFeed}, into a store preloaded with
 * {@code users} of its kind. With expiry each insert also writes an entry of the expiry index; with the feed it
 * also encodes the change and puts it under a key its commit stamps (one more record in the write batch, and one
 * JNI call per group commit for RocksDB's sequence number). Run it alone:
 * {@code java -jar benchmarks.jar ChangeFeedBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ChangeFeedBenchmark {
    /** {@code plain}: neither; {@code expiring}: with {@code @Expires}; {@code feed}: with {@code @ChangeFeed}. */
    @Param({"plain", "expiring", "feed"})
    public String entity;

    /** How many users the store holds before the measured inserts. */
    @Param("100000")
    public int users;

    private Path directory;
    private KvStore store;
    private PlainAccountRepository plain;
    private ExpiringAccountRepository expiring;
    private FeedAccountRepository feed;
    private Instant expiresAt;
    private long next;

    /** Opens a fresh store and loads it. */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
        directory = Files.createTempDirectory("kvmapper-feed-");
        store = RocksKvStore.open(directory);
        plain = new PlainAccountRepository(store);
        expiring = new ExpiringAccountRepository(store);
        expiresAt = Instant.now().plus(Duration.ofDays(1));
        feed = new FeedAccountRepository(store);
        for (int from = 0; from < users; from += 1_000) {
            int to = Math.min(users, from + 1_000);
            store.transact(tx -> {
                for (long id = next; id < to; id++) {
                    insert(tx, id);
                }
            });
            next = to;
        }
    }

    /** Closes the store and deletes it. */
    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        store.close();
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    /** One insert of a new user, a unit of work of its own. */
    @Benchmark
    public Object insert() {
        long id = next++;
        return switch (entity) {
            case "feed" -> feed.insert(feedAccount(id));
            case "expiring" -> expiring.insert(expiringAccount(id));
            default -> plain.insert(plainAccount(id));
        };
    }

    private void insert(io.kvmapper.Transaction tx, long id) {
        switch (entity) {
            case "feed" -> feed.with(tx).insert(feedAccount(id));
            case "expiring" -> expiring.with(tx).insert(expiringAccount(id));
            default -> plain.with(tx).insert(plainAccount(id));
        }
    }

    private static FeedAccount feedAccount(long id) {
        return new FeedAccount(id, "user" + id + "@example.com", "User " + id, status(id));
    }

    private ExpiringAccount expiringAccount(long id) {
        return new ExpiringAccount(id, "user" + id + "@example.com", "User " + id, status(id), expiresAt);
    }

    private static PlainAccount plainAccount(long id) {
        return new PlainAccount(id, "user" + id + "@example.com", "User " + id, status(id));
    }

    private static String status(long id) {
        return id % 10 == 0 ? "SUSPENDED" : "ACTIVE";
    }
}
