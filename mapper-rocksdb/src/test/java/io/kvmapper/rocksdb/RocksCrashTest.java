package io.kvmapper.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a writing process with SIGKILL at a random moment, several times, and checks after each that
 * every unit it reported committed is fully there and that no unit is there in part.
 */
class RocksCrashTest {
    private static final int ROUNDS = 3;

    @TempDir
    Path scratch;

    @Test
    @Timeout(120)
    void everyReportedCommitSurvivesAKillAndNoUnitIsHalfApplied() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Path dir = scratch.resolve("store");
        long reportedSoFar = 0;
        for (int round = 1; round <= ROUNDS; round++) {
            String context = "round " + round + " (seed " + seed + ")";
            List<String> printed;
            try (ChildJvm child = ChildJvm.start(ChildProcessMain.class, scratch, "write", dir.toString())) {
                child.awaitLines(1 + random.nextInt(300), 60);
                Thread.sleep(random.nextInt(30));
                printed = child.kill();
            }
            long reported = printed.stream().mapToLong(Long::parseLong).max().orElseThrow();
            assertTrue(reported > reportedSoFar, context + ": the child continued the sequence");
            reportedSoFar = reported;
            assertConsistent(dir, reported, context);
        }
    }

    /** Every unit 1..last is complete, nothing beyond it exists, and {@code last >= reported}. */
    private static void assertConsistent(Path dir, long reported, String context) {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options().createIfMissing(false))) {
            long last = ByteBuffer.wrap(backend.get(ChildProcessMain.LAST)).getLong();
            assertTrue(last >= reported,
                    context + ": unit " + reported + " was reported committed but the store ends at " + last);
            assertEquals(last, Counters.decode(ChildProcessMain.COUNT, backend.get(ChildProcessMain.COUNT)),
                    context + ": the counter");
            List<KeyValue> records = scanPrefix(backend, ChildProcessMain.RECORD_PREFIX);
            List<KeyValue> markers = scanPrefix(backend, ChildProcessMain.MARKER_PREFIX);
            assertEquals(last, records.size(), context + ": records");
            assertEquals(last, markers.size(), context + ": markers");
            for (int i = 0; i < last; i++) {
                long sequence = i + 1;
                assertArrayEquals(ChildProcessMain.key(ChildProcessMain.RECORD_PREFIX, sequence), records.get(i).key());
                assertArrayEquals(ChildProcessMain.payload(sequence), records.get(i).value(), context);
                assertArrayEquals(ChildProcessMain.key(ChildProcessMain.MARKER_PREFIX, sequence), markers.get(i).key());
            }
        }
    }

    private static List<KeyValue> scanPrefix(RocksBackend backend, byte[] prefix) {
        List<KeyValue> items = new ArrayList<>();
        try (KvCursor cursor = backend.scan(KeyRange.startingWith(prefix), ScanOptions.FORWARD)) {
            cursor.forEachRemaining(items::add);
        }
        return items;
    }
}
