package io.kvmapper.benchmarks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The drop benchmark runs at a small size, both ways, and leaves no entry (it throws if one is left). */
class DropIndexBenchmarkSmokeTest {
    @TempDir
    Path dir;

    @Test
    void bothAlgorithmsDropEveryEntry() {
        assertTrue(DropIndexBenchmark.run(dir.resolve("resume"), 2_345, false) >= 0);
        assertTrue(DropIndexBenchmark.run(dir.resolve("rescan"), 2_345, true) >= 0);
    }
}
