package io.kvmapper.rocksdb;

import io.kvmapper.StoreClosedException;
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
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.Snapshot;
import org.rocksdb.Transaction;

/**
 * A RocksDB optimistic transaction begun with a snapshot. Point reads go through
 * {@code MultiGetForUpdate}, so commit checks them for conflicts; scans read through the transaction's
 * iterator, untracked; adds are untracked merges. The transaction releases its native handles as
 * soon as it commits, fails to commit, or is closed.
 */
final class RocksTransaction implements KvTransaction, NativeResource {
    /** How many keys {@link #deleteRange} collects before deleting them and seeking on. */
    private static final int DELETE_RANGE_CHUNK = 1024;

    private final RocksBackend backend;
    private final Transaction transaction;
    private final Set<NativeResource> cursors = ConcurrentHashMap.newKeySet();
    private Snapshot snapshot;
    private ReadOptions readOptions;
    private volatile String endReason;

    RocksTransaction(RocksBackend backend, Transaction transaction) {
        this.backend = backend;
        this.transaction = transaction;
    }

    @Override
    public byte[] get(byte[] key) {
        Objects.requireNonNull(key, "key");
        long stamp = enter();
        try {
            // One key through the multi-key call: rocksjni's single-key getForUpdate reports an absent key
            // by throwing and catching a C++ exception (about 0.7 us of unwinding, every existence check of
            // an insert), the multi-key call by a status. Both track the key alike.
            return transaction.multiGetForUpdateAsList(readOptions(), List.of(key)).get(0);
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
            return transaction.get(readOptions(), key);
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
            return keys.isEmpty() ? new ArrayList<>() : transaction.multiGetForUpdateAsList(readOptions(), keys);
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
            RocksCursor cursor = RocksCursor.open(backend, range, options, transaction, snapshot(), cursors::remove);
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
        long stamp = enter();
        try {
            transaction.put(key, value);
        } catch (RocksDBException e) {
            throw RocksErrors.storage(backend.path(), "put of key " + RocksBackend.hex(key), e);
        } finally {
            backend.exit(stamp);
        }
    }

    @Override
    public void delete(byte[] key) {
        Objects.requireNonNull(key, "key");
        long stamp = enter();
        try {
            transaction.delete(key);
        } catch (RocksDBException e) {
            throw RocksErrors.storage(backend.path(), "delete of key " + RocksBackend.hex(key), e);
        } finally {
            backend.exit(stamp);
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>RocksDB transactions have no range deletion, so this iterates the range as the transaction
     * sees it (its snapshot plus its own writes) and deletes each key, tracked like {@link #delete}:
     * one native seek per {@value #DELETE_RANGE_CHUNK} keys plus four native calls per key, and
     * one entry per key in the transaction's write batch.
     */
    @Override
    public void deleteRange(KeyRange range) {
        Objects.requireNonNull(range, "range");
        long stamp = enter();
        try {
            if (range.isEmpty()) {
                return;
            }
            try (Slice upperBound = new Slice(range.end());
                    ReadOptions bounded = new ReadOptions().setIterateUpperBound(upperBound).setSnapshot(snapshot())) {
                byte[] from = range.begin();
                List<byte[]> keys = new ArrayList<>();
                do {
                    keys.clear();
                    // Collect a chunk, then delete it with the iterator closed: the iterator reads the
                    // transaction's write batch, which must not change under it.
                    try (RocksIterator iterator = transaction.getIterator(bounded)) {
                        for (iterator.seek(from); iterator.isValid() && keys.size() < DELETE_RANGE_CHUNK;
                                iterator.next()) {
                            keys.add(iterator.key());
                        }
                        iterator.status();
                    }
                    for (byte[] key : keys) {
                        transaction.delete(key);
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

    /** {@inheritDoc} An untracked {@code uint64add} merge: it never makes this transaction conflict. */
    @Override
    public void add(byte[] key, long delta) {
        Objects.requireNonNull(key, "key");
        long stamp = enter();
        try {
            transaction.mergeUntracked(key, Counters.encode(delta));
        } catch (RocksDBException e) {
            throw RocksErrors.storage(backend.path(), "add to key " + RocksBackend.hex(key), e);
        } finally {
            backend.exit(stamp);
        }
    }

    /**
     * {@inheritDoc} Closes the transaction's open cursors first. Whether or not it succeeds, the
     * transaction is over afterwards.
     */
    @Override
    public void commit() {
        long stamp = enter();
        try {
            abortCursors("commit() ended its transaction");
            transaction.commit();
            end("transaction on RocksDB store at " + backend.path() + " has committed; begin a new one");
        } catch (RocksDBException e) {
            end("transaction on RocksDB store at " + backend.path() + " failed to commit; begin a new one");
            throw RocksErrors.commit(backend.path(), e);
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

    /** The snapshot taken at begin; RocksDB owns it and releases it with the transaction. */
    private Snapshot snapshot() {
        if (snapshot == null) {
            snapshot = transaction.getSnapshot();
        }
        return snapshot;
    }

    private ReadOptions readOptions() {
        if (readOptions == null) {
            readOptions = new ReadOptions().setSnapshot(snapshot());
        }
        return readOptions;
    }

    private void abortCursors(String reason) {
        for (NativeResource cursor : List.copyOf(cursors)) {
            cursor.abort(reason);
        }
    }

    /**
     * Ends the transaction once: closes its cursors and releases its handles; destroying an
     * uncommitted RocksDB transaction discards its writes. Called with the backend's lock held.
     */
    private void end(String reason) {
        if (endReason != null) {
            return;
        }
        endReason = reason;
        abortCursors(reason);
        if (readOptions != null) {
            readOptions.close();
        }
        if (snapshot != null) {
            snapshot.close();
        }
        transaction.close();
        backend.forget(this);
    }
}
