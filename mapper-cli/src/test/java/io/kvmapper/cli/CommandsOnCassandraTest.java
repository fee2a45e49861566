package io.kvmapper.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.cassandra.CassandraKvStore;
import io.kvmapper.cassandra.CassandraTestServer;
import io.kvmapper.samples.SampleClock;
import io.kvmapper.samples.SamplesMain;
import io.kvmapper.samples.shop.OrderRepository;
import io.kvmapper.samples.shop.UserRepository;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.tuple.Tuples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tool on the Cassandra test node, on a store the samples and the test entities wrote there: every command in
 * this JVM, export then import into another keyspace, copy to RocksDB, verify and repair against the generated
 * repositories' on a damaged store, and the jar as a process. Skipped with -DskipCassandraTests.
 */
@Timeout(600)
class CommandsOnCassandraTest {
    @TempDir
    static Path scratch;
    private static CassandraTestServer node;
    private static String contact;

    @BeforeAll
    static void writeTheStore() {
        node = CassandraTestServer.shared();
        contact = node.address().getHostString() + ":" + node.address().getPort();
        SampleClock clock = SamplesMain.newClock();
        try (KvStore store = SamplesMain.openCassandra(node.address(), CassandraTestServer.DATACENTER, clock)) {
            TestStores.fill(store, clock, 7);
        }
    }

    private static String[] on(String keyspace, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--cassandra", contact, "--keyspace", keyspace, "--table", SamplesMain.TABLE));
        return all.toArray(String[]::new);
    }

    private static String[] samples(String... args) {
        return on(SamplesMain.KEYSPACE, args);
    }

    @Test
    void readingCommandsWorkOnCassandra() {
        Cli.Result info = Cli.run(samples("info"));
        assertEquals(0, info.exit(), info::toString);
        assertTrue(info.out().startsWith("Cassandra keyspace kvmapper_samples (tables samples*) through " + contact),
                info.out());
        assertTrue(info.out().contains("entity Person: schema version 1 of io.kvmapper.samples.mapsandarrays.Person, "
                + "ATTRIBUTE_PER_KEY, JSON"), info.out());
        assertTrue(info.out().contains("entity ProtoGadget: schema version 1"), info.out());
        assertTrue(info.out().contains("multimap likes: "), info.out());
        assertEquals(0, Cli.run(samples("schema", "Order")).exit());
        Cli.Result get = Cli.run(samples("get", "Order", "2", "2026-11-01T13:00:00Z", "o-1", "--json"));
        assertTrue(get.out().contains("\"totalCents\":1250"), get::toString);
        Cli.Result scan = Cli.run(samples("scan", "Order", "--prefix", "2"));
        assertEquals(0, scan.exit(), scan::toString);
        assertTrue(scan.out().lines().allMatch(line -> line.startsWith("[2,")), scan.out());
        String key = HexFormat.of().formatHex(Tuples.encode(List.of("User", "c", "total")));
        assertTrue(Cli.run(samples("decode", key, "--json")).out().contains("\"stored\" : 3"));
        Cli.Result verify = Cli.run(samples("verify"));
        assertEquals(0, verify.exit(), verify::toString);
        assertTrue(verify.out().contains("Order: clean, 12 records checked"), verify.out());
    }

    @Test
    void exportThenImportIntoAnotherKeyspaceAndCopyToRocksDb() throws IOException {
        Path file = scratch.resolve("cassandra.jsonl");
        assertEquals(0, Cli.run(samples("export", "--out", file.toString())).exit());
        try (CqlSession session = node.newSession()) {
            session.execute("CREATE KEYSPACE IF NOT EXISTS cli_import WITH replication = "
                    + "{'class': 'SimpleStrategy', 'replication_factor': 1}");
        }
        Cli.Result load = Cli.run(on("cli_import", "import", "--in", file.toString()));
        assertEquals(0, load.exit(), load::toString);
        Cli.Result verify = Cli.run(on("cli_import", "verify"));
        assertEquals(0, verify.exit(), verify::toString);
        Path again = scratch.resolve("cassandra-again.jsonl");
        assertEquals(0, Cli.run(on("cli_import", "export", "--out", again.toString())).exit());
        assertEquals(Files.readAllLines(file), Files.readAllLines(again), "the imported keyspace exports the same");

        Path rocks = scratch.resolve("from-cassandra");
        Cli.Result copy = Cli.run(samples("copy", "--to-rocksdb", rocks.toString()));
        assertEquals(0, copy.exit(), copy::toString);
        assertEquals(0, Cli.run("verify", "--rocksdb", rocks.toString()).exit());
        Path fromRocks = scratch.resolve("rocks.jsonl");
        assertEquals(0, Cli.run("export", "--rocksdb", rocks.toString(), "--out", fromRocks.toString()).exit());
        assertEquals(Files.readAllLines(file).stream().sorted().toList(),
                Files.readAllLines(fromRocks).stream().sorted().toList(),
                "the same lines, in key order rather than Cassandra's token order");
    }

    @Test
    void verifyAndRepairFindAndMendWhatTheGeneratedOnesDo() {
        try (CqlSession session = node.newSession()) {
            session.execute("CREATE KEYSPACE IF NOT EXISTS cli_damage WITH replication = "
                    + "{'class': 'SimpleStrategy', 'replication_factor': 1}");
            SampleClock clock = SamplesMain.newClock();
            try (KvStore store = CassandraKvStore.options().table(SamplesMain.TABLE).clock(clock)
                    .expiryInterval(SamplesMain.EXPIRY_INTERVAL).open(session, "cli_damage")) {
                TestStores.fill(store, clock, 11);
                KvBackend backend = store.unwrap(KvBackend.class);
                try (KvTransaction kv = backend.beginTransaction()) {
                    kv.add(Tuples.encode(List.of("Order", "c", "revenueByDay"), LocalDate.of(2026, 11, 2)), 500);
                    kv.delete(Tuples.encode(List.of("User", "i", "status"), "ACTIVE", 1L));
                    kv.put(Tuples.encode(List.of("User", "i", "status"), "GONE", 77L), new byte[0]);
                    kv.commit();
                }
                IntegrityReport orders = new OrderRepository(store).verify();
                IntegrityReport users = new UserRepository(store).verify();
                Cli.Result verify = Cli.run(on("cli_damage", "verify", "Order", "User"));
                assertEquals(1, verify.exit(), verify::toString);
                String expected = "Order: 1 problem, 12 records checked\n  " + orders.problems().get(0) + "\n"
                        + "User: 2 problems, 3 records checked\n  " + users.problems().get(0) + "\n  "
                        + users.problems().get(1) + "\n";
                assertEquals(expected, verify.out());
                Cli.Result repair = Cli.run(on("cli_damage", "repair", "Order", "User"));
                assertEquals(0, repair.exit(), repair::toString);
                assertTrue(new OrderRepository(store).verify().isClean());
                assertTrue(new UserRepository(store).verify().isClean());
            }
        }
    }

    @Test
    void theJarRunsOnCassandraAsAProcess() {
        Cli.Result verify = Jar.run(scratch, List.of(), Map.of(), samples("verify", "User", "Gadget", "-q"));
        assertEquals(0, verify.exit(), verify::toString);
        assertTrue(verify.out().contains("User: clean, 3 records checked"), verify.out());
        assertEquals("", verify.err(), "no log noise from the driver");
    }
}
