package io.kvmapper.benchmarks;

import io.kvmapper.KvStore;
import io.kvmapper.benchmarks.shop.User;
import io.kvmapper.rocksdb.RocksKvStore;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.ref.Reference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Stream;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.UInt64AddOperator;

/**
 * How much heap the entity cache ({@code docs/caching.md}) takes, per cached entity and against its bound. Loads the
 * store benchmark's users (JSON and Protobuf), then, for each, opens the store with the cache off and with the
 * default bound, reads every user by id twice (so that every one is cached while the bound allows), collects
 * garbage until the used heap settles and reports the difference: the cache's own heap, the store open in both;
 * with the stored bytes of a record (key and value, read from the store) beside it. With few users the figure per
 * record is the heap of one entry; with more users than the bound holds, the ratio to the bound is what the
 * bound's estimate is worth. Not a JMH benchmark: it measures memory, not time.
 *
 * <pre>
 * java -Xmx2g -cp mapper-benchmarks/target/benchmarks.jar io.kvmapper.benchmarks.CacheFootprint [users]
 * </pre>
 */
public final class CacheFootprint {
    private CacheFootprint() {
    }

    /**
     * Runs the measurement.
     *
     * @param args the number of users (default 100,000)
     */
    public static void main(String[] args) throws IOException {
        run(args.length > 0 ? Integer.parseInt(args[0]) : 100_000, System.out);
    }

    /** Measures with {@code users} users of each codec, and prints a line for each on {@code out}. */
    static void run(int users, PrintStream out) throws IOException {
        out.printf(Locale.ROOT, "users: %,d; cache bound: %,d bytes (the default)%n", users,
                RocksKvStore.Options.DEFAULT_ENTITY_CACHE_SIZE);
        measure("JSON", "User", MapperShop::json, users, out);
        measure("Protobuf", "ProtoUser", MapperShop::protobuf, users, out);
    }

    private static void measure(String codec, String entityName, Function<KvStore, MapperShop> variant, int users,
            PrintStream out) throws IOException {
        Path directory = Files.createTempDirectory("kvmapper-cache-footprint-");
        try {
            try (KvStore store = open(directory, 0)) {
                MapperShop shop = variant.apply(store);
                for (int from = 0; from < users; from += 1_000) {
                    List<User> batch = new ArrayList<>(1_000);
                    for (long id = from; id < Math.min(users, from + 1_000); id++) {
                        batch.add(Workload.user(id));
                    }
                    store.transact(tx -> batch.forEach(user -> shop.insert(tx, user)));
                }
            }
            long[] stored = storedRecordBytes(directory, entityName);
            long off = heapAfterReadingAll(directory, 0, variant, users);
            long bound = RocksKvStore.Options.DEFAULT_ENTITY_CACHE_SIZE;
            long on = heapAfterReadingAll(directory, bound, variant, users);
            out.printf(Locale.ROOT, "%s: %,d records of %.1f stored bytes (key and value); heap with the cache"
                    + " %,d bytes more than without: %.1f bytes per record read, %.2fx the bound%n", codec, stored[0],
                    (double) stored[1] / stored[0], on - off, (double) (on - off) / stored[0],
                    (double) (on - off) / bound);
        } finally {
            delete(directory);
        }
    }

    private static KvStore open(Path directory, long entityCacheBytes) {
        return RocksSettings.openMapperStore(directory, entityCacheBytes);
    }

    /** Used heap, after reading every user twice on a store opened with this cache bound, the store still open. */
    private static long heapAfterReadingAll(Path directory, long entityCacheBytes,
            Function<KvStore, MapperShop> variant, int users) {
        try (KvStore store = open(directory, entityCacheBytes)) {
            MapperShop shop = variant.apply(store);
            long found = 0;
            for (int round = 0; round < 2; round++) {
                for (long id = 0; id < users; id++) {
                    found += shop.find(id) != null ? 1 : 0;
                }
            }
            if (found != 2L * users) {
                throw new IllegalStateException("read " + found + " users of " + 2L * users);
            }
            long used = settledHeap();
            Reference.reachabilityFence(shop);
            return used;
        }
    }

    /** The used heap once collections stop lowering it (at most ten). */
    private static long settledHeap() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 10; i++) {
            System.gc();
            long now = memory.getHeapMemoryUsage().getUsed();
            if (now >= used) {
                return now;
            }
            used = now;
        }
        return used;
    }

    /** The number of records of {@code entityName} and the bytes of their keys and values, read from the store. */
    private static long[] storedRecordBytes(Path directory, String entityName) {
        byte[] prefix = RawKeys.recordHead(entityName);
        long count = 0;
        long bytes = 0;
        // opened for writing (nothing is written) so that RocksDB replays its write-ahead log, where the users may
        // still be; with the merge operator the store's counters use
        try (UInt64AddOperator counters = new UInt64AddOperator();
                Options options = new Options().setMergeOperator(counters);
                RocksDB db = RocksDB.open(options, directory.toString());
                RocksIterator it = db.newIterator()) {
            for (it.seek(prefix); it.isValid(); it.next()) {
                byte[] key = it.key();
                if (key.length < prefix.length || !Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length)) {
                    break;
                }
                count++;
                bytes += key.length + it.value().length;
            }
        } catch (RocksDBException e) {
            throw new IllegalStateException("could not read " + directory, e);
        }
        return new long[] {count, bytes};
    }

    private static void delete(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
