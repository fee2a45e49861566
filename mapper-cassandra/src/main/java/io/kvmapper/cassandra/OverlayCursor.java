package io.kvmapper.cassandra;

import io.kvmapper.KvMapperException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.ScanOptions;
import java.util.Arrays;
import java.util.Map;

/**
 * A transaction's scan: the store's items merged with the transaction's buffered writes, which win, and
 * without the keys its range deletions cover. The buffer is looked up afresh for each item, after the
 * last key returned, so writes made while the cursor is open never disturb it.
 */
final class OverlayCursor extends CursorBase {
    private final CassandraTransaction transaction;
    private final CursorBase store;
    private final KeyRange range;
    private final boolean reverse;
    private KeyValue stored;
    private boolean storedFetched;
    private byte[] last;

    OverlayCursor(CassandraTransaction transaction, CursorBase store, KeyRange range, ScanOptions options) {
        super(options.limit(), store.description() + " with a transaction's own writes");
        this.transaction = transaction;
        this.store = store;
        this.range = range;
        this.reverse = options.reverse();
    }

    @Override
    KeyValue fetch() {
        while (true) {
            if (!storedFetched) {
                stored = store.hasNext() ? store.next() : null;
                storedFetched = true;
            }
            Map.Entry<byte[], CassandraTransaction.Op> own = nextOwn();
            if (stored == null && own == null) {
                return null;
            }
            int order = stored == null ? 1
                    : own == null ? -1 : Arrays.compareUnsigned(stored.key(), own.getKey()) * (reverse ? -1 : 1);
            if (order < 0) {
                KeyValue item = stored;
                storedFetched = false;
                last = item.key();
                if (!transaction.isDeleted(item.key())) {
                    return item;
                }
                continue;
            }
            byte[] storedValue = null;
            if (order == 0) {
                storedValue = transaction.isDeleted(stored.key()) ? null : stored.value();
                storedFetched = false;
            }
            last = own.getKey();
            byte[] value = own.getValue().applyTo(storedValue);
            if (value != null) {
                return new KeyValue(own.getKey().clone(), value);
            }
        }
    }

    @Override
    void releaseResources() {
        store.close();
    }

    @Override
    KvMapperException failure(String what, RuntimeException e) {
        return transaction.failure(what, e);
    }

    /** The transaction's first write after the last key returned, within the range, or {@code null}. */
    private Map.Entry<byte[], CassandraTransaction.Op> nextOwn() {
        var writes = transaction.writes();
        if (reverse) {
            Map.Entry<byte[], CassandraTransaction.Op> entry =
                    last == null ? writes.lowerEntry(range.end()) : writes.lowerEntry(last);
            return entry != null && Arrays.compareUnsigned(entry.getKey(), range.begin()) >= 0 ? entry : null;
        }
        Map.Entry<byte[], CassandraTransaction.Op> entry =
                last == null ? writes.ceilingEntry(range.begin()) : writes.higherEntry(last);
        return entry != null && Arrays.compareUnsigned(entry.getKey(), range.end()) < 0 ? entry : null;
    }
}
