package io.kvmapper.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link CacheFootprint} on a few users: it loads, reads and finds every stored record of each codec (a
 * wrong record prefix would find none); the heap figures themselves are too small to check at this size.
 */
class CacheFootprintSmokeTest {
    @Test
    void bothCodecsAreLoadedReadAndTheirRecordsFound() throws IOException {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        CacheFootprint.run(3_000, new PrintStream(printed, true, StandardCharsets.UTF_8));
        List<String> lines = printed.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(3, lines.size(), lines.toString());
        assertTrue(lines.get(1).startsWith("JSON: 3,000 records of "), lines.get(1));
        assertTrue(lines.get(2).startsWith("Protobuf: 3,000 records of "), lines.get(2));
    }
}
