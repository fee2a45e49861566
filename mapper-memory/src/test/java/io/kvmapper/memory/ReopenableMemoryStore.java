package io.kvmapper.memory;

import io.kvmapper.KvStore;
import io.kvmapper.RetryPolicy;
import io.kvmapper.StoreClosedException;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test fixture: one in-memory store's data, which outlives the stores opened over it, the way a RocksDB
 * directory outlives a {@code RocksKvStore}. Each {@link #open} returns a new store over the same data; closing
 * it ends only that store (its later calls throw {@link StoreClosedException}, its open transactions roll back
 * and its cursors close, its background work stops), and the next {@code open} finds every unit of work it
 * committed. So tests that close a store and open it again, for example with a newer version of an entity's
 * code, run on the memory backend too. Nothing of the backend itself changes: a store opened here is a
 * {@link KvStoreImpl} over a backend that passes every call to the one {@link MemoryKvStore} holds.
 */
public final class ReopenableMemoryStore implements AutoCloseable {
    private final KvStore data = MemoryKvStore.open();
    private final KvBackend backend = data.unwrap(KvBackend.class);

    /** Opens a new store over the data, retrying conflicting units of work as {@link RetryPolicy#DEFAULT} says. */
    public KvStore open() {
        return open(RetryPolicy.DEFAULT);
    }

    /** Opens a new store over the data, retrying conflicting units of work as {@code retryPolicy} says. */
    public KvStore open(RetryPolicy retryPolicy) {
        return KvStoreImpl.open(openBackend(), retryPolicy);
    }

    /** A backend over the data whose {@code close()} ends only itself, for tests that wrap backends. */
    public KvBackend openBackend() {
        return new StoreView(backend);
    }

    /** Frees the data; every store opened over it then fails. */
    @Override
    public void close() {
        data.close();
    }

    @Override
    public String toString() {
        return "ReopenableMemoryStore[" + backend + "]";
    }

    /** One opened store's view of the data: every call is passed on until the view is closed. */
    private static final class StoreView implements KvBackend {
        private final KvBackend data;
        private final Set<AutoCloseable> open = ConcurrentHashMap.newKeySet();
        private volatile boolean closed;

        StoreView(KvBackend data) {
            this.data = data;
        }

        @Override
        public byte[] get(byte[] key) {
            ensureOpen();
            return data.get(key);
        }

        @Override
        public List<byte[]> getAll(List<byte[]> keys) {
            ensureOpen();
            return data.getAll(keys);
        }

        @Override
        public KvCursor scan(KeyRange range, ScanOptions options) {
            ensureOpen();
            return track(new ViewCursor(this, data.scan(range, options)));
        }

        @Override
        public KvCursor resume(KeyRange range, ScanOptions options, byte[] after) {
            ensureOpen();
            return track(new ViewCursor(this, data.resume(range, options, after)));
        }

        @Override
        public KvTransaction beginTransaction() {
            ensureOpen();
            return track(new ViewTransaction(this, data.beginTransaction()));
        }

        @Override
        public boolean isGloballyOrdered() {
            return data.isGloballyOrdered();
        }

        @Override
        public int compareInScanOrder(byte[] a, byte[] b) {
            return data.compareInScanOrder(a, b);
        }

        @Override
        public boolean detectsConflicts() {
            return data.detectsConflicts();
        }

        @Override
        public boolean readsFromSnapshots() {
            return data.readsFromSnapshots();
        }

        /** Ends this view: rolls back its open transactions and closes its cursors; the data stays. */
        @Override
        public void close() {
            closed = true;
            for (AutoCloseable resource : open) {
                try {
                    resource.close();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        }

        @Override
        public String toString() {
            return "view of " + data + (closed ? ", closed" : "");
        }

        private <T extends AutoCloseable> T track(T resource) {
            open.add(resource);
            if (closed) {
                open.remove(resource);
                throw new StoreClosedException(this + " is closed");
            }
            return resource;
        }

        void untrack(AutoCloseable resource) {
            open.remove(resource);
        }

        void ensureOpen() {
            if (closed) {
                throw new StoreClosedException(this + " is closed");
            }
        }
    }

    /** A cursor of a view, which fails once the view is closed. */
    private static final class ViewCursor implements KvCursor {
        private final StoreView view;
        private final KvCursor cursor;

        ViewCursor(StoreView view, KvCursor cursor) {
            this.view = view;
            this.cursor = cursor;
        }

        @Override
        public boolean hasNext() {
            view.ensureOpen();
            return cursor.hasNext();
        }

        @Override
        public KeyValue next() {
            view.ensureOpen();
            return cursor.next();
        }

        @Override
        public void close() {
            view.untrack(this);
            cursor.close();
        }
    }

    /** A transaction of a view, which fails (and has rolled back) once the view is closed. */
    private static final class ViewTransaction implements KvTransaction {
        private final StoreView view;
        private final KvTransaction tx;

        ViewTransaction(StoreView view, KvTransaction tx) {
            this.view = view;
            this.tx = tx;
        }

        @Override
        public byte[] get(byte[] key) {
            view.ensureOpen();
            return tx.get(key);
        }

        @Override
        public List<byte[]> getAll(List<byte[]> keys) {
            view.ensureOpen();
            return tx.getAll(keys);
        }

        @Override
        public KvCursor scan(KeyRange range, ScanOptions options) {
            view.ensureOpen();
            return view.track(new ViewCursor(view, tx.scan(range, options)));
        }

        @Override
        public KvCursor resume(KeyRange range, ScanOptions options, byte[] after) {
            view.ensureOpen();
            return view.track(new ViewCursor(view, tx.resume(range, options, after)));
        }

        @Override
        public byte[] peek(byte[] key) {
            view.ensureOpen();
            return tx.peek(key);
        }

        @Override
        public byte[] claim(byte[] key, byte[] value) {
            view.ensureOpen();
            return tx.claim(key, value);
        }

        @Override
        public void release(byte[] key, byte[] holder) {
            view.ensureOpen();
            tx.release(key, holder);
        }

        @Override
        public void writeIfUnchanged(byte[] key, byte[] expected, byte[] value) {
            view.ensureOpen();
            tx.writeIfUnchanged(key, expected, value);
        }

        @Override
        public void put(byte[] key, byte[] value) {
            view.ensureOpen();
            tx.put(key, value);
        }

        @Override
        public void delete(byte[] key) {
            view.ensureOpen();
            tx.delete(key);
        }

        @Override
        public void deleteRange(KeyRange range) {
            view.ensureOpen();
            tx.deleteRange(range);
        }

        @Override
        public void putStamped(byte[] prefix, byte[] value, java.util.function.Consumer<byte[]> committed) {
            view.ensureOpen();
            tx.putStamped(prefix, value, committed);
        }

        @Override
        public void add(byte[] key, long delta) {
            view.ensureOpen();
            tx.add(key, delta);
        }

        @Override
        public void commit() {
            view.ensureOpen();
            tx.commit();
        }

        @Override
        public void close() {
            view.untrack(this);
            tx.close();
        }
    }
}
