package io.kvmapper.rocksdb;

import io.kvmapper.KvStore;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.StoreOptions;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * Opens KV Mapper stores on RocksDB, the embedded default backend.
 *
 * <pre>{@code
 * try (KvStore store = RocksKvStore.open(Path.of("data"))) { ... }
 *
 * KvStore tuned = RocksKvStore.options()
 *         .blockCacheSize(256L << 20)
 *         .syncWrites(true)
 *         .open(Path.of("data"));
 * }</pre>
 *
 * <p>A directory can be open in one instance at a time, across processes and within one: RocksDB's
 * {@code LOCK} file enforces it, and a second open fails with a {@link io.kvmapper.StorageException}.
 */
public final class RocksKvStore {
    private RocksKvStore() {
    }

    /**
     * Opens the store in {@code dir} with the default {@linkplain #options() options}, creating it (and
     * missing parent directories) if it does not exist, readable by its owner only.
     *
     * @throws io.kvmapper.StorageException if the store cannot be opened, for example because another
     *     instance holds it
     */
    public static KvStore open(Path dir) {
        return options().open(dir);
    }

    /** A new set of options, with the defaults each setter documents. */
    public static Options options() {
        return new Options();
    }

    /**
     * Opens the bare backend in {@code dir}, without a {@link KvStore} around it: for tests, benchmarks
     * and tools that work at the storage SPI level. The options' retry policy is not used. The caller
     * closes the backend.
     *
     * @throws io.kvmapper.StorageException if the store cannot be opened
     */
    public static RocksBackend openBackend(Path dir, Options options) {
        return new RocksBackend(Objects.requireNonNull(dir, "dir"), Objects.requireNonNull(options, "options"));
    }

    /**
     * Settings for opening a RocksDB store; a fluent builder, with the settings every backend shares
     * ({@link StoreOptions}: retries, the clock, expiry). Each store reads the settings when it
     * opens, so one {@code Options} may open several stores, and changing it later affects none of
     * them. Not safe for concurrent modification.
     */
    public static final class Options extends StoreOptions<Options> {
        /** The default block cache size: 64 MiB. */
        public static final long DEFAULT_BLOCK_CACHE_SIZE = 64L << 20;
        /** The default {@link #entityCacheSize}: 64 MiB of heap, by the cache's estimate. */
        public static final long DEFAULT_ENTITY_CACHE_SIZE = 64L << 20;
        /** The default Bloom filter size per key: 10 bits, about a 1% false-positive rate. */
        public static final double DEFAULT_BLOOM_FILTER_BITS_PER_KEY = 10;
        /** The default memtable size: 64 MiB, RocksDB's own default. */
        public static final long DEFAULT_WRITE_BUFFER_SIZE = 64L << 20;
        /** The default limit of unmerged counter operands per key in the memtable: 64. */
        public static final int DEFAULT_MAX_SUCCESSIVE_MERGES = 64;
        /** The default permissions of a store directory that open creates: {@code rwx------}, the owner's only. */
        public static final Set<PosixFilePermission> DEFAULT_DIRECTORY_PERMISSIONS =
                Set.copyOf(PosixFilePermissions.fromString("rwx------"));

        private long blockCacheSize = DEFAULT_BLOCK_CACHE_SIZE;
        private long entityCacheSize = DEFAULT_ENTITY_CACHE_SIZE;
        private double bloomFilterBitsPerKey = DEFAULT_BLOOM_FILTER_BITS_PER_KEY;
        private long writeBufferSize = DEFAULT_WRITE_BUFFER_SIZE;
        private int maxSuccessiveMerges = DEFAULT_MAX_SUCCESSIVE_MERGES;
        private boolean syncWrites;
        private boolean createIfMissing = true;
        private boolean readOnly;
        private Set<PosixFilePermission> directoryPermissions = DEFAULT_DIRECTORY_PERMISSIONS;

        Options() {
        }

