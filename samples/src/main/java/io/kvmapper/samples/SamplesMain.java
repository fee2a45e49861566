package io.kvmapper.samples;

import io.kvmapper.KvStore;
import io.kvmapper.cassandra.CassandraKvStore;
import io.kvmapper.rocksdb.RocksKvStore;
import io.kvmapper.samples.documents.ChunkedDocumentSample;
import io.kvmapper.samples.events.EventLogSample;
import io.kvmapper.samples.feed.OrderFeedSample;
import io.kvmapper.samples.graph.GraphSample;
import io.kvmapper.samples.mapsandarrays.MapsAndArraysSample;
import io.kvmapper.samples.metrics.MetricsSample;
import io.kvmapper.samples.multimap.MultimapSample;
import io.kvmapper.samples.org.OrgChartSample;
import io.kvmapper.samples.org.TeamQueriesSample;
import io.kvmapper.samples.sessions.SessionStoreSample;
import io.kvmapper.samples.shop.ShopQueriesSample;
import io.kvmapper.samples.shop.ShopSample;
import io.kvmapper.samples.twolevel.TwoLevelMapSample;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The samples' main job: runs every sample against one store, printing what each does. By default the
 * store is embedded RocksDB: with a directory argument it is kept there; without one it lives in a
 * temporary directory that is deleted afterwards.
 *
 * <p>Given the address of a reachable Cassandra node, in the system property {@value #CASSANDRA} or the
 * environment variable {@value #CASSANDRA_ENV} ({@code host} or {@code host:port}), the job runs against
 * Cassandra instead: keyspace {@value #KEYSPACE} (created with replication factor 1 if absent), tables
 * {@value #TABLE}, {@value #TABLE}_chunks and {@value #TABLE}_counters, local data center
 * {@code datacenter1} unless {@value #DATACENTER} (or {@value #DATACENTER_ENV}) names another.
 *
 * <p>The store tells the time by a {@link SampleClock}, which the samples of expiry and change feeds set, and runs
 * its background reaper hourly ({@link #EXPIRY_INTERVAL}), so that what they print does not depend on when it runs.
 */
public final class SamplesMain {
    /** The system property naming a Cassandra node to run against. */
    public static final String CASSANDRA = "samples.cassandra";
    /** The environment variable naming a Cassandra node to run against. */
    public static final String CASSANDRA_ENV = "KVMAPPER_CASSANDRA";
    /** The system property naming the Cassandra node's data center. */
    public static final String DATACENTER = "samples.cassandra.datacenter";
    /** The environment variable naming the Cassandra node's data center. */
    public static final String DATACENTER_ENV = "KVMAPPER_CASSANDRA_DATACENTER";
    /** The keyspace the samples use on Cassandra. */
    public static final String KEYSPACE = "kvmapper_samples";
    /** The base name of the samples' tables on Cassandra. */
    public static final String TABLE = "samples";

    /** How often the samples' store reaps expired entities in the background: hourly, by the wall clock. */
    public static final Duration EXPIRY_INTERVAL = Duration.ofHours(1);

    /** Every sample, in the order they run, those that tell the time moving {@code clock}, the store's clock. */
    public static List<Sample> samples(SampleClock clock) {
        return List.of(new OrgChartSample(), new TeamQueriesSample(), new ShopSample(), new ShopQueriesSample(),
                new MapsAndArraysSample(), new TwoLevelMapSample(),
                new EventLogSample(), new GraphSample(), new MetricsSample(), new ChunkedDocumentSample(),
                new SessionStoreSample(clock), new OrderFeedSample(clock), new MultimapSample());
    }

    /** The clock of a new samples' store, standing at the samples' noon until a sample sets it. */
    public static SampleClock newClock() {
        return new SampleClock(Instant.parse("2026-11-22T12:00:00Z"));
    }

    private SamplesMain() {
    }

    /**
     * Runs every sample.
     *
     * @param args an optional directory for the store
     */
    public static void main(String[] args) throws IOException {
        String cassandra = setting(CASSANDRA, CASSANDRA_ENV);
        if (cassandra != null) {
            String datacenter = setting(DATACENTER, DATACENTER_ENV);
            InetSocketAddress node = address(cassandra);
            System.out.println("KV Mapper samples, store in Cassandra keyspace " + KEYSPACE + " on " + node);
            SampleClock clock = newClock();
            try (KvStore store = openCassandra(node, datacenter == null ? "datacenter1" : datacenter, clock)) {
                runAll(store, clock, System.out);
            }
            return;
        }
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

    /** Runs every sample against a RocksDB store in {@code dir}. */
    public static void runAll(Path dir, PrintStream out) {
        SampleClock clock = newClock();
        try (KvStore store = RocksKvStore.options().clock(clock).expiryInterval(EXPIRY_INTERVAL).open(dir)) {
            runAll(store, clock, out);
        }
    }

    /** Runs every sample against {@code store}, whose clock is {@code clock}. */
    public static void runAll(KvStore store, SampleClock clock, PrintStream out) {
        for (Sample sample : samples(clock)) {
            out.println();
            out.println("== " + sample.title());
            sample.run(store, out);
        }
        out.println();
        out.println("all samples done");
    }

    /**
     * The samples' store on the Cassandra node at {@code node}: keyspace {@value #KEYSPACE}, created with
     * replication factor 1 if absent, telling the time by {@code clock}. Closing the store closes its connection.
     */
    public static KvStore openCassandra(InetSocketAddress node, String datacenter, SampleClock clock) {
        return CassandraKvStore.options().table(TABLE).clock(clock).expiryInterval(EXPIRY_INTERVAL)
                .keyspaceReplication(Map.of("class", "SimpleStrategy", "replication_factor", "1"))
                .requestTimeout(java.time.Duration.ofSeconds(20))
                .open(List.of(node), datacenter, KEYSPACE);
    }

    private static String setting(String property, String environment) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            value = System.getenv(environment);
        }
        return value == null || value.isBlank() ? null : value.trim();
    }

    /** {@code host} or {@code host:port}; the port defaults to Cassandra's 9042. */
    private static InetSocketAddress address(String hostAndPort) {
        int colon = hostAndPort.lastIndexOf(':');
        if (colon < 0) {
            return new InetSocketAddress(hostAndPort, 9042);
        }
        return new InetSocketAddress(hostAndPort.substring(0, colon), Integer.parseInt(hostAndPort.substring(colon + 1)));
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
