package io.kvmapper.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.rocksdb.RocksKvStore;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs every phase of {@link CounterScale} once on a tiny store, without timing anything. */
class CounterScaleSmokeTest {
    @Test
    void everyPhaseRunsAndReportsAndTheCountersAddUp(@TempDir Path dir) {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        CounterScale.run(dir, RocksKvStore.options(), 3_000, 100, 20,
                new PrintStream(printed, true, StandardCharsets.UTF_8));
        List<String> phases = printed.toString(StandardCharsets.UTF_8).lines().skip(2)
                .map(line -> line.split("\t")[0]).toList();
        assertEquals(List.of("load in units of 1000", "reverse scan after reopen"), phases.subList(0, 2));
        assertEquals(10, phases.stream().filter(p -> p.startsWith("insert after reopen ")).count());
        assertTrue(phases.contains("hot counter read"), phases.toString());
        assertEquals(10, phases.stream().filter(p -> p.startsWith("insert after read ")).count());
        assertEquals("build of a new counter, total", phases.get(phases.size() - 1));
    }
}
