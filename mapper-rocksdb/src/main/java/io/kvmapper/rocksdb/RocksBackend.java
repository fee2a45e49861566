package io.kvmapper.rocksdb;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.StorageException;
import io.kvmapper.StoreClosedException;
import io.kvmapper.spi.CommitWatcher;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.StampedLock;
import org.rocksdb.AbstractNativeReference;
import org.rocksdb.AbstractWriteBatch;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.UInt64AddOperator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteBatchWithIndex;
import org.rocksdb.WriteOptions;

/**
 * The storage SPI on an embedded RocksDB database, opened with
 * {@link RocksKvStore#openBackend(Path, RocksKvStore.Options)}.
 *
 * <h2>Reads</h2>
 * A point read is one RocksDB {@code Get}, a multi-key read one {@code MultiGet}: one call into native
 * code each, with no copy beyond the returned array. A scan streams a RocksDB iterator bounded by the
 * range ({@code iterate_lower_bound} and {@code iterate_upper_bound}), fetching items in growing
 * batches; the iterator itself pins a consistent view of the store as of the moment the scan opened.
 *
 * <h2>Transactions</h2>
 * Transactions are optimistic, with a snapshot taken at begin, over a plain RocksDB database: they take
 * no locks while they work, so they never wait for each other and cannot deadlock; instead commit checks
 * that no key the transaction read ({@code get}, {@code getAll}) or wrote ({@code put}, {@code delete})
 * was written by a commit after it began, and fails with a retryable
 * {@link io.kvmapper.TransactionConflictException} if one was. {@link io.kvmapper.KvStore#transact}
 * then runs the unit of work again. A unique-index claim is safe because the claiming transaction
 * reads the index key and writes it, so two concurrent claims of one value cannot both commit.
 * Counter adds are RocksDB merges ({@code uint64add}) whose keys are not checked, so they never conflict.
 * The conflict check is made in Java ({@link CommitLedger}), under one commit lock that also covers
 * the write: sound because a RocksDB directory is open in one instance at a time (its {@code LOCK} file),
 * so every writer of the database commits through this backend. Each commit is one RocksDB write batch
 * through the write-ahead log, fsynced or not as {@link RocksKvStore.Options#syncWrites} says; commits
 * that queue for the lock together are written together, in one write (group commit).
 *
 * <h2>Threads and lifetime</h2>
 * Safe for concurrent use. {@link #close()} waits for calls in progress, then closes every open
 * transaction (rolling it back) and cursor, the database, and all native handles; any later use
 * throws {@link StoreClosedException}.
 */
public final class RocksBackend implements KvBackend {
    static {
        // Explicitly: not every rocksdbjni class loads the library first (UInt64AddOperator does not).
        RocksDB.loadLibrary();
    }

    /**
     * The size of each memtable's whole-key Bloom filter as a fraction of the memtable (6.4 MiB for the
     * default 64 MiB). It lets a read of an absent key (an insert's existence checks) skip the memtable's
     * skip list.
     */
    private static final double MEMTABLE_BLOOM_RATIO = 0.1;

    private final Path directory;
    private final boolean readOnly;
    private final String closedMessage;
    private final StampedLock lock = new StampedLock();
    private final Set<NativeResource> openResources = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private final List<AbstractNativeReference> ownedHandles;
    private final WriteOptions writeOptions;
    /**
     * At most this many bytes of batches are joined into one group commit, since the join copies them on
     * the heap: large transactions that queue together commit in several groups, one write each, and a
     * batch above it alone.
     */
    static final long GROUP_WRITE_BYTES = 32L << 20;

    private final CommitLedger<WriteBatchWithIndex> ledger =
            new CommitLedger<>(this::write, batch -> batch.getWriteBatch().getDataSize(), GROUP_WRITE_BYTES);
    private final WriteCall writeCall;
    private final RocksDB db;
    /** The entity cache's bound ({@link RocksKvStore.Options#entityCacheSize}); 0 on a read-only store. */
    private final long entityCacheBytes;
    /** Hear of every commit from when the runtime set them ({@link #watchCommits}); usually one, or none. */
    private final List<CommitWatcher> watchers = new java.util.concurrent.CopyOnWriteArrayList<>();

