package io.kvmapper.cassandra;

import io.kvmapper.KvMapperException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.ScanOptions;
import java.util.Arrays;
import java.util.Map;

/**
 * A transaction's scan: the store's items merged with the transaction's buffered writes ({@link WriteSet}),
 * which win, and without the keys its range deletions cover. The buffer is looked up afresh for each item,
 * after the last key returned, so writes made while the cursor is open never disturb it.
 */
final class OverlayCursor extends CursorBase {
    private final WriteSet writes;
    private final CursorBase store;
    private final KeyRange range;
    private final boolean reverse;
    private final Failures failures;
    private KeyValue stored;
    private boolean storedFetched;
    private byte[] last;

    /**
     * @param store a cursor over {@code range} in the store, in the same direction and without a limit
     * @param failures maps a failure of {@code store}
     */
    OverlayCursor(WriteSet writes, CursorBase store, KeyRange range, ScanOptions options, Failures failures) {
        super(options.limit(), () -> store.description() + " with a transaction's own writes");
        this.writes = writes;
        this.store = store;
        this.range = range;
        this.reverse = options.reverse();
        this.failures = failures;
    }

    @Override
    KeyValue fetch() {
        while (true) {
            if (!storedFetched) {
                stored = store.hasNext() ? store.next() : null;
                storedFetched = true;
            }
            Map.Entry<byte[], BufferedOp> own = writes.nextWrite(range, last, reverse);
            if (stored == null && own == null) {
                return null;
            }
            int order = stored == null ? 1
                    : own == null ? -1 : Arrays.compareUnsigned(stored.key(), own.getKey()) * (reverse ? -1 : 1);
            if (order < 0) {
                KeyValue item = stored;
                storedFetched = false;
                last = item.key();
                if (!writes.isDeleted(item.key())) {
                    return item;
                }
                continue;
            }
            byte[] storedValue = null;
            if (order == 0) {
                storedValue = writes.isDeleted(stored.key()) ? null : stored.value();
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
        return failures.of(what, e);
    }
}
