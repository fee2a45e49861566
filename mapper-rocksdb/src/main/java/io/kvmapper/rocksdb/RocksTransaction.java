package io.kvmapper.rocksdb;

import io.kvmapper.KvMapperException;
import io.kvmapper.StorageException;
import io.kvmapper.StoreClosedException;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;
import org.rocksdb.WriteBatchWithIndex;

/**
 * An optimistic transaction over the plain RocksDB database, its conflicts detected in Java by the
 * backend's {@link CommitLedger}.
 *
 * <p>At begin it notes the ledger's published version and takes a RocksDB snapshot. Writes go into a
 * {@code WriteBatchWithIndex}; reads go to the snapshot, through that batch once the transaction has
 * written ({@code GetFromBatchAndDB}, an iterator with the snapshot as base), so they see the
 * transaction's own writes, its counter adds merged onto the stored value with the database's
 * {@code uint64add} operator. Tracked reads ({@code get}, {@code getAll}) and writes ({@code put},
 * {@code delete}, the deletes of {@code deleteRange}) record their keys' hashes for the commit's conflict
 * check; adds record theirs only as written keys, which later commits are checked against. Commit checks
 * and writes the batch, one atomic RocksDB write through the write-ahead log (shared with concurrent
 * commits), under the ledger's lock.
 * The transaction releases its snapshot and native handles as soon as it commits, fails to commit, or is
 * closed.
 */
final class RocksTransaction implements KvTransaction, NativeResource {
    /** How many keys {@link #deleteRange} collects before deleting them and seeking on. */
    private static final int DELETE_RANGE_CHUNK = 1024;

    private final RocksBackend backend;
    private final RocksDB db;
    private final long beginVersion;
    private final Snapshot snapshot;
    private final ReadOptions readOptions;
    private final TransactionBatch batch;
    private final KeyHashes checked = new KeyHashes();
    private final KeyHashes written = new KeyHashes();
    private final Set<NativeResource> cursors = ConcurrentHashMap.newKeySet();
    private volatile String endReason;

    /** Begins a transaction. Called with the backend's lock held. */
    RocksTransaction(RocksBackend backend, RocksDB db, long beginVersion) {
        this.backend = backend;
        this.db = db;
        this.beginVersion = beginVersion;
        Snapshot taken = db.getSnapshot();
        ReadOptions options = null;
        try {
            options = new ReadOptions().setSnapshot(taken);
            this.batch = new TransactionBatch(backend.listsWrittenKeys());
        } catch (RuntimeException | Error e) {
            if (options != null) {
                options.close();
            }
            db.releaseSnapshot(taken);
            throw e;
        }
        this.snapshot = taken;
        this.readOptions = options;
    }

    @Override
    public byte[] get(byte[] key) {
        Objects.requireNonNull(key, "key");
        long stamp = enter();
        try {
            checked.add(CommitLedger.hash(key));
            return read(key);
        } catch (RocksDBException e) {
            throw RocksErrors.storage(backend.path(), "transactional get of key " + RocksBackend.hex(key), e);
        } finally {
            backend.exit(stamp);
        }
    }

