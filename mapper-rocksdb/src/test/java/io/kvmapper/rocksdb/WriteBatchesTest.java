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

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
