package io.kvmapper.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KvTransaction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.FlushOptions;
import org.rocksdb.PerfContext;
import org.rocksdb.PerfLevel;
import org.rocksdb.RocksDBException;

/**
 * A hot counter stays cheap to read: with {@code max_successive_merges}, a read merges a bounded
 * number of operands however many adds came before, also when the counter's value is only on disk.
 * Counted with RocksDB's perf context, not timed.
 */
class RocksCounterTest {
    private static final byte[] HOT = "hot counter".getBytes(StandardCharsets.UTF_8);
    private static final int ADDS = 3_000;

    @TempDir
    Path dir;

    @Test
    void aHotCounterIsReadByMergingFewOperandsByDefault() {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options())) {
            add(backend, ADDS);
            long operands = operandsMergedByARead(backend, ADDS);
            assertTrue(operands <= RocksKvStore.Options.DEFAULT_MAX_SUCCESSIVE_MERGES,
                    "a read merged " + operands + " operands");
        }
    }

    /**
     * After a reopen the counter's value is in a table file whose block is not cached. Without
     * {@code strict_max_successive_merges} RocksDB would not read it to fold the operands, so they
     * piled up (and each add walked all of them): 3,000 adds left 3,000 operands.
     */
    @Test
    void aHotCounterWhoseValueIsOnlyOnDiskIsReadByMergingFewOperands() throws RocksDBException {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options());
                FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
            add(backend, 1);
            backend.db().flush(flush);
        }
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options())) {
            add(backend, ADDS);
            long operands = operandsMergedByARead(backend, 1 + ADDS);
            assertTrue(operands <= RocksKvStore.Options.DEFAULT_MAX_SUCCESSIVE_MERGES,
                    "a read merged " + operands + " operands");
        }
    }

    @Test
    void withoutTheLimitEveryAddIsAnOperandToMergeOnRead() {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options().maxSuccessiveMerges(0))) {
            add(backend, ADDS);
            assertEquals(ADDS, operandsMergedByARead(backend, ADDS),
                    "shows that the measure sees operands the limit removes");
        }
    }

    private static void add(RocksBackend backend, int adds) {
        for (int i = 0; i < adds; i++) {
            try (KvTransaction tx = backend.beginTransaction()) {
                tx.add(HOT, 1);
                tx.commit();
            }
        }
    }

    private static long operandsMergedByARead(RocksBackend backend, long expected) {
        backend.db().setPerfLevel(PerfLevel.ENABLE_COUNT);
        try {
            PerfContext perf = backend.db().getPerfContext();
            perf.reset();
            long value = Counters.decode(HOT, backend.get(HOT));
            long operands = perf.getInternalMergePointLookupCount();
            assertEquals(expected, value);
            return operands;
        } finally {
            backend.db().setPerfLevel(PerfLevel.DISABLE);
        }
    }
}