    /**
     * One RocksDB write of a batch ({@link #rocksWrite}), or in tests one that fails or waits at a chosen
     * moment.
     */
    @FunctionalInterface
    interface WriteCall {
        void write(RocksDB db, WriteOptions options, AbstractWriteBatch batch) throws RocksDBException;
    }

    RocksBackend(Path dir, RocksKvStore.Options settings) {
        this(dir, settings, RocksBackend::rocksWrite);
    }

    /** A backend whose commits are written by {@code writeCall}: for tests that inject faults. */
    RocksBackend(Path dir, RocksKvStore.Options settings, WriteCall writeCall) {
        this.writeCall = writeCall;
        this.directory = dir.toAbsolutePath();
        this.readOnly = settings.readOnly();
        this.entityCacheBytes = readOnly ? 0 : settings.entityCacheSize();
        this.closedMessage = "RocksDB store at " + directory + " is closed";
        List<AbstractNativeReference> handles = new ArrayList<>();
        try {
            if (readOnly && !Files.isRegularFile(directory.resolve("CURRENT"))) {
                throw new StorageException("there is no RocksDB store at " + directory + (Files.isDirectory(directory)
                        ? " (the directory holds no CURRENT file)" : " (no such directory)"), null, false);
            }
            if (settings.createIfMissing() && !readOnly) {
                StoreDirectory.create(directory, settings.directoryPermissions());
            } else if (!Files.isDirectory(directory)) {
                // Checked here because RocksDB would create the directory before failing.
                throw new StorageException("there is no RocksDB store at " + directory
                        + " (no such directory) and createIfMissing is false", null, false);
            }
            StoreDirectory.warnIfOthersMayRead(directory, settings.directoryPermissions());
            UInt64AddOperator mergeOperator = owned(handles, new UInt64AddOperator());
            BlockBasedTableConfig table = new BlockBasedTableConfig();
            if (settings.blockCacheSize() > 0) {
                table.setBlockCache(owned(handles, new LRUCache(settings.blockCacheSize())));
            } else {
                table.setNoBlockCache(true);
            }
            if (settings.bloomFilterBitsPerKey() > 0) {
                table.setFilterPolicy(owned(handles, new BloomFilter(settings.bloomFilterBitsPerKey(), false)));
                table.setWholeKeyFiltering(true);
            }
            org.rocksdb.Options options = owned(handles, new org.rocksdb.Options(owned(handles, new DBOptions()),
                    owned(handles, strictMergeLimit())));
            options.setCreateIfMissing(settings.createIfMissing() && !readOnly)
                    .setMergeOperator(mergeOperator)
                    .setMaxSuccessiveMerges(settings.maxSuccessiveMerges())
                    .setWriteBufferSize(settings.writeBufferSize())
                    .setMemtablePrefixBloomSizeRatio(MEMTABLE_BLOOM_RATIO)
                    .setMemtableWholeKeyFiltering(true)
                    .setTableFormatConfig(table);
            // The write-ahead log is never disabled: it is what makes a commit survive a crash.
            WriteOptions write = owned(handles, new WriteOptions().setSync(settings.syncWrites()));
            if (readOnly) {
                // every table file opened now, so that a writer's compactions cannot delete one before it is read
                options.setMaxOpenFiles(-1);
                this.db = RocksDB.openReadOnly(options, directory.toString());
            } else {
                this.db = RocksDB.open(options, directory.toString());
            }
            this.writeOptions = write;
            Collections.reverse(handles);
            this.ownedHandles = List.copyOf(handles);
        } catch (RocksDBException e) {
            closeAll(handles);
            if (RocksErrors.isLockHeld(e)) {
                throw new StorageException("RocksDB store at " + directory + " is already open in this or another"
                        + " process (its LOCK file is held); close that instance first", e, false);
            }
            throw new StorageException("could not open RocksDB store at " + directory + ": " + e.getMessage(), e,
                    false);
        } catch (IOException e) {
            closeAll(handles);
            throw new StorageException("could not create the directory for RocksDB store at " + directory, e, false);
        } catch (RuntimeException | Error e) {
            closeAll(handles);
            throw e;
        }
    }

