package io.kvmapper.memory;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A read point registered with the store: while it is open the store keeps every version it can see.
 * Closing it is idempotent and may let the store prune.
 */
final class Snapshot implements AutoCloseable {
    private final VersionedStore store;
    private final long sequence;
    private final AtomicBoolean released = new AtomicBoolean();

    Snapshot(VersionedStore store, long sequence) {
        this.store = store;
        this.sequence = sequence;
    }

    /** The sequence of the last commit this snapshot sees. */
    long sequence() {
        return sequence;
    }

    @Override
    public void close() {
        if (released.compareAndSet(false, true)) {
            store.release(sequence);
        }
    }

    /**
     * Marks the snapshot released without telling the store, for the store itself to unregister it.
     *
     * @return whether it was still open
     */
    boolean detach() {
        return released.compareAndSet(false, true);
    }
}
