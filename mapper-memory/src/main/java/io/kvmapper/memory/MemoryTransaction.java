package io.kvmapper.memory;

import io.kvmapper.StoreClosedException;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * An optimistic transaction on the in-memory store: it reads a snapshot registered when it began, with its
 * own {@linkplain WriteBuffer writes} laid over it, and takes no lock until it commits.
 *
 * <p>Tracked reads ({@code get}, {@code getAll}) and writes ({@code put}, {@code delete}, the deletes of
 * {@code deleteRange}) note their keys; commit fails with {@link TransactionConflictException}, applying
 * nothing, if a commit after this transaction began wrote one of them. Adds note nothing, so they never
 * conflict, and apply at commit to the latest committed value. The snapshot is released as soon as the
 * transaction commits, fails to commit or is closed.
 */
final class MemoryTransaction implements KvTransaction {
    private final MemoryBackend backend;
    private final VersionedStore store;
    private final Snapshot snapshot;
    private final WriteBuffer writes = new WriteBuffer();
    private final NavigableSet<byte[]> checked = new TreeSet<>(Arrays::compareUnsigned);
    private String endReason;

    MemoryTransaction(MemoryBackend backend, VersionedStore store) {
        this.backend = backend;
        this.store = store;
        this.snapshot = store.openSnapshot();
    }

    @Override
    public byte[] get(byte[] key) {
        Objects.requireNonNull(key, "key");
        ensureOpen();
        byte[] own = key.clone();
        checked.add(own);
        return copy(read(own));
    }

    @Override
    public byte[] peek(byte[] key) {
        Objects.requireNonNull(key, "key");
        ensureOpen();
        return copy(read(key));
    }

    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        MemoryBackend.requireKeys(keys);
        ensureOpen();
        List<byte[]> values = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
            byte[] own = key.clone();
            checked.add(own);
            values.add(copy(read(own)));
        }
        return values;
    }

    /**
     * {@inheritDoc} The cursor reads this transaction's snapshot with its writes laid over it, and ends
     * when the transaction does.
     */
    @Override
    public KvCursor scan(KeyRange range, ScanOptions options) {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return openCursor(range, options);
    }

    @Override
    public void put(byte[] key, byte[] value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        ensureOpen();
        byte[] own = key.clone();
        writes.put(own, value.clone());
        checked.add(own);
    }

    @Override
    public void delete(byte[] key) {
        Objects.requireNonNull(key, "key");
        ensureOpen();
        byte[] own = key.clone();
        writes.delete(own);
        checked.add(own);
    }

    /** {@inheritDoc} Scans the range as this transaction sees it and deletes each key, tracked like {@link #delete}. */
    @Override
    public void deleteRange(KeyRange range) {
        Objects.requireNonNull(range, "range");
        ensureOpen();
        try (MemoryCursor cursor = openCursor(range, ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                byte[] key = cursor.nextKey();
                writes.delete(key);
                checked.add(key);
            }
        }
    }

    /**
     * {@inheritDoc} The key is not checked at commit, so the add never makes this transaction conflict;
     * the commit adds to the latest committed value, and stamps the key as written, so a transaction that
     * read it and commits later conflicts.
     */
    @Override
    public void add(byte[] key, long delta) {
        Objects.requireNonNull(key, "key");
        ensureOpen();
        writes.add(key.clone(), delta);
    }

    /**
     * {@inheritDoc} The stamp is the tuple {@code (sequence, index)}: the commit's sequence number, then the put's
     * place among the commit's stamped puts.
     */
    @Override
    public void putStamped(byte[] prefix, byte[] value, Consumer<byte[]> committed) {
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(value, "value");
        ensureOpen();
        writes.putStamped(prefix.clone(), value.clone(), committed);
    }

    /** {@inheritDoc} Whether or not it succeeds, the transaction is over afterwards. */
    @Override
    public void commit() {
        ensureOpen();
        boolean committed;
        try {
            committed = store.commit(snapshot, checked, writes);
        } catch (RuntimeException | Error e) {
            end("the transaction on " + store.name() + " failed to commit; begin a new one");
            throw e;
        }
        if (!committed) {
            end("the transaction on " + store.name() + " failed to commit; begin a new one");
            throw new TransactionConflictException(store.name() + ": the transaction conflicted with a concurrent"
                    + " commit (a key it read or wrote was written since it began) and was not applied; run the"
                    + " unit of work again");
        }
        end("the transaction on " + store.name() + " has committed; begin a new one");
    }

    /** Rolls back unless committed, ending the transaction's cursors. Idempotent. */
    @Override
    public void close() {
        if (endReason == null) {
            end("the transaction on " + store.name() + " is closed (rolled back)");
        }
    }

    @Override
    public String toString() {
        return "MemoryTransaction[" + store.name() + ", snapshot " + snapshot.sequence()
                + (endReason == null ? "]" : ", ended]");
    }

    /** The key's value as this transaction sees it: its own write over its snapshot. */
    private byte[] read(byte[] key) {
        PendingWrite own = writes.get(key);
        if (own == null) {
            return store.read(key, snapshot.sequence());
        }
        return own.applyTo(key, own.replaces() ? null : store.read(key, snapshot.sequence()));
    }

    private MemoryCursor openCursor(KeyRange range, ScanOptions options) {
        return MemoryCursor.withOwnWrites(store, snapshot.sequence(), writes, range, options, this::ensureOpen);
    }

    /** @throws StoreClosedException if this transaction has ended or its backend is closed */
    private void ensureOpen() {
        if (endReason != null) {
            throw new StoreClosedException(endReason);
        }
        backend.ensureOpen();
    }

    private void end(String reason) {
        endReason = reason;
        snapshot.close();
    }

    private static byte[] copy(byte[] value) {
        return value == null ? null : value.clone();
    }
}
