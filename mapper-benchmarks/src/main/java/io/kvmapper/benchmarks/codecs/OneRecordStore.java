package io.kvmapper.benchmarks.codecs;

import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The least a record layout needs to write and read one record, in memory, so that a benchmark measures the
 * layout's own work and not a store's: the items of one record in a sorted map. While {@link #discarding} it
 * drops every write and holds nothing, so that measured writes do not pay for the map either.
 */
final class OneRecordStore implements KvBackend, KvTransaction {
    private final TreeMap<byte[], byte[]> items = new TreeMap<>(Arrays::compareUnsigned);
    private boolean discarding;

    /** Drops writes from now on and reads as empty. */
    OneRecordStore discarding() {
        discarding = true;
        return this;
    }

    /** How many items the record has, and how many bytes of keys and values. */
    String size() {
        int bytes = 0;
        for (Map.Entry<byte[], byte[]> item : items.entrySet()) {
            bytes += item.getKey().length + item.getValue().length;
        }
        return items.size() + " items, " + bytes + " bytes of keys and values";
    }

    @Override
    public byte[] get(byte[] key) {
        return discarding ? null : items.get(key);
    }

    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        List<byte[]> values = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
            values.add(get(key));
        }
        return values;
    }

    @Override
    public KvCursor scan(KeyRange range, ScanOptions options) {
        Map<byte[], byte[]> in = discarding ? Map.of() : options.reverse()
                ? items.subMap(range.begin(), true, range.end(), false).descendingMap()
                : items.subMap(range.begin(), true, range.end(), false);
        Iterator<Map.Entry<byte[], byte[]>> entries = in.entrySet().iterator();
        return new KvCursor() {
            private int returned;

            @Override
            public boolean hasNext() {
                return (options.limit() == 0 || returned < options.limit()) && entries.hasNext();
            }

            @Override
            public KeyValue next() {
                Map.Entry<byte[], byte[]> entry = entries.next();
                returned++;
                return new KeyValue(entry.getKey(), options.keysOnly() ? new byte[0] : entry.getValue());
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public void put(byte[] key, byte[] value) {
        if (!discarding) {
            items.put(key, value);
        }
    }

    @Override
    public void delete(byte[] key) {
        if (!discarding) {
            items.remove(key);
        }
    }

    @Override
    public void deleteRange(KeyRange range) {
        if (!discarding) {
            items.subMap(range.begin(), true, range.end(), false).clear();
        }
    }

    @Override
    public void add(byte[] key, long delta) {
        throw new UnsupportedOperationException("a record has no counters");
    }

    @Override
    public byte[] peek(byte[] key) {
        return get(key);
    }

    @Override
    public KvTransaction beginTransaction() {
        return this;
    }

    @Override
    public boolean isGloballyOrdered() {
        return true;
    }

    @Override
    public void commit() {
    }

    @Override
    public void close() {
    }
}
