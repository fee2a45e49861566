package io.kvmapper.memory;

import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * A lazy scan of the store as a snapshot sees it, with a transaction's own writes laid over it when it is a
 * transaction's scan. It walks the sorted map one key at a time (no copy of the range) and merges in the
 * transaction's pending writes, looked up afresh after each key, so that the transaction may write while
 * it scans: what it writes beyond the cursor's position shows, what it writes behind does not matter.
 *
 * <p>Before each step the cursor asks its owner (the backend, or the transaction) whether it may go on,
 * which throws {@link io.kvmapper.StoreClosedException} once the owner has ended; a cursor that has
 * returned its last item, or that its user closed, just has no next item. A cursor that holds a snapshot
 * of its own (a scan on the backend) releases it as soon as it is exhausted or closed.
 */
final class MemoryCursor implements KvCursor {
    private static final byte[] NO_VALUE = new byte[0];

    private final Iterator<Map.Entry<byte[], VersionChain>> committed;
    private final long sequence;
    private final WriteBuffer ownWrites;
    private final byte[] begin;
    private final byte[] end;
    private final boolean reverse;
    /** Whether items carry empty values instead of the stored ones ({@link ScanOptions#keysOnly()}). */
    private final boolean keysOnly;
    private final Runnable ensureOwnerOpen;
    private final Snapshot ownSnapshot;
    private int remaining;

    private Map.Entry<byte[], VersionChain> nextCommitted;
    /** The last key the scan has passed, returned or skipped; {@code null} before the first. */
    private byte[] position;
    private byte[] nextKey;
    private byte[] nextValue;
    private boolean exhausted;
    private boolean closed;

    private MemoryCursor(VersionedStore store, long sequence, WriteBuffer ownWrites, KeyRange range,
            ScanOptions options, Runnable ensureOwnerOpen, Snapshot ownSnapshot) {
        this.committed = store.chains(range, options.reverse());
        this.sequence = sequence;
        this.ownWrites = ownWrites;
        this.begin = range.begin();
        this.end = range.end();
        this.reverse = options.reverse();
        this.keysOnly = options.keysOnly();
        this.ensureOwnerOpen = ensureOwnerOpen;
        this.ownSnapshot = ownSnapshot;
        this.remaining = options.limit() == 0 ? Integer.MAX_VALUE : options.limit();
    }

    /** A scan of committed data at {@code snapshot}, which the cursor owns and releases. */
    static MemoryCursor committed(VersionedStore store, Snapshot snapshot, KeyRange range, ScanOptions options,
            Runnable ensureOwnerOpen) {
        return new MemoryCursor(store, snapshot.sequence(), null, range, options, ensureOwnerOpen, snapshot);
    }

    /** A transaction's scan: its snapshot (which the transaction owns) with {@code ownWrites} laid over it. */
    static MemoryCursor withOwnWrites(VersionedStore store, long sequence, WriteBuffer ownWrites, KeyRange range,
            ScanOptions options, Runnable ensureOwnerOpen) {
        return new MemoryCursor(store, sequence, ownWrites, range, options, ensureOwnerOpen, null);
    }

    /**
     * {@inheritDoc}
     *
     * @throws io.kvmapper.StoreClosedException if the transaction or backend the cursor reads from has
     *     ended before the scan did
     */
    @Override
    public boolean hasNext() {
        if (closed || exhausted) {
            return false;
        }
        ensureOwnerOpen.run();
        if (nextKey == null) {
            advance();
        }
        return nextKey != null;
    }

    @Override
    public KeyValue next() {
        if (!hasNext()) {
            throw new NoSuchElementException("the scan has no more items");
        }
        KeyValue item = new KeyValue(nextKey.clone(), keysOnly ? NO_VALUE : nextValue.clone());
        nextKey = null;
        nextValue = null;
        return item;
    }

    /** Like {@link #next()}, but only the key: for deletes of a range, which need no values. */
    byte[] nextKey() {
        if (!hasNext()) {
            throw new NoSuchElementException("the scan has no more items");
        }
        byte[] key = nextKey.clone();
        nextKey = null;
        nextValue = null;
        return key;
    }

    @Override
    public void close() {
        closed = true;
        nextKey = null;
        nextValue = null;
        releaseSnapshot();
    }

    /** Finds the next key with a value, merging committed data and own writes; marks the end if none. */
    private void advance() {
        while (remaining > 0) {
            if (nextCommitted == null && committed.hasNext()) {
                nextCommitted = committed.next();
            }
            Map.Entry<byte[], PendingWrite> nextOwn =
                    ownWrites == null ? null : ownWrites.next(begin, end, reverse, position);
            if (nextCommitted == null && nextOwn == null) {
                break;
            }
            int order = nextCommitted == null ? 1
                    : nextOwn == null ? -1
                    : Arrays.compareUnsigned(nextCommitted.getKey(), nextOwn.getKey()) * (reverse ? -1 : 1);
            byte[] key;
            byte[] before = null;
            if (order <= 0) {
                key = nextCommitted.getKey();
                before = nextCommitted.getValue().valueAt(sequence);
                nextCommitted = null;
            } else {
                // No committed key comes first, so none is stored here that the snapshot sees.
                key = nextOwn.getKey();
            }
            byte[] value = order >= 0 ? nextOwn.getValue().applyTo(key, before) : before;
            position = key;
            if (value != null) {
                nextKey = key;
                nextValue = value;
                remaining--;
                return;
            }
        }
        exhausted = true;
        releaseSnapshot();
    }

    private void releaseSnapshot() {
        if (ownSnapshot != null) {
            ownSnapshot.close();
        }
    }
}
