package io.kvmapper.benchmarks;

import io.kvmapper.KvStore;
import io.kvmapper.internal.index.ComponentKeys;
import io.kvmapper.internal.index.ComponentKind;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.layout.RecordKeys;
import io.kvmapper.internal.maintenance.OnlineBuilder;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.rocksdb.RocksKvStore;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The cost of dropping an index on RocksDB, per entry, at several sizes: how the online builder deletes a
 * component's items (the same code clears an index before it is rebuilt, and after a failed unique build).
 * For each size it writes that many non-unique entries of one index into a new store, in units of 10,000,
 * closes and reopens the store (so that the drop starts from a store as an application would open it),
 * then drops the index through the store's {@link OnlineBuilder} and times it until the builder is idle.
 * Not a JMH benchmark: one drop is one long measurement, and what matters is how its cost per entry moves
 * with the size (flat when the drop is linear).
 *
 * <pre>
 * java -cp mapper-benchmarks/target/benchmarks.jar io.kvmapper.benchmarks.DropIndexBenchmark \
 *     [SIZE...] [--rescan]
 * </pre>
 *
 * <p>Sizes default to 100000 400000 1000000. {@code --rescan} drops with the algorithm the builder had
 * before issue 20 (each batch of 500 scans the index from its start again, walking the deletion markers of
 * every earlier batch), reproduced here with the same storage calls, as the baseline. Prints one
 * tab-separated line per size: algorithm, entries, seconds, microseconds per entry; and fails if an entry
 * is left.
 */
public final class DropIndexBenchmark {
    private static final String ENTITY = "DropBench";
    private static final KeyLayout LAYOUT = new KeyLayout(ENTITY, 1);
    private static final int WRITE_UNIT = 10_000;
    private static final int BATCH = 500;

    private DropIndexBenchmark() {
    }

    /** Runs the drops; see the class comment for the arguments. */
    public static void main(String[] args) throws IOException {
        boolean rescan = false;
        List<Integer> sizes = new ArrayList<>();
        for (String arg : args) {
            if (arg.equals("--rescan")) {
                rescan = true;
            } else {
                sizes.add(Integer.parseInt(arg.replace("_", "")));
            }
        }
        if (sizes.isEmpty()) {
            sizes = List.of(100_000, 400_000, 1_000_000);
        }
        System.out.println("algorithm\tentries\tseconds\tus_per_entry");
        for (int size : sizes) {
            Path directory = Files.createTempDirectory("kvmapper-drop-");
            try {
                double seconds = run(directory.resolve("store"), size, rescan);
                System.out.printf(Locale.ROOT, "%s\t%d\t%.2f\t%.2f%n", rescan ? "rescan (before)" : "resume",
                        size, seconds, seconds * 1e6 / size);
            } finally {
                deleteTree(directory);
            }
        }
    }

    /** Fills a store with {@code size} entries of one index, reopens it, drops the index: the seconds the drop took. */
    static double run(Path store, int size, boolean rescan) {
        ComponentKeys index = ComponentKind.INDEX.keys(LAYOUT, "byCity");
        try (KvStore filling = RocksKvStore.open(store)) {
            fill(filling.unwrap(KvBackend.class), index, size);
        }
        try (KvStore reopened = RocksKvStore.open(store)) {
            KvStoreImpl impl = KvStoreImpl.of(reopened);
            long start = System.nanoTime();
            if (rescan) {
                dropByRescanning(impl, index);
            } else {
                impl.component(OnlineBuilder.class, OnlineBuilder::new).drop(index);
                if (!reopened.awaitSchemaBuilds(Duration.ofHours(2))) {
                    throw new IllegalStateException("the drop did not finish within two hours");
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            try (KvCursor left = impl.backend().scan(index.items(), ScanOptions.FORWARD.withLimit(1))) {
                if (left.hasNext()) {
                    throw new IllegalStateException("the drop left " + left.next());
                }
            }
            return seconds;
        }
    }

    /** Writes {@code size} entries ((entity, "i", index), city, id) with empty values, as a non-unique index holds. */
    private static void fill(KvBackend backend, ComponentKeys index, int size) {
        byte[] recordHead = RecordKeys.partitionHead(ENTITY);
        for (int from = 0; from < size; from += WRITE_UNIT) {
            try (KvTransaction tx = backend.beginTransaction()) {
                for (int id = from; id < Math.min(size, from + WRITE_UNIT); id++) {
                    byte[] recordKey = new TupleWriter(32).beginNested().appendRaw(recordHead).writeLong(id)
                            .endNested().toByteArray();
                    byte[] value = new TupleWriter(16).writeString("city" + id % 1000).toByteArray();
                    tx.put(LAYOUT.entry(index.prefix(), value, recordKey), new byte[0]);
                }
                tx.commit();
            }
        }
    }

    /** The builder's clear loop before issue 20: every batch scans the index from its start. */
    private static void dropByRescanning(KvStoreImpl store, ComponentKeys index) {
        while (true) {
            int deleted = store.transactKvResult(kv -> {
                List<KeyValue> items = new ArrayList<>();
                try (KvCursor cursor = kv.scan(index.items(), ScanOptions.FORWARD.withLimit(BATCH))) {
                    while (cursor.hasNext()) {
                        items.add(cursor.next());
                    }
                }
                for (KeyValue item : items) {
                    index.kind().remove(kv, item);
                }
                return items.size();
            });
            if (deleted < BATCH) {
                return;
            }
        }
    }

    private static void deleteTree(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
