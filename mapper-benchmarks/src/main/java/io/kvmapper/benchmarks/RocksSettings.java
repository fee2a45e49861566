package io.kvmapper.benchmarks;

import io.kvmapper.KvStore;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Function;
import org.rocksdb.ColumnFamilyOptions;

/**
 * The RocksDB settings both RocksDB contenders open with, so that they differ only in the code above
 * RocksDB: the mapper's defaults, spelled out.
 */
final class RocksSettings {
    /** LRU block cache of uncompressed blocks. */
    static final long BLOCK_CACHE_BYTES = 64L << 20;
    /** Whole-key Bloom filter in every table file. */
    static final double BLOOM_BITS_PER_KEY = 10;
    /** Memtable size. */
    static final long WRITE_BUFFER_BYTES = 64L << 20;
    /** Whole-key Bloom filter in every memtable, as a fraction of its size (RocksBackend's fixed setting). */
    static final double MEMTABLE_BLOOM_RATIO = 0.1;
    /**
     * Unmerged counter operands per key before a merge is folded into a value, reading the value from disk
     * if need be ({@link #strictMergeLimit()}).
     */
    static final int MAX_SUCCESSIVE_MERGES = 64;
    /** Commits go through the write-ahead log without an fsync each. */
    static final boolean SYNC_WRITES = false;

    private RocksSettings() {
    }

    /** The mapper's RocksDB store in {@code directory} with these settings and an entity cache of that bound. */
    static KvStore openMapperStore(Path directory, long entityCacheBytes) {
        return RocksKvStore.options()
                .entityCacheSize(entityCacheBytes)
                .blockCacheSize(BLOCK_CACHE_BYTES)
                .bloomFilterBitsPerKey(BLOOM_BITS_PER_KEY)
                .writeBufferSize(WRITE_BUFFER_BYTES)
                .maxSuccessiveMerges(MAX_SUCCESSIVE_MERGES)
                .syncWrites(SYNC_WRITES)
                .open(directory);
    }

    /**
     * Default column-family options but for {@code strict_max_successive_merges=true}, as the mapper's
     * backend sets it (rocksdbjni has no setter; RocksDB's options parser has). The caller closes them.
     */
    static ColumnFamilyOptions strictMergeLimit() {
        Properties strict = new Properties();
        strict.setProperty("strict_max_successive_merges", "true");
        ColumnFamilyOptions options = ColumnFamilyOptions.getColumnFamilyOptionsFromProps(strict);
        if (options == null) {
            throw new IllegalStateException("this rocksdbjni does not know strict_max_successive_merges");
        }
        return options;
    }

    /**
     * RocksDB's accounting of its memory, in MiB, from the {@code property} of the database: memtables
     * (active, immutable and the flushed ones kept for conflict checks), table readers (index and filter
     * blocks) and the block cache's usage.
     */
    static String memoryReport(Function<String, String> property) {
        return String.format(Locale.ROOT, "memtables %.0f, table readers %.0f, block cache %.0f",
                mib(property.apply("rocksdb.size-all-mem-tables")),
                mib(property.apply("rocksdb.estimate-table-readers-mem")),
                mib(property.apply("rocksdb.block-cache-usage")));
    }

    private static double mib(String bytes) {
        return Long.parseLong(bytes.trim()) / (double) (1 << 20);
    }
}
