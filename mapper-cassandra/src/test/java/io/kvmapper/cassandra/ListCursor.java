package io.kvmapper.cassandra;

import io.kvmapper.KvMapperException;
import io.kvmapper.StorageException;
import io.kvmapper.spi.KeyValue;
import java.util.Iterator;
import java.util.List;

/** A store's cursor without a node: the items given, in the order given. */
final class ListCursor extends CursorBase {
    private final Iterator<KeyValue> items;
    private boolean closed;

    ListCursor(List<KeyValue> items) {
        super(0, () -> "scan of a list");
        this.items = items.iterator();
    }

    @Override
    KeyValue fetch() {
        return items.hasNext() ? items.next() : null;
    }

    @Override
    void releaseResources() {
        closed = true;
    }

    /** Whether the cursor was closed (by the cursor that reads it). */
    boolean isClosed() {
        return closed;
    }

    @Override
    KvMapperException failure(String what, RuntimeException e) {
        return new StorageException(what + " failed", e, false);
    }
}
