package io.kvmapper.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KvTransaction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.PerfContext;
import org.rocksdb.PerfLevel;

/**
 * A hot counter stays cheap to read: with {@code max_successive_merges}, a read merges a bounded
 * number of operands however many adds came before. Counted with RocksDB's perf context, not timed.
 */
class RocksCounterTest {
    private static final byte[] HOT = "hot counter".getBytes(StandardCharsets.UTF_8);
    private static final int ADDS = 3_000;

    @TempDir
    Path dir;

    @Test
    void aHotCounterIsReadByMergingFewOperandsByDefault() {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options())) {
            long operands = addThenCountOperandsMergedByARead(backend);
            assertTrue(operands <= RocksKvStore.Options.DEFAULT_MAX_SUCCESSIVE_MERGES,
                    "a read merged " + operands + " operands");
        }
    }

    @Test
    void withoutTheLimitEveryAddIsAnOperandToMergeOnRead() {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options().maxSuccessiveMerges(0))) {
            assertEquals(ADDS, addThenCountOperandsMergedByARead(backend),
                    "shows that the measure sees operands the limit removes");
        }
    }

    private static long addThenCountOperandsMergedByARead(RocksBackend backend) {
        for (int i = 0; i < ADDS; i++) {
            try (KvTransaction tx = backend.beginTransaction()) {
                tx.add(HOT, 1);
                tx.commit();
            }
        }
        backend.db().setPerfLevel(PerfLevel.ENABLE_COUNT);
        try {
            PerfContext perf = backend.db().getPerfContext();
            perf.reset();
            long value = Counters.decode(HOT, backend.get(HOT));
            long operands = perf.getInternalMergePointLookupCount();
            assertEquals(ADDS, value);
            return operands;
        } finally {
            backend.db().setPerfLevel(PerfLevel.DISABLE);
        }
    }
}
