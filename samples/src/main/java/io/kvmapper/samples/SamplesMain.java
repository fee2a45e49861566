package io.kvmapper.samples;

import io.kvmapper.KvStore;
import io.kvmapper.rocksdb.RocksKvStore;
import io.kvmapper.samples.events.EventLogSample;
import io.kvmapper.samples.graph.GraphSample;
import io.kvmapper.samples.mapsandarrays.MapsAndArraysSample;
import io.kvmapper.samples.metrics.MetricsSample;
import io.kvmapper.samples.multimap.MultimapSample;
import io.kvmapper.samples.org.OrgChartSample;
import io.kvmapper.samples.shop.ShopSample;
import io.kvmapper.samples.twolevel.TwoLevelMapSample;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The samples' main job: runs every sample against one embedded RocksDB store, printing what each
 * does. With a directory argument the store is kept there; without one it lives in a temporary
 * directory that is deleted afterwards.
 */
public final class SamplesMain {
    /** Every sample, in the order they run. */
    public static List<Sample> samples() {
        return List.of(new OrgChartSample(), new ShopSample(), new MapsAndArraysSample(), new TwoLevelMapSample(),
                new EventLogSample(), new GraphSample(), new MetricsSample(), new MultimapSample());
    }

    private SamplesMain() {
    }

    /**
     * Runs every sample.
     *
     * @param args an optional directory for the store
     */
    public static void main(String[] args) throws IOException {
        boolean temporary = args.length == 0 || args[0] == null || args[0].isBlank();
        Path dir = temporary ? Files.createTempDirectory("kvmapper-samples") : Path.of(args[0]);
        PrintStream out = System.out;
        out.println("KV Mapper samples, store at " + dir.toAbsolutePath());
        try {
            runAll(dir, out);
        } finally {
            if (temporary) {
                deleteRecursively(dir);
            }
        }
    }

    /** Runs every sample against a store in {@code dir}. */
    public static void runAll(Path dir, PrintStream out) {
        try (KvStore store = RocksKvStore.open(dir)) {
            for (Sample sample : samples()) {
                out.println();
                out.println("== " + sample.title());
                sample.run(store, out);
            }
        }
        out.println();
        out.println("all samples done");
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
