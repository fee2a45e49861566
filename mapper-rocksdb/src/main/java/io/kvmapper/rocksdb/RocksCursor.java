package io.kvmapper.rocksdb;

import io.kvmapper.StoreClosedException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * A scan over a RocksDB iterator, of the database or of a transaction (its snapshot with the
 * transaction's own writes laid over it). Items are copied out in batches under one acquisition of the
 * backend's lock each; batches start small, for the common short scan, and double up to
 * {@value #MAX_BATCH}. When the range is exhausted the native handles are released at once, without
 * waiting for {@link #close()}.
 */
final class RocksCursor implements KvCursor, NativeResource {
    private static final int FIRST_BATCH = 16;
    private static final int MAX_BATCH = 1024;
    private static final byte[] NO_VALUE = new byte[0];

    private final RocksBackend backend;
    private final Consumer<NativeResource> onRelease;
    private final byte[] begin;
    private final byte[] end;
    private final boolean reverse;
    /** Whether items carry empty values instead of the stored ones ({@link ScanOptions#keysOnly()}). */
    private final boolean keysOnly;
    private final String description;
    private final Slice lowerBound;
    private final Slice upperBound;
    private final ReadOptions readOptions;
    private final RocksIterator iterator;
    private final AtomicBoolean released = new AtomicBoolean();

    private final List<KeyValue> batch = new ArrayList<>();
    private int position;
    private int batchSize = FIRST_BATCH;
    private int remaining;
    private boolean positioned;
    private boolean done;
    private volatile String abortReason;

    private RocksCursor(RocksBackend backend, KeyRange range, ScanOptions options, Slice lowerBound,
            Slice upperBound, ReadOptions readOptions, RocksIterator iterator, Consumer<NativeResource> onRelease) {
        this.backend = backend;
        this.begin = range.begin();
        this.end = range.end();
        this.reverse = options.reverse();
        this.keysOnly = options.keysOnly();
        this.remaining = options.limit() == 0 ? Integer.MAX_VALUE : options.limit();
        this.description = "scan of " + range + " in RocksDB store at " + backend.path();
        this.lowerBound = lowerBound;
        this.upperBound = upperBound;
        this.readOptions = readOptions;
        this.iterator = iterator;
        this.onRelease = onRelease;
    }

    /**
     * Opens a cursor over a non-empty {@code range} with an iterator from {@code iterators} (of the database,
     * or of a transaction), given read options bounded by the range, which the cursor keeps open as long as
     * the iterator. Called with the backend's lock held.
     */
    static RocksCursor open(RocksBackend backend, KeyRange range, ScanOptions options,
            Function<ReadOptions, RocksIterator> iterators, Consumer<NativeResource> onRelease) {
        Slice lower = new Slice(range.begin());
        Slice upper = null;
        ReadOptions readOptions = null;
        try {
            upper = new Slice(range.end());
            readOptions = new ReadOptions().setIterateLowerBound(lower).setIterateUpperBound(upper);
            RocksIterator iterator = iterators.apply(readOptions);
            return new RocksCursor(backend, range, options, lower, upper, readOptions, iterator, onRelease);
        } catch (RuntimeException | Error e) {
            if (readOptions != null) {
                readOptions.close();
            }
            if (upper != null) {
                upper.close();
            }
            lower.close();
            throw e;
        }
    }

    /** A cursor over nothing, holding no native handle. */
    static KvCursor empty() {
        return new KvCursor() {
            @Override
            public boolean hasNext() {
                return false;
            }

            @Override
            public KeyValue next() {
                throw new NoSuchElementException("the scanned range is empty");
            }

            @Override
            public void close() {
            }
        };
    }

    /**
     * {@inheritDoc}
     *
     * @throws StoreClosedException if the cursor was closed by its transaction or backend ending
     */
    @Override
    public boolean hasNext() {
        String aborted = abortReason;
        if (aborted != null) {
            throw new StoreClosedException(aborted);
        }
        if (position < batch.size()) {
            return true;
        }
        if (done) {
            return false;
        }
        fetchBatch();
        return position < batch.size();
    }

    @Override
    public KeyValue next() {
        if (!hasNext()) {
            throw new NoSuchElementException(description + " has no more items");
        }
        return batch.get(position++);
    }

    @Override
    public void close() {
        done = true;
        abortReason = null;
        batch.clear();
        position = 0;
        if (!released.get()) {
            backend.releaseUnlessClosed(this::release);
        }
    }

    @Override
    public void abort(String reason) {
        if (!released.get()) {
            abortReason = description + " was closed: " + reason;
            release();
        }
    }

    private void fetchBatch() {
        batch.clear();
        position = 0;
        long stamp = backend.enter();
        try {
            if (released.get()) {
                // Released by its owner between the check in hasNext and taking the lock.
                throw new StoreClosedException(abortReason == null ? description + " was closed" : abortReason);
            }
            if (!positioned) {
                if (reverse) {
                    iterator.seekForPrev(end);
                } else {
                    iterator.seek(begin);
                }
                positioned = true;
            }
            // The iterator's bounds end it at the range's edges, own writes of a transaction included.
            int wanted = Math.min(batchSize, remaining);
            while (batch.size() < wanted && iterator.isValid()) {
                batch.add(new KeyValue(iterator.key(), keysOnly ? NO_VALUE : iterator.value()));
                if (reverse) {
                    iterator.prev();
                } else {
                    iterator.next();
                }
            }
            remaining -= batch.size();
            batchSize = Math.min(batchSize * 2, MAX_BATCH);
            if (remaining == 0 || !iterator.isValid()) {
                iterator.status();
                done = true;
                release();
            }
        } catch (RocksDBException e) {
            done = true;
            release();
            throw RocksErrors.storage(backend.path(), description, e);
        } finally {
            backend.exit(stamp);
        }
    }

    /** Releases the native handles exactly once. Called with the backend's lock held. */
    private void release() {
        if (released.compareAndSet(false, true)) {
            iterator.close();
            readOptions.close();
            upperBound.close();
            lowerBound.close();
            onRelease.accept(this);
        }
    }
}
