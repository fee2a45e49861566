package io.kvmapper.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.cli.entities.Memos;
import io.kvmapper.rocksdb.RocksKvStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Export and import stream: they move several times more data than the tool's heap can hold (56 MB of records
 * through a 24 MB heap), which a tool that gathered the records, or the lines, would not survive. The heap's bound
 * is the test, not the time it takes; a million records are measured by hand (docs/cli.md).
 */
class FlatMemoryJarTest {
    private static final int RECORDS = 14_000;
    private static final int TEXT = 4_000;
    private static final List<String> SMALL_HEAP = List.of("-Xmx24m");

    @TempDir
    Path scratch;

    @Test
    void exportAndImportMoreThanTheHeapHolds() throws IOException {
        Path store = scratch.resolve("memos");
        try (KvStore opened = RocksKvStore.open(store)) {
            Memos.write(opened, RECORDS, TEXT);
        }
        Path file = scratch.resolve("memos.jsonl");
        Cli.Result export = Jar.run(scratch, SMALL_HEAP, Map.of(), "export", "--rocksdb", store.toString(), "--out",
                file.toString(), "-q");
        assertEquals(0, export.exit(), export::toString);
        assertTrue(Files.size(file) > 2 * 24 * 1024 * 1024L, "the file is larger than the heap: " + Files.size(file));
        Path imported = scratch.resolve("imported");
        Cli.Result load = Jar.run(scratch, SMALL_HEAP, Map.of(), "import", "--rocksdb", imported.toString(), "--in",
                file.toString(), "-q");
        assertEquals(0, load.exit(), load::toString);
        Cli.Result verify = Jar.run(scratch, SMALL_HEAP, Map.of(), "verify", "--rocksdb", imported.toString());
        assertEquals(0, verify.exit(), verify::toString);
        assertTrue(verify.out().contains("Memo: clean, 14,000 records checked"), verify.out());
    }
}
