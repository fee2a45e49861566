package io.kvmapper.cassandra;

import io.kvmapper.KvMapperException;
import io.kvmapper.StorageException;
import io.kvmapper.spi.KeyValue;

/** A cursor over an empty range: it asks Cassandra nothing. */
final class EmptyCursor extends CursorBase {
    EmptyCursor(String where) {
        super(0, () -> "scan of an empty range in " + where);
    }

    @Override
    KeyValue fetch() {
        return null;
    }

    @Override
    KvMapperException failure(String what, RuntimeException e) {
        return new StorageException(what + " failed", e, false);
    }
}
