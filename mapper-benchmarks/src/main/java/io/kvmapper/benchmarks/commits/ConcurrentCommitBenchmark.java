package io.kvmapper.benchmarks.commits;

import io.kvmapper.rocksdb.RocksBackend;
import io.kvmapper.rocksdb.RocksKvStore;
import io.kvmapper.spi.KvTransaction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Commits from several threads at once on the RocksDB backend, with and without {@code fsync} per
 * commit: how well concurrent commits share a write-ahead-log write (group commit). Each transaction
 * reads an absent key of its thread (tracked), writes it, and adds to a counter all threads share, like
 * an insert's existence check, record and counter. Run it alone:
 * {@code java -jar benchmarks.jar ConcurrentCommitBenchmark -t 4}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
@Threads(4)
public class ConcurrentCommitBenchmark {
    private static final byte[] SHARED_COUNTER = {'c'};

    /** Whether every commit waits for {@code fsync} of the write-ahead log. */
    @Param({"false", "true"})
    public boolean syncWrites;

    private final AtomicInteger threads = new AtomicInteger();
    private Path directory;
    private RocksBackend backend;

    /** Opens a fresh store. */
    @Setup(Level.Trial)
    public void open() throws IOException {
        directory = Files.createTempDirectory("kvmapper-commits-");
        backend = RocksKvStore.openBackend(directory, RocksKvStore.options().syncWrites(syncWrites));
    }

    /** Closes the store and deletes it. */
    @TearDown(Level.Trial)
    public void close() throws IOException {
        backend.close();
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

    /** One thread's keys. */
    @State(Scope.Thread)
    public static class Writer {
        private int thread;
        private int next;

        /** Takes a thread number. */
        @Setup(Level.Trial)
        public void number(ConcurrentCommitBenchmark benchmark) {
            thread = benchmark.threads.getAndIncrement();
        }

        byte[] nextKey() {
            return ByteBuffer.allocate(2 * Integer.BYTES).putInt(thread).putInt(next++).array();
        }
    }

    /** One transaction: a tracked read of an absent key, a put of it, an add to the shared counter. */
    @Benchmark
    public void commit(Writer writer) {
        byte[] key = writer.nextKey();
        try (KvTransaction tx = backend.beginTransaction()) {
            if (tx.get(key) != null) {
                throw new IllegalStateException("key written twice");
            }
            tx.put(key, key);
            tx.add(SHARED_COUNTER, 1);
            tx.commit();
        }
    }
}
