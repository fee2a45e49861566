package io.kvmapper.benchmarks.layouts;

import io.kvmapper.KvStore;
import io.kvmapper.benchmarks.StoreBenchmark;
import io.kvmapper.rocksdb.RocksKvStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
 * Where each record layout pays off: one entity with a title, a view count and a list of
 * {@code entries} strings, stored monolithic or attribute-per-key, on RocksDB. {@code append} adds
 * an entry to the list, {@code updateViews} sets one scalar field, {@code read} reads the whole
 * entity. Neither entity has indexes or counters, so a change need not read what it does not touch.
 *
 * <p>Each measured iteration is one batch of {@value #BATCH} calls on an entity saved afresh, under a
 * new key, just before it: so appends grow the list by at most {@value #BATCH} over its size, and no
 * earlier iteration's deletions lie in the way of a scan. Run it with its own iteration settings:
 * {@code java -jar benchmarks.jar LayoutBenchmark -prof io.kvmapper.benchmarks.CpuTimeProfiler}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 300, batchSize = LayoutBenchmark.BATCH)
@Measurement(iterations = 100, batchSize = LayoutBenchmark.BATCH)
@Fork(1)
public class LayoutBenchmark {
    /** Calls per measured batch. */
    static final int BATCH = 100;

    /** {@code monolithic} or {@code attribute-per-key}. */
    @Param({"monolithic", "attribute-per-key"})
    public String layout;

    /** How many entries the list holds. */
    @Param({"10", "1000"})
    public int entries;

    private Path directory;
    private KvStore store;
    private Feeds feeds;
    private List<String> list;
    private long id;
    private long views;

    /** The two generated repositories behind one face. */
    private interface Feeds {
        void save(long id, String title, long views, List<String> entries);

        boolean append(long id, String entry);

        boolean updateViews(long id, long views);

        Object read(long id);
    }

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        directory = Files.createTempDirectory("kvmapper-layouts-");
        store = RocksKvStore.open(directory);
        if (layout.equals("monolithic")) {
            MonoFeedRepository repository = new MonoFeedRepository(store);
            feeds = new Feeds() {
                public void save(long id, String title, long views, List<String> entries) {
                    repository.save(new MonoFeed(id, title, views, entries));
                }

                public boolean append(long id, String entry) {
                    return repository.appendEntries(id, entry);
                }

                public boolean updateViews(long id, long views) {
                    return repository.updateViews(id, views);
                }

                public Object read(long id) {
                    return repository.findById(id).orElseThrow();
                }
            };
        } else {
            ApkFeedRepository repository = new ApkFeedRepository(store);
            feeds = new Feeds() {
                public void save(long id, String title, long views, List<String> entries) {
                    repository.save(new ApkFeed(id, title, views, entries));
                }

                public boolean append(long id, String entry) {
                    return repository.appendEntries(id, entry);
                }

                public boolean updateViews(long id, long views) {
                    return repository.updateViews(id, views);
                }

                public Object read(long id) {
                    return repository.findById(id).orElseThrow();
                }
            };
        }
        list = new ArrayList<>(entries);
        for (int i = 0; i < entries; i++) {
            list.add("entry number " + i + " of the feed, about forty bytes");
        }
    }

    /** A fresh entity for each batch. */
    @Setup(Level.Iteration)
    public void saveAFreshFeed() {
        feeds.save(++id, "The feed", 0, list);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        store.close();
        try {
            StoreBenchmark.deleteTree(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Appends one entry to the list. */
    @Benchmark
    public boolean append() {
        return feeds.append(id, "one more entry of the feed, about forty bytes");
    }

    /** Sets the view count. */
    @Benchmark
    public boolean updateViews() {
        return feeds.updateViews(id, ++views);
    }

    /** Reads the whole entity. */
    @Benchmark
    public Object read() {
        return feeds.read(id);
    }
}
