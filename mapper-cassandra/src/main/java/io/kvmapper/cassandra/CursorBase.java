package io.kvmapper.cassandra;

import io.kvmapper.KvMapperException;
import io.kvmapper.StoreClosedException;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What every cursor of this backend shares: the limit, look-ahead by one item, closing, and ending with
 * what it reads from. A subclass only says how to fetch the next item.
 */
abstract class CursorBase implements KvCursor, Resource {
    private static final byte[] NO_VALUE = new byte[0];

    private final Supplier<String> description;
    private final AtomicBoolean released = new AtomicBoolean();
    private Consumer<Resource> onRelease = r -> { };
    private KeyValue next;
    private boolean done;
    private int remaining;
    /** Whether items carry empty values instead of the stored ones ({@link ScanOptions#keysOnly()}). */
    private boolean keysOnly;
    private volatile String abortReason;

    /**
     * @param limit the most items to return, or 0 for no limit
     * @param description what the cursor scans, for messages: built only when a message needs it, since a
     *     cursor's range printed as text costs more than a short scan's other work on the client
     */
    CursorBase(int limit, Supplier<String> description) {
        this.remaining = limit == 0 ? Integer.MAX_VALUE : limit;
        this.description = description;
    }

    /** Says whom to tell when the cursor is released (its owner stops tracking it). */
    final <C extends CursorBase> C trackedBy(Consumer<Resource> release) {
        this.onRelease = release;
        @SuppressWarnings("unchecked")
        C self = (C) this;
        return self;
    }

    /**
     * Makes the cursor return every item with an empty value, as a scan with {@link ScanOptions#keysOnly()}
     * does; called on the cursor handed to the caller, before its first item.
     */
    final CursorBase keysOnly(boolean keysOnly) {
        this.keysOnly = keysOnly;
        return this;
    }

    /**
     * The next item, or {@code null} at the end.
     *
     * @throws RuntimeException a driver exception, which the caller maps
     */
    abstract KeyValue fetch();

    /** Releases what the subclass holds (inner cursors); called once. */
    void releaseResources() {
    }

    /** Maps a failure of {@link #fetch()} to KV Mapper's exceptions. */
    abstract KvMapperException failure(String what, RuntimeException e);

    /**
     * {@inheritDoc}
     *
     * @throws StoreClosedException if the cursor was ended by its transaction or backend
     */
    @Override
    public final boolean hasNext() {
        String aborted = abortReason;
        if (aborted != null) {
            throw new StoreClosedException(aborted);
        }
        if (next != null) {
            return true;
        }
        if (done) {
            return false;
        }
        if (remaining == 0) {
            finish();
            return false;
        }
        KeyValue item;
        try {
            item = fetch();
        } catch (KvMapperException e) {
            finish();
            throw e;
        } catch (RuntimeException e) {
            finish();
            if (abortReason != null) {
                throw new StoreClosedException(abortReason);
            }
            throw failure(description(), e);
        }
        if (item == null) {
            finish();
            return false;
        }
        remaining--;
        next = keysOnly ? new KeyValue(item.key(), NO_VALUE) : item;
        return true;
    }

    @Override
    public final KeyValue next() {
        if (!hasNext()) {
            throw new NoSuchElementException(description() + " has no more items");
        }
        KeyValue item = next;
        next = null;
        return item;
    }

    @Override
    public final void close() {
        abortReason = null;
        finish();
    }

    @Override
    public final void abort(String reason) {
        if (!released.get()) {
            abortReason = description() + " was closed: " + reason;
            release();
        }
    }

    String description() {
        return description.get();
    }

    private void finish() {
        done = true;
        next = null;
        release();
    }

    private void release() {
        if (released.compareAndSet(false, true)) {
            releaseResources();
            onRelease.accept(this);
        }
    }
}
