package io.kvmapper.memory;

import io.kvmapper.StoreClosedException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The storage SPI in memory, for tests: a {@linkplain VersionedStore sorted multi-version map} with the
 * isolation the SPI describes, opened through {@link MemoryKvStore}.
 *
 * <p>Reads on the backend take a snapshot of the latest commit; a point read or multi-get releases it at
 * once, a cursor when it is exhausted or closed. Transactions are optimistic ({@link MemoryTransaction}).
 * Safe for concurrent use by any number of threads: a read holds no lock while it reads (registering its
 * snapshot takes a short monitor), and commits take turns on one short lock.
 *
 * <p>Nothing outlives {@link #close()}: afterwards every call on the backend, and on its transactions and
 * cursors, throws {@link StoreClosedException}; the data is freed with the backend object.
 */
final class MemoryBackend implements KvBackend {
    private static final AtomicLong OPENED = new AtomicLong();

    private final VersionedStore store = new VersionedStore("in-memory store " + OPENED.incrementAndGet());

    @Override
    public byte[] get(byte[] key) {
        Objects.requireNonNull(key, "key");
        ensureOpen();
        try (Snapshot snapshot = store.openSnapshot()) {
            return copy(store.read(key, snapshot.sequence()));
        }
    }

    /** {@inheritDoc} Every value comes from one snapshot. */
    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        requireKeys(keys);
        ensureOpen();
        try (Snapshot snapshot = store.openSnapshot()) {
            List<byte[]> values = new ArrayList<>(keys.size());
            for (byte[] key : keys) {
                values.add(copy(store.read(key, snapshot.sequence())));
            }
            return values;
        }
    }

    /** {@inheritDoc} The cursor must be closed; until it is exhausted or closed it keeps its snapshot's versions. */
    @Override
    public KvCursor scan(KeyRange range, ScanOptions options) {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(options, "options");
        ensureOpen();
        return MemoryCursor.committed(store, store.openSnapshot(), range, options, this::ensureOpen);
    }

    @Override
    public KvTransaction beginTransaction() {
        ensureOpen();
        return new MemoryTransaction(this, store);
    }

    /** Always true: one sorted map holds every key. */
    @Override
    public boolean isGloballyOrdered() {
        return true;
    }

    /** Always true: commit checks every tracked read and write. */
    @Override
    public boolean detectsConflicts() {
        return true;
    }

    /** Always true: transactions and cursors read registered snapshots. */
    @Override
    public boolean readsFromSnapshots() {
        return true;
    }

    /** Ends the store: later commits fail, and every later call throws {@link StoreClosedException}. Idempotent. */
    @Override
    public void close() {
        store.close();
    }

    @Override
    public String toString() {
        return "MemoryBackend[" + store.name() + (store.isClosed() ? ", closed]" : "]");
    }

    /** How many versions the store holds, tombstones included: for tests of pruning. */
    long versionCount() {
        return store.versionCount();
    }

    /** How many snapshots are open, for tests that check none leaks. */
    int openSnapshotCount() {
        return store.openSnapshotCount();
    }

    /** @throws StoreClosedException if the backend is closed */
    void ensureOpen() {
        if (store.isClosed()) {
            throw new StoreClosedException(store.name() + " is closed");
        }
    }

    static void requireKeys(List<byte[]> keys) {
        Objects.requireNonNull(keys, "keys");
        for (byte[] key : keys) {
            Objects.requireNonNull(key, "keys must not contain null");
        }
    }

    private static byte[] copy(byte[] value) {
        return value == null ? null : value.clone();
    }
}
