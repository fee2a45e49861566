package io.kvmapper.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kvmapper.spi.Counters;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.RocksDB;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteBatchWithIndex;
import org.rocksdb.WriteOptions;

/** A joined batch, written to a real RocksDB, applies every batch's records in order. */
class WriteBatchesTest {
    @TempDir
    Path dir;

    @Test
    void aJoinedBatchAppliesEachBatchInTurn() throws Exception {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options());
                WriteBatchWithIndex first = new WriteBatchWithIndex(true);
                WriteBatchWithIndex second = new WriteBatchWithIndex(true);
                WriteBatchWithIndex third = new WriteBatchWithIndex(true);
                WriteOptions options = new WriteOptions()) {
            first.put(bytes("a"), bytes("first"));
            first.put(bytes("b"), bytes("first"));
            first.merge(bytes("n"), Counters.encode(5));
            second.put(bytes("a"), bytes("second"));
            second.delete(bytes("b"));
            second.merge(bytes("n"), Counters.encode(-2));
            third.delete(bytes("n"));
            third.merge(bytes("n"), Counters.encode(40));
            third.put(bytes("c"), bytes("third"));
            try (WriteBatch joined = WriteBatches.concatenate(List.of(first, second, third))) {
                assertEquals(9, joined.count());
                backend.db().write(options, joined);
            }
            assertArrayEquals(bytes("second"), backend.get(bytes("a")));
            assertNull(backend.get(bytes("b")));
            assertArrayEquals(bytes("third"), backend.get(bytes("c")));
            assertEquals(40, Counters.decode(bytes("n"), backend.get(bytes("n"))),
                    "the third batch's delete came after the first two adds, its add after the delete");
        }
    }

    @Test
    void joinableBatchesStayWithinTheByteLimitAndALargerBatchGoesAlone() throws Exception {
        RocksDB.loadLibrary();
        try (WriteBatchWithIndex small = new WriteBatchWithIndex(true);
                WriteBatchWithIndex other = new WriteBatchWithIndex(true);
                WriteBatchWithIndex large = new WriteBatchWithIndex(true);
                WriteBatchWithIndex last = new WriteBatchWithIndex(true)) {
            small.put(bytes("a"), new byte[100]);
            other.put(bytes("b"), new byte[100]);
            large.put(bytes("c"), new byte[10_000]);
            last.put(bytes("d"), new byte[100]);
            List<WriteBatchWithIndex> batches = List.of(small, other, large, last);
            long twoSmall = small.getWriteBatch().getDataSize() + other.getWriteBatch().getDataSize();
            assertEquals(2, WriteBatches.joinable(batches, 0, twoSmall), "the two small ones fit together");
            assertEquals(1, WriteBatches.joinable(batches, 0, twoSmall - 1), "one byte less: the first alone");
            assertEquals(3, WriteBatches.joinable(batches, 2, 1_000), "a batch above the limit goes alone");
            assertEquals(4, WriteBatches.joinable(batches, 0, Long.MAX_VALUE));
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
