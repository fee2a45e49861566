package io.kvmapper.rocksdb;

import io.kvmapper.spi.KvBackend;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.RetryPolicy;
import io.kvmapper.StorageException;
import io.kvmapper.Transaction;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.spi.KvTransaction;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The options builder: defaults, validation, and that each setting reaches RocksDB. */
class RocksKvStoreOptionsTest {
    @TempDir
    Path dir;

    @Test
    void defaultsAreDocumentedConstants() {
        RocksKvStore.Options options = RocksKvStore.options();
        assertEquals(64L << 20, options.blockCacheSize());
        assertEquals(10.0, options.bloomFilterBitsPerKey());
        assertEquals(64L << 20, options.writeBufferSize());
        assertEquals(64, options.maxSuccessiveMerges());
        assertFalse(options.syncWrites());
        assertTrue(options.createIfMissing());
        assertSame(RetryPolicy.DEFAULT, options.retryPolicy());
    }

    @Test
    void settersAreFluentAndRejectNonsense() {
        RocksKvStore.Options options = RocksKvStore.options();
        assertSame(options, options.blockCacheSize(0).bloomFilterBitsPerKey(0).writeBufferSize(1).maxSuccessiveMerges(0)
                .syncWrites(true).createIfMissing(false).retryPolicy(RetryPolicy.DEFAULT));
        assertThrows(IllegalArgumentException.class, () -> options.blockCacheSize(-1));
        assertThrows(IllegalArgumentException.class, () -> options.bloomFilterBitsPerKey(-0.5));
        assertThrows(IllegalArgumentException.class, () -> options.bloomFilterBitsPerKey(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> options.bloomFilterBitsPerKey(Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> options.writeBufferSize(0));
        assertThrows(IllegalArgumentException.class, () -> options.maxSuccessiveMerges(-1));
        assertThrows(NullPointerException.class, () -> options.retryPolicy(null));
    }

    @Test
    void defaultSettingsReachRocksDb() throws IOException {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options())) {
            assertEquals(String.valueOf(64L << 20), backend.property("rocksdb.block-cache-capacity"));
            String options = latestOptionsFile(dir);
            assertTrue(options.contains("merge_operator=UInt64AddOperator"), "the uint64add merge operator");
            assertTrue(options.contains("max_successive_merges=64"));
            assertTrue(options.contains("strict_max_successive_merges=true"), "folding reads the value from disk");
            assertTrue(options.contains("write_buffer_size=67108864"));
            assertTrue(options.contains("filter_policy=bloomfilter:10:false"), "a full (not block-based) bloom filter");
            assertTrue(options.contains("whole_key_filtering=true"));
            assertTrue(options.contains("no_block_cache=false"));
            assertTrue(options.contains("memtable_whole_key_filtering=true"), "a whole-key filter in each memtable");
            assertTrue(options.contains("memtable_prefix_bloom_size_ratio=0.100000"), options);
        }
    }

    @Test
    void customSettingsReachRocksDb() throws IOException {
        RocksKvStore.Options custom = RocksKvStore.options()
                .blockCacheSize(8L << 20)
                .bloomFilterBitsPerKey(12)
                .writeBufferSize(4L << 20)
                .maxSuccessiveMerges(7);
        try (RocksBackend backend = RocksKvStore.openBackend(dir, custom)) {
            assertEquals(String.valueOf(8L << 20), backend.property("rocksdb.block-cache-capacity"));
            String options = latestOptionsFile(dir);
            assertTrue(options.contains("max_successive_merges=7"));
            assertTrue(options.contains("write_buffer_size=4194304"));
            assertTrue(options.contains("filter_policy=bloomfilter:12:false"));
        }
    }

    @Test
    void zeroDisablesTheBlockCacheAndTheFilter() throws IOException {
        RocksKvStore.Options bare = RocksKvStore.options().blockCacheSize(0).bloomFilterBitsPerKey(0);
        try (RocksBackend backend = RocksKvStore.openBackend(dir, bare)) {
            String options = latestOptionsFile(dir);
            assertTrue(options.contains("no_block_cache=true"));
            assertTrue(options.contains("filter_policy=nullptr"));
            try (KvTransaction tx = backend.beginTransaction()) {
                tx.put(bytes("k"), bytes("v"));
                tx.commit();
            }
            assertArrayEquals(bytes("v"), backend.get(bytes("k")));
        }
    }

    @Test
    void openCreatesMissingParentDirectories() {
        Path nested = dir.resolve("a/b/c");
        try (KvStore store = RocksKvStore.open(nested)) {
            store.transact(tx -> {
                tx.unwrap(KvTransaction.class).put(bytes("k"), bytes("v"));
            });
            assertArrayEquals(bytes("v"), store.unwrap(KvBackend.class).get(bytes("k")));
        }
        assertTrue(Files.exists(nested.resolve("CURRENT")));
    }

    @Test
    void openingAMissingStoreWithoutCreateIfMissingFailsClearly() {
        Path missing = dir.resolve("missing");
        StorageException e = assertThrows(StorageException.class,
                () -> RocksKvStore.options().createIfMissing(false).open(missing));
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
        assertFalse(e.isRetryable());
        assertFalse(Files.exists(missing));
    }

    @Test
    void syncedWritesCommitAndPersist() {
        RocksKvStore.Options synced = RocksKvStore.options().syncWrites(true);
        try (KvStore store = synced.open(dir)) {
            store.transact(tx -> {
                tx.unwrap(KvTransaction.class).put(bytes("k"), bytes("v"));
            });
        }
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options().createIfMissing(false))) {
            assertArrayEquals(bytes("v"), backend.get(bytes("k")));
            assertNull(backend.get(bytes("other")));
        }
    }

    @Test
    void theStoreRetriesAsItsRetryPolicySays() {
        RocksKvStore.Options twoAttempts =
                RocksKvStore.options().retryPolicy(new RetryPolicy(2, Duration.ZERO, Duration.ZERO));
        AtomicInteger attempts = new AtomicInteger();
        try (KvStore store = twoAttempts.open(dir)) {
            assertThrows(TransactionConflictException.class, () -> store.transact(tx -> {
                attempts.incrementAndGet();
                tx.unwrap(KvTransaction.class).get(bytes("contended"));
                try (KvTransaction other = store.unwrap(KvBackend.class).beginTransaction()) {
                    other.put(bytes("contended"), bytes("changed"));
                    other.commit();
                }
                tx.unwrap(KvTransaction.class).put(bytes("contended"), bytes("mine"));
            }));
        }
        assertEquals(2, attempts.get());
    }

    @Test
    void unknownPropertyIsAStorageException() {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options())) {
            assertThrows(StorageException.class, () -> backend.property("rocksdb.no-such-property"));
            assertTrue(Long.parseLong(backend.property("rocksdb.estimate-num-keys")) >= 0);
        }
    }

    private static String latestOptionsFile(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> options = files.filter(p -> p.getFileName().toString().startsWith("OPTIONS-")).sorted().toList();
            return Files.readString(options.get(options.size() - 1));
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
