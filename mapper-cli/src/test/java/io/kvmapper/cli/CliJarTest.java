package io.kvmapper.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.rocksdb.ChildJvm;
import io.kvmapper.tuple.Tuples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runnable jar as users run it, {@code java -jar mapper-cli/target/kvmapper.jar}, in processes of its own, on
 * a RocksDB store the samples and the test entities wrote: every command, its exit code, plain progress lines on
 * a standard error that is no terminal, and a store another process holds.
 */
class CliJarTest {
    @TempDir
    static Path scratch;
    private static String store;

    @BeforeAll
    static void writeTheStore() {
        store = TestStores.rocksdb(scratch.resolve("store")).toString();
    }

    @Test
    void everyCommandRunsAsAProcess() throws IOException {
        assertOk(Jar.run(scratch, "info", "--rocksdb", store), "entity Person: schema version 1");
        assertOk(Jar.run(scratch, "schema", "Person", "--rocksdb", store), "\"layout\": \"ATTRIBUTE_PER_KEY\"");
        assertOk(Jar.run(scratch, "get", "User", "1", "--rocksdb", store), "\"email\" : \"ada@example.com\"");
        Cli.Result scan = Jar.run(scratch, "scan", "Order", "--prefix", "2", "--rocksdb", store);
        assertOk(scan, "[2,\"2026-11-01T13:00:00Z\",\"o-1\"]  {\"userId\":2,");
        String key = HexFormat.of().formatHex(Tuples.encode(List.of("User", "r", 1L)));
        assertOk(Jar.run(scratch, "decode", key, "--rocksdb", store), "\"email\":\"ada@example.com\"");
        assertOk(Jar.run(scratch, "verify", "--rocksdb", store), "Gadget: clean, ");
        assertOk(Jar.run(scratch, "repair", "--dry-run", "--rocksdb", store), "ProtoGadget: clean, ");

        Path file = scratch.resolve("all.jsonl");
        Cli.Result export = Jar.run(scratch, "export", "--rocksdb", store, "--out", file.toString());
        assertEquals(0, export.exit(), export::toString);
        assertTrue(export.err().contains("export Order: 12 records in 0:0"),
                "a plain line when piped: " + export.err());
        assertFalse(export.err().contains("\r"), "no bar when standard error is no terminal");
        Path imported = scratch.resolve("imported");
        assertOk(Jar.run(scratch, "import", "--rocksdb", imported.toString(), "--in", file.toString()), "");
        assertOk(Jar.run(scratch, "verify", "--rocksdb", imported.toString(), "-q"),
                "Order: clean, 12 records checked");
        Path again = scratch.resolve("again.jsonl");
        assertOk(Jar.run(scratch, "export", "--rocksdb", imported.toString(), "--out", again.toString(), "-q"), "");
        assertEquals(Files.readAllLines(file), Files.readAllLines(again));
        Path copied = scratch.resolve("copied");
        assertOk(Jar.run(scratch, "copy", "--rocksdb", store, "--to-rocksdb", copied.toString()), "");
        assertOk(Jar.run(scratch, "verify", "--rocksdb", copied.toString(), "--json"), "\"clean\" : true");

        Cli.Result usage = Jar.run(scratch, "get", "Order", "2", "--rocksdb", store);
        assertEquals(2, usage.exit(), usage::toString);
        Cli.Result missing = Jar.run(scratch, "info", "--rocksdb", scratch.resolve("nowhere").toString());
        assertEquals(3, missing.exit(), missing::toString);
        Cli.Result help = Jar.run(scratch, "--help");
        assertEquals(0, help.exit());
        assertTrue(help.out().contains("Exit codes: 0 done"), help.out());
        assertEquals("", help.err(), "no log noise (SLF4J, the driver) on a run");
    }

    @Test
    void readingCommandsWorkWhileAnApplicationHoldsTheStoreAndWritingOnesSaySo() throws Exception {
        Path held = TestStores.copy(Path.of(store), scratch.resolve("held"));
        try (ChildJvm application = ChildJvm.start(HoldStore.class, scratch, held.toString())) {
            application.awaitLines(1, 60);
            assertOk(Jar.run(scratch, "info", "--rocksdb", held.toString()), "multimap held: ");
            assertOk(Jar.run(scratch, "verify", "--rocksdb", held.toString()), "User: clean, 3 records checked");
            Cli.Result repair = Jar.run(scratch, "repair", "--rocksdb", held.toString());
            assertEquals(3, repair.exit(), repair::toString);
            assertTrue(repair.err().contains("is held by another process (its LOCK file is taken), and this command "
                    + "writes: stop the process that holds it first"), repair.err());
            Cli.Result load = Jar.run(scratch, "import", "--rocksdb", held.toString(), "--in",
                    Files.writeString(scratch.resolve("empty.jsonl"), "").toString());
            assertEquals(3, load.exit(), load::toString);
        }
    }

    private static void assertOk(Cli.Result result, String expected) {
        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.out().contains(expected), () -> "expected " + expected + " in\n" + result);
    }
}