        /**
         * The size in bytes of the LRU cache of uncompressed data blocks, shared by every read of the
         * store; {@code 0} disables the cache. Default {@value #DEFAULT_BLOCK_CACHE_SIZE} (64 MiB).
         *
         * @throws IllegalArgumentException if negative
         */
        public Options blockCacheSize(long bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("blockCacheSize must be 0 (no cache) or positive, was " + bytes);
            }
            this.blockCacheSize = bytes;
            return this;
        }

        /** The block cache size in bytes; {@code 0} means no cache. */
        public long blockCacheSize() {
            return blockCacheSize;
        }

        /**
         * The bound of the on-heap cache of decoded entities that serves reads made outside units of work
         * (docs/caching.md), in bytes of heap as the cache estimates them for each entry (its stored key and
         * value, the decoded entity, the objects around them; docs/caching.md gives the measured heap); {@code 0}
         * turns it off. Only record entities in the monolithic layout are cached. A store opened
         * {@link #readOnly} has none. Default {@value #DEFAULT_ENTITY_CACHE_SIZE} (64 MiB).
         *
         * @throws IllegalArgumentException if negative
         */
        public Options entityCacheSize(long bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("entityCacheSize must be 0 (no cache) or positive, was " + bytes);
            }
            this.entityCacheSize = bytes;
            return this;
        }

        /** The entity cache's bound in bytes of stored values; {@code 0} means no cache. */
        public long entityCacheSize() {
            return entityCacheSize;
        }

        /**
         * The bits per key of the whole-key Bloom filter in each table file, which lets a point read of
         * an absent key skip the files that cannot hold it; {@code 0} disables the filter. Default
         * {@value #DEFAULT_BLOOM_FILTER_BITS_PER_KEY}.
         *
         * @throws IllegalArgumentException if negative or not finite
         */
        public Options bloomFilterBitsPerKey(double bits) {
            if (!(bits >= 0) || Double.isInfinite(bits)) {
                throw new IllegalArgumentException("bloomFilterBitsPerKey must be 0 (no filter) or positive, was "
                        + bits);
            }
            this.bloomFilterBitsPerKey = bits;
            return this;
        }

        /** The Bloom filter's bits per key; {@code 0} means no filter. */
        public double bloomFilterBitsPerKey() {
            return bloomFilterBitsPerKey;
        }

        /**
         * The size in bytes of one memtable, the in-memory write buffer that is flushed to a table file
         * when full. Default {@value #DEFAULT_WRITE_BUFFER_SIZE} (64 MiB).
         *
         * @throws IllegalArgumentException if not positive
         */
        public Options writeBufferSize(long bytes) {
            if (bytes <= 0) {
                throw new IllegalArgumentException("writeBufferSize must be positive, was " + bytes);
            }
            this.writeBufferSize = bytes;
            return this;
        }

        /** The memtable size in bytes. */
        public long writeBufferSize() {
            return writeBufferSize;
        }

        /**
         * The most unmerged counter operands ({@code add}s) one key may gather in the memtable; the write
         * that would exceed it reads the current sum and stores it as a plain value instead, so a hot
         * counter stays cheap to read and to add to. That read is served by the memtable or the block
         * cache, or else from a table file on disk (RocksDB's {@code strict_max_successive_merges}, which
         * the store always sets): once per this many adds to a key at most, and then the value is in the
         * memtable. {@code 0} disables the limit: adds never read, and a read merges every add since the
         * last flush. Default {@value #DEFAULT_MAX_SUCCESSIVE_MERGES}.
         *
         * @throws IllegalArgumentException if negative
         */
        public Options maxSuccessiveMerges(int operands) {
            if (operands < 0) {
                throw new IllegalArgumentException("maxSuccessiveMerges must be 0 (no limit) or positive, was "
                        + operands);
            }
            this.maxSuccessiveMerges = operands;
            return this;
        }

        /** The limit of unmerged counter operands per key; {@code 0} means no limit. */
        public int maxSuccessiveMerges() {
            return maxSuccessiveMerges;
        }

        /**
         * Whether every commit waits for its write-ahead-log record to reach the disk ({@code fsync}).
         * Default {@code false}: a commit is written to the log before it returns, so it survives a crash
         * of the process, but the most recent commits can be lost if the machine loses power. With
         * {@code true} they cannot, at the cost of one {@code fsync} per commit.
         */
        public Options syncWrites(boolean sync) {
            this.syncWrites = sync;
            return this;
        }

        /** Whether every commit is {@code fsync}ed. */
        public boolean syncWrites() {
            return syncWrites;
        }

        /**
         * Whether opening a directory that holds no store creates one (and missing parent
         * directories). Default {@code true}; with {@code false}, opening a missing store fails.
         */
        public Options createIfMissing(boolean create) {
            this.createIfMissing = create;
            return this;
        }

        /** Whether a missing store is created on open. */
        public boolean createIfMissing() {
            return createIfMissing;
        }

        /**
         * The POSIX permissions of the store directory, and of missing parent directories, when open creates
         * them. Default {@link #DEFAULT_DIRECTORY_PERMISSIONS}, {@code rwx------}: a store holds every record in
         * the clear, and RocksDB creates its files readable by all that the umask allows, so only the
         * directory keeps other users out. Set at creation, so the umask can only narrow them; a directory
         * that exists keeps its own. Opening a store whose directory others may list or enter logs a warning,
         * once per directory, unless these permissions grant that. Not used where the file system has no POSIX
         * permissions (Windows). {@code PosixFilePermissions.fromString("rwxr-x---")} lets the group read.
         *
         * @throws IllegalArgumentException if the owner may not read, write and enter the directory, which
         *     RocksDB needs
         */
        public Options directoryPermissions(Set<PosixFilePermission> permissions) {
            Objects.requireNonNull(permissions, "permissions");
            if (!permissions.containsAll(EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                    PosixFilePermission.OWNER_EXECUTE))) {
                throw new IllegalArgumentException("directoryPermissions must let the owner read, write and enter the"
                        + " directory (rwx------ at least), was " + PosixFilePermissions.toString(permissions));
            }
            this.directoryPermissions = Set.copyOf(permissions);
            return this;
        }

        /** The permissions of store directories that open creates. */
        public Set<PosixFilePermission> directoryPermissions() {
            return directoryPermissions;
        }

        /**
         * Whether the store is opened for reading only (RocksDB's read-only mode), as tools that inspect a store
         * open it. Default {@code false}. A read-only store does not take the directory's {@code LOCK}, so it can
         * be opened while another process holds the store and writes it; it sees the store as it was when it was
         * opened, and keeps every table file it reads open from then on, so that the other process's
         * compactions cannot take them away. A missing store is never created, and nothing can be written: a
         * transaction reads at its snapshot, and its first write fails with
         * {@link io.kvmapper.InvalidRequestException}.
         */
        public Options readOnly(boolean readOnly) {
            this.readOnly = readOnly;
            return this;
        }

        /** Whether stores are opened for reading only. */
        public boolean readOnly() {
            return readOnly;
        }

        /**
         * Opens the store in {@code dir} with these options.
         *
         * @throws io.kvmapper.StorageException if the store cannot be opened
         */
        public KvStore open(Path dir) {
            return KvStoreImpl.open(openBackend(dir, this), this);
        }

        @Override
        public String toString() {
            return "RocksKvStore.Options[blockCacheSize=" + blockCacheSize + ", entityCacheSize=" + entityCacheSize
                    + ", bloomFilterBitsPerKey="
                    + bloomFilterBitsPerKey + ", writeBufferSize=" + writeBufferSize + ", maxSuccessiveMerges="
                    + maxSuccessiveMerges + ", syncWrites=" + syncWrites + ", createIfMissing=" + createIfMissing
                    + ", readOnly=" + readOnly
                    + ", directoryPermissions=" + PosixFilePermissions.toString(directoryPermissions)
                    + ", " + describeStoreOptions() + "]";
        }
    }
}