    @Override
    public byte[] peek(byte[] key) {
        Objects.requireNonNull(key, "key");
        long stamp = enter();
        try {
            return read(key);
        } catch (RocksDBException e) {
            throw RocksErrors.storage(backend.path(), "untracked transactional get of key " + RocksBackend.hex(key), e);
        } finally {
            backend.exit(stamp);
        }
    }

    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        RocksBackend.requireKeys(keys);
        long stamp = enter();
        try {
            for (byte[] key : keys) {
                checked.add(CommitLedger.hash(key));
            }
            if (keys.isEmpty()) {
                return new ArrayList<>();
            }
            if (written.size() == 0) {
                return db.multiGetAsList(readOptions, keys);
            }
            // The indexed batch has no multi-key read through to the database in rocksjni.
            List<byte[]> values = new ArrayList<>(keys.size());
            for (byte[] key : keys) {
                values.add(batch.getFromBatchAndDB(db, readOptions, key));
            }
            return values;
        } catch (RocksDBException e) {
            throw RocksErrors.storage(backend.path(), "transactional multi-get of " + keys.size() + " keys", e);
        } finally {
            backend.exit(stamp);
        }
    }

    /**
     * {@inheritDoc} The cursor sees the transaction's own writes over its snapshot; it is closed when
     * the transaction commits or closes. Writes made after it opened show in it only if they lie
     * beyond the batch it has already copied out.
     */
    @Override
    public KvCursor scan(KeyRange range, ScanOptions options) {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(options, "options");
        long stamp = enter();
        try {
            if (range.isEmpty()) {
                return RocksCursor.empty();
            }
            RocksCursor cursor = RocksCursor.open(backend, range, options, this::iterator, cursors::remove);
            cursors.add(cursor);
            return cursor;
        } finally {
            backend.exit(stamp);
        }
    }

    @Override
    public void put(byte[] key, byte[] value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        backend.requireWritable();
        long stamp = enter();
        try {
            batch.put(key, value);
            trackWrite(key);
        } catch (RocksDBException e) {
            throw RocksErrors.storage(backend.path(), "put of key " + RocksBackend.hex(key), e);
        } finally {
            backend.exit(stamp);
        }
    }

    @Override
    public void delete(byte[] key) {
        Objects.requireNonNull(key, "key");
        backend.requireWritable();
        long stamp = enter();
        try {
            batch.delete(key);
            trackWrite(key);
        } catch (RocksDBException e) {
            throw RocksErrors.storage(backend.path(), "delete of key " + RocksBackend.hex(key), e);
        } finally {
            backend.exit(stamp);
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>A RocksDB range deletion cannot be read through the indexed batch, so this iterates the range as
     * the transaction sees it (its snapshot plus its own writes) and deletes each key, tracked like
     * {@link #delete}: one native seek per {@value #DELETE_RANGE_CHUNK} keys plus three native calls per
     * key, and one entry per key in the transaction's batch.
     */
    @Override
    public void deleteRange(KeyRange range) {
        Objects.requireNonNull(range, "range");
        backend.requireWritable();
        long stamp = enter();
        try {
            if (range.isEmpty()) {
                return;
            }
            try (Slice upperBound = new Slice(range.end());
                    ReadOptions bounded = new ReadOptions().setIterateUpperBound(upperBound)) {
                byte[] from = range.begin();
                List<byte[]> keys = new ArrayList<>();
                do {
                    keys.clear();
                    // Collect a chunk, then delete it with the iterator closed: the iterator reads the
                    // transaction's indexed batch, which must not change under it.
                    try (RocksIterator iterator = iterator(bounded)) {
                        for (iterator.seek(from); iterator.isValid() && keys.size() < DELETE_RANGE_CHUNK;
                                iterator.next()) {
                            keys.add(iterator.key());
                        }
                        iterator.status();
                    }
                    for (byte[] key : keys) {
                        batch.delete(key);
                        trackWrite(key);
                    }
                    if (!keys.isEmpty()) {
                        from = KeyRange.successor(keys.get(keys.size() - 1));
                    }
                } while (keys.size() == DELETE_RANGE_CHUNK);
            }
        } catch (RocksDBException e) {
            throw RocksErrors.storage(backend.path(), "delete of range " + range, e);
        } finally {
            backend.exit(stamp);
        }
    }

    /**
     * {@inheritDoc} A {@code uint64add} merge in the batch. Its key is not checked at commit, so it never
     * makes this transaction conflict, but it is stamped as written, so a transaction that read the
     * counter with {@link #get} and commits later conflicts with it.
     */
    @Override
    public void add(byte[] key, long delta) {
        Objects.requireNonNull(key, "key");
        backend.requireWritable();
        long stamp = enter();
        try {
            batch.merge(key, Counters.encode(delta));
            written.add(CommitLedger.hash(key));
            batch.written(key);
        } catch (RocksDBException e) {
            throw RocksErrors.storage(backend.path(), "add to key " + RocksBackend.hex(key), e);
        } finally {
            backend.exit(stamp);
        }
    }

    /**
     * {@inheritDoc} The stamp is one integer, the RocksDB sequence number the put's own record gets when the commit
     * is written ({@link StampedPuts}).
     */
    @Override
    public void putStamped(byte[] prefix, byte[] value, Consumer<byte[]> committed) {
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(value, "value");
        backend.requireWritable();
        long stamp = enter();
        try {
            if (batch.stamped() == null) {
                // so that the ledger writes the batch even if the transaction writes nothing else
                written.add(CommitLedger.hash(prefix));
            }
            batch.stampedPuts().add(prefix.clone(), value.clone(), committed);
        } finally {
            backend.exit(stamp);
        }
    }

    /**
     * {@inheritDoc} Closes the transaction's open cursors first, then checks and writes under the
     * backend's commit lock. Whether or not it succeeds, the transaction is over afterwards.
     */
    @Override
    public void commit() {
        long stamp = enter();
        try {
            abortCursors("commit() ended its transaction");
            boolean committed = backend.ledger().commit(beginVersion, checked, written, batch);
            if (!committed) {
                end("transaction on RocksDB store at " + backend.path() + " failed to commit; begin a new one");
                throw new TransactionConflictException("RocksDB store at " + backend.path() + ": the transaction"
                        + " conflicted with a concurrent commit (a key it read or wrote was written since it began)"
                        + " and was not applied; run the unit of work again");
            }
            end("transaction on RocksDB store at " + backend.path() + " has committed; begin a new one");
        } catch (RocksDBException e) {
            end("transaction on RocksDB store at " + backend.path() + " failed to commit; begin a new one");
            throw RocksErrors.storage(backend.path(), "commit", e);
        } catch (KvMapperException e) {
            end("transaction on RocksDB store at " + backend.path() + " failed to commit; begin a new one");
            throw e;
        } catch (RuntimeException e) {
            // The group's write failed with it, for every member: each thread gets an exception of its own.
            end("transaction on RocksDB store at " + backend.path() + " failed to commit; begin a new one");
            throw new StorageException("RocksDB store at " + backend.path() + ": commit failed: " + e, e, false);
        } catch (Error e) {
            end("transaction on RocksDB store at " + backend.path() + " failed to commit; begin a new one");
            throw e;
        } finally {
            backend.exit(stamp);
        }
    }

    /** Rolls back unless committed, closing the transaction's cursors. Idempotent. */
    @Override
    public void close() {
        if (endReason == null) {
            backend.releaseUnlessClosed(() -> end("transaction on RocksDB store at " + backend.path()
                    + " is closed (rolled back)"));
        }
    }

    @Override
    public void abort(String reason) {
        end(reason);
    }

    private long enter() {
        long stamp = backend.enter();
        String ended = endReason;
        if (ended != null) {
            backend.exit(stamp);
            throw new StoreClosedException(ended);
        }
        return stamp;
    }

    /**
     * A read at the snapshot, through the batch once the transaction has written. Before that a plain
     * {@code Get}, which is cheaper: nothing in the batch to look up or merge.
     */
    private byte[] read(byte[] key) throws RocksDBException {
        return written.size() == 0 ? db.get(readOptions, key) : batch.getFromBatchAndDB(db, readOptions, key);
    }

    private void trackWrite(byte[] key) {
        batch.written(key);
        long hash = CommitLedger.hash(key);
        checked.add(hash);
        written.add(hash);
    }

    /**
     * An iterator over the snapshot with the batch's writes laid over it, bounded as {@code options} says;
     * closing it closes the database iterator under it. {@code options} must outlive the iterator.
     */
    private RocksIterator iterator(ReadOptions options) {
        options.setSnapshot(snapshot);
        RocksIterator base = db.newIterator(options);
        try {
            return batch.newIteratorWithBase(base, options);
        } catch (RuntimeException | Error e) {
            base.close();
            throw e;
        }
    }

    private void abortCursors(String reason) {
        for (NativeResource cursor : List.copyOf(cursors)) {
            cursor.abort(reason);
        }
    }

    /**
     * Ends the transaction once: closes its cursors, discards the batch and releases the snapshot.
     * Called with the backend's lock held.
     */
    private void end(String reason) {
        if (endReason != null) {
            return;
        }
        endReason = reason;
        abortCursors(reason);
        batch.close();
        readOptions.close();
        db.releaseSnapshot(snapshot);
        backend.forget(this);
    }
}
