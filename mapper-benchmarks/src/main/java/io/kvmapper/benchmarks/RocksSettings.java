package io.kvmapper.benchmarks;

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
    /** Unmerged counter operands per key before a merge is folded into a value. */
    static final int MAX_SUCCESSIVE_MERGES = 64;
    /** Commits go through the write-ahead log without an fsync each. */
    static final boolean SYNC_WRITES = false;

    private RocksSettings() {
    }
}