    /** Whether the store was opened read-only ({@link RocksKvStore.Options#readOnly}). */
    @Override
    public boolean isReadOnly() {
        return readOnly;
    }

    /** The directory the store lives in, as an absolute path. */
    public Path directory() {
        return directory;
    }

    /**
     * The value of a RocksDB property, such as {@code "rocksdb.stats"} or
     * {@code "rocksdb.estimate-num-keys"}, for diagnostics and benchmarks.
     *
     * @throws StorageException if RocksDB does not know the property
     * @throws StoreClosedException if the backend is closed
     */
    public String property(String name) {
        Objects.requireNonNull(name, "name");
        long stamp = enter();
        try {
            return db.getProperty(name);
        } catch (RocksDBException e) {
            throw RocksErrors.storage(directory.toString(), "reading property " + name, e);
        } finally {
            exit(stamp);
        }
    }

    /** {@inheritDoc} One RocksDB {@code Get}. */
    @Override
    public byte[] get(byte[] key) {
        Objects.requireNonNull(key, "key");
        long stamp = enter();
        try {
            return db.get(key);
        } catch (RocksDBException e) {
            throw RocksErrors.storage(directory.toString(), "get of key " + hex(key), e);
        } finally {
            exit(stamp);
        }
    }

    /** {@inheritDoc} One RocksDB {@code MultiGet}. */
    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        requireKeys(keys);
        long stamp = enter();
        try {
            return keys.isEmpty() ? new ArrayList<>() : db.multiGetAsList(keys);
        } catch (RocksDBException e) {
            throw RocksErrors.storage(directory.toString(), "multi-get of " + keys.size() + " keys", e);
        } finally {
            exit(stamp);
        }
    }

    /** {@inheritDoc} The cursor must be closed; closing the backend closes it too. */
    @Override
    public KvCursor scan(KeyRange range, ScanOptions options) {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(options, "options");
        long stamp = enter();
        try {
            if (range.isEmpty()) {
                return RocksCursor.empty();
            }
            RocksCursor cursor = RocksCursor.open(this, range, options, db::newIterator, openResources::remove);
            openResources.add(cursor);
            return cursor;
        } finally {
            exit(stamp);
        }
    }

    /**
     * {@inheritDoc} An optimistic transaction with a snapshot taken now, its conflicts detected by this
     * backend at commit. Closing the backend rolls back every transaction still open. On a store opened
     * read-only a transaction reads (at its snapshot) and refuses its first write.
     */
    @Override
    public KvTransaction beginTransaction() {
        long stamp = enter();
        try {
            // The version first, then the snapshot: the snapshot holds every commit up to that version.
            RocksTransaction transaction = new RocksTransaction(this, db, ledger.committedVersion());
            openResources.add(transaction);
            return transaction;
        } finally {
            exit(stamp);
        }
    }

    /**
     * {@inheritDoc} {@link RocksKvStore.Options#entityCacheSize}; 0 on a store opened read-only. Every write of the
     * store passes through this backend (its directory is locked to one instance), so a watcher hears of all.
     */
    @Override
    public long entityCacheBytes() {
        return entityCacheBytes;
    }

    /**
     * {@inheritDoc} The watcher hears of each group commit, with the keys of all its transactions, under the commit
     * lock: before the one RocksDB write, and after it (also when it fails).
     */
    @Override
    public void watchCommits(CommitWatcher watcher) {
        Objects.requireNonNull(watcher, "watcher");
        if (entityCacheBytes == 0) {
            throw new UnsupportedOperationException("RocksDB store at " + directory + " has no entity cache");
        }
        // under the commit lock: a commit in progress must not end (committed) at a watcher it never began at
        ledger.whileNoCommit(() -> watchers.add(watcher));
    }

    /**
     * Whether transactions list the keys they write, for a {@link CommitWatcher}: from the start wherever one may be
     * set, so that a transaction begun before the watcher was set still reports every key it wrote.
     */
    boolean listsWrittenKeys() {
        return entityCacheBytes > 0;
    }

    /**
     * Throws if the store was opened read-only; the transaction's write methods call it before they buffer
     * anything.
     */
    void requireWritable() {
        if (readOnly) {
            throw new InvalidRequestException("RocksDB store at " + directory + " is open read-only, so nothing can be"
                    + " written to it; open it without RocksKvStore.Options.readOnly to write");
        }
    }

    /** Always true: RocksDB keeps every key of the store in one order. */
    @Override
    public boolean isGloballyOrdered() {
        return true;
    }

    /**
     * Waits for calls in progress, rolls back open transactions, closes open cursors, the database
     * and every native handle. Idempotent; later calls return at once.
     *
     * @throws StorageException if RocksDB reported an error while closing (the handles are released
     *     anyway)
     */
    @Override
    public void close() {
        long stamp = lock.writeLock();
        RocksDBException failure = null;
        try {
            if (closed) {
                return;
            }
            closed = true;
            for (NativeResource resource : List.copyOf(openResources)) {
                resource.abort(closedMessage);
            }
            openResources.clear();
            try {
                db.closeE();
            } catch (RocksDBException e) {
                failure = e;
            }
            closeAll(ownedHandles);
        } finally {
            lock.unlockWrite(stamp);
        }
        if (failure != null) {
            throw RocksErrors.storage(directory.toString(), "close", failure);
        }
    }

    @Override
    public String toString() {
        return "RocksBackend[" + directory + (closed ? ", closed]" : "]");
    }

    /** How many cursors and transactions are open, for tests that check that none leaks. */
    int openResourceCount() {
        return openResources.size();
    }

    /** The database, for tests in this package that inspect RocksDB directly. */
    RocksDB db() {
        return db;
    }

    /** The ledger through which every commit of this backend's transactions goes. */
    CommitLedger<WriteBatchWithIndex> ledger() {
        return ledger;
    }

    /**
     * Writes the batches of a group of commits in one RocksDB write, through the write-ahead log (synced
     * as the store's options say): all of them are stored, or none. Called by the ledger, with the commit
     * lock and this backend's lock held. Batches with stamped puts get them first ({@link #stamp}), and their
     * callbacks hear of them after the write, in the group's order, which is the order of commits.
     */
    private void write(List<WriteBatchWithIndex> batches) throws RocksDBException {
        List<CommitWatcher> watching = watchers.isEmpty() ? List.of() : List.copyOf(watchers);
        List<byte[]> keys = watching.isEmpty() ? null : writtenKeys(batches);
        if (keys != null) {
            for (CommitWatcher watcher : watching) {
                watcher.committing(keys);
            }
        }
        try {
            List<StampedPuts> stamped = stamp(batches);
            writeGroup(batches);
            for (StampedPuts puts : stamped) {
                puts.committed();
            }
        } finally {
            if (keys != null) {
                for (CommitWatcher watcher : watching) {
                    watcher.committed(keys);
                }
            }
        }
    }

    /** The keys the batches of a group write, for the watcher: every put, delete and add of each transaction. */
    private static List<byte[]> writtenKeys(List<WriteBatchWithIndex> batches) {
        if (batches.size() == 1) {
            return ((TransactionBatch) batches.get(0)).keys();
        }
        List<byte[]> keys = new ArrayList<>();
        for (WriteBatchWithIndex batch : batches) {
            keys.addAll(((TransactionBatch) batch).keys());
        }
        return keys;
    }

    /**
     * Completes the stamped puts of a group's batches with the RocksDB sequence numbers their records will get:
     * a write's records take the numbers after RocksDB's latest one, one each, in order (the store sets none of
     * the options that change that, such as {@code seq_per_batch}), the group is one write, and nothing else
     * writes while the commit lock is held.
     *
     * @return the stamped puts completed, in the group's order; none (and no native call) for a group without
     */
    private List<StampedPuts> stamp(List<WriteBatchWithIndex> batches) throws RocksDBException {
        List<StampedPuts> stamped = List.of();
        long next = 0;
        for (int i = 0; i < batches.size(); i++) {
            WriteBatchWithIndex batch = batches.get(i);
            StampedPuts puts = batch instanceof TransactionBatch transaction ? transaction.stamped() : null;
            if (puts != null && stamped.isEmpty()) {
                stamped = new ArrayList<>(2);
                next = db.getLatestSequenceNumber() + 1;
                for (int before = 0; before < i; before++) {
                    next += batches.get(before).count();
                }
            }
            if (!stamped.isEmpty() || puts != null) {
                int records = batch.count();
                if (puts != null) {
                    puts.complete(batch, next + records);
                    stamped.add(puts);
                    records += puts.size();
                }
                next += records;
            }
        }
        return stamped;
    }

    /** Writes a group's batches in one RocksDB write. */
    private void writeGroup(List<WriteBatchWithIndex> batches) throws RocksDBException {
        if (batches.size() == 1) {
            writeCall.write(db, writeOptions, batches.get(0));
        } else {
            try (WriteBatch joined = WriteBatches.concatenate(batches)) {
                writeCall.write(db, writeOptions, joined);
            }
        }
    }

    /** {@code RocksDB.write}, of either kind of batch. */
    static void rocksWrite(RocksDB db, WriteOptions options, AbstractWriteBatch batch) throws RocksDBException {
        if (batch instanceof WriteBatchWithIndex indexed) {
            db.write(options, indexed);
        } else {
            db.write(options, (WriteBatch) batch);
        }
    }

    /**
     * Begins a call: takes the shared side of the lock that {@link #close()} takes exclusively.
     *
     * @throws StoreClosedException if the backend is closed
     */
    long enter() {
        long stamp = lock.readLock();
        if (closed) {
            lock.unlockRead(stamp);
            throw new StoreClosedException(closedMessage);
        }
        return stamp;
    }

    /** Ends a call begun with {@link #enter()}. */
    void exit(long stamp) {
        lock.unlockRead(stamp);
    }

    /**
     * Runs {@code release} unless the backend has closed (which released everything already), without
     * racing a concurrent {@link #close()}.
     */
    void releaseUnlessClosed(Runnable release) {
        long stamp = lock.readLock();
        try {
            if (!closed) {
                release.run();
            }
        } finally {
            lock.unlockRead(stamp);
        }
    }

    /** Stops tracking a resource released by its user. */
    void forget(NativeResource resource) {
        openResources.remove(resource);
    }

    String path() {
        return directory.toString();
    }

    static String hex(byte[] key) {
        return HexFormat.of().formatHex(key);
    }

    static void requireKeys(List<byte[]> keys) {
        Objects.requireNonNull(keys, "keys");
        for (byte[] key : keys) {
            Objects.requireNonNull(key, "keys must not contain null");
        }
    }

    /**
     * Default column-family options but for {@code strict_max_successive_merges}, which rocksdbjni has no
     * setter for: RocksDB's own options parser sets it. With it, the add that reaches
     * {@code max_successive_merges} operands on a key always folds them into a value, reading the key's
     * current value from a table file if it is not in the memtable or the block cache. Without it, such an
     * add gave up and left one more operand, and every later add to that key tried the read again, which
     * collects every pending operand before it finds the value uncached: the adds to a hot counter whose
     * value was only on disk (after a reopen, a flush, or a large scan that pushed its block out of the
     * cache) grew quadratically until the next flush.
     */
    private static ColumnFamilyOptions strictMergeLimit() {
        Properties strict = new Properties();
        strict.setProperty("strict_max_successive_merges", "true");
        ColumnFamilyOptions options = ColumnFamilyOptions.getColumnFamilyOptionsFromProps(strict);
        if (options == null) {
            throw new IllegalStateException("this rocksdbjni does not know strict_max_successive_merges");
        }
        return options;
    }

    private static <T extends AbstractNativeReference> T owned(List<AbstractNativeReference> handles, T handle) {
        handles.add(handle);
        return handle;
    }

    private static void closeAll(List<AbstractNativeReference> handles) {
        for (AbstractNativeReference handle : handles) {
            handle.close();
        }
    }
}
