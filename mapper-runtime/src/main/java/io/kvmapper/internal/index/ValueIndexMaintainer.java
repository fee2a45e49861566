package io.kvmapper.internal.index;

import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;

/**
 * A non-unique index: one entry per record and value, keyed by the value and then the record's key, with an
 * empty value. Entries are idempotent, so they are plain puts and deletes, also while the index is built.
 *
 * @param <E> the entity type
 */
public sealed class ValueIndexMaintainer<E> extends IndexMaintainer<E> permits ExpiryIndexMaintainer {
    ValueIndexMaintainer(KeyLayout layout, IndexDefinition<E> index, ComponentStates states) {
        super(layout, index, states);
    }

    /** A non-unique index of {@code kind} (the expiry index is one). */
    ValueIndexMaintainer(ComponentKind kind, KeyLayout layout, IndexDefinition<E> index, ComponentStates states) {
        super(kind, layout, index, states);
    }

    @Override
    public final boolean unique() {
        return false;
    }

    @Override
    public byte[] entryKey(byte[] value, byte[] recordKey) {
        return layout.entry(prefix, value, recordKey);
    }

    @Override
    public byte[] recordKeyOf(KeyValue entry) {
        return layout.recordKeyOf(entry.key(), prefix.length, index.arity());
    }

    /** {@inheritDoc} Keys alone: an entry's key ends with its record key. */
    @Override
    public ScanOptions entryScan(ScanOptions options) {
        return options.withKeysOnly();
    }

    @Override
    public boolean owns(E entity, byte[] recordKey, byte[] entryKey) {
        if (entity == null) {
            return false;
        }
        List<byte[]> values = new ArrayList<>(2);
        index.values().collect(entity, values);
        for (byte[] value : values) {
            if (layout.isEntry(entryKey, prefix, value, recordKey)) {
                return true;
            }
        }
        return false;
    }

    @Override
    void leave(KvTransaction kv, byte[] entry, byte[] recordKey, ComponentStates.State state, PendingWrites writes) {
        writes.delete(entry);
    }

    @Override
    void enter(KvTransaction kv, byte[] value, byte[] entry, PendingWrites writes) {
        writes.put(entry);
    }

    @Override
    void backfill(KvTransaction kv, byte[] value, byte[] recordKey, List<String> duplicates) {
        kv.put(entryKey(value, recordKey), EMPTY);
    }

    @Override
    void restore(KvTransaction kv, byte[] entryKey, byte[] recordKey, BiPredicate<byte[], byte[]> recordOwns) {
        byte[] current = kv.get(entryKey);
        if (current == null || current.length > 0) {
            kv.put(entryKey, EMPTY); // missing, or carrying a value that no entry of this kind has
        }
    }

    @Override
    byte[] holderOf(KvTransaction kv, byte[] entryKey) {
        return layout.recordKeyOf(entryKey, prefix.length, index.arity());
    }

    @Override
    void removeOrphan(KvTransaction kv, byte[] entryKey, byte[] recordKey) {
        kv.delete(entryKey);
    }
}
