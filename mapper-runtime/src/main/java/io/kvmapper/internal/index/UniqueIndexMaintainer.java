package io.kvmapper.internal.index;

import io.kvmapper.CorruptDataException;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.internal.mapping.KeyText;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiPredicate;

/**
 * A unique index: one entry per value, keyed by the value alone, whose stored value is the key of the record
 * holding it. A value is taken with {@link KvTransaction#claim} and given up with {@link KvTransaction#release},
 * never with plain writes, so that two records can never both hold it, also on a backend without conflict
 * detection. Claims come before any other write of the record's change ({@link PendingWrites}), and a
 * unique-constraint violation withdraws the claims made before it, so the transaction is left as it was.
 *
 * @param <E> the entity type
 */
public final class UniqueIndexMaintainer<E> extends IndexMaintainer<E> {
    /** How messages print the record key that holds a value. */
    private final KeyText keys;

    UniqueIndexMaintainer(KeyLayout layout, IndexDefinition<E> index, ComponentStates states, KeyText keys) {
        super(layout, index, states);
        this.keys = keys;
    }

    @Override
    public boolean unique() {
        return true;
    }

    @Override
    public byte[] entryKey(byte[] value, byte[] recordKey) {
        return KeyLayout.uniqueEntry(prefix, value);
    }

    /** {@inheritDoc} With values: an entry's value is its record key. */
    @Override
    public ScanOptions entryScan(ScanOptions options) {
        return options;
    }

    @Override
    public byte[] recordKeyOf(KeyValue entry) {
        byte[] recordKey = entry.value();
        if (!layout.isRecordKey(recordKey)) {
            throw new CorruptDataException(layout.entityName() + ": the unique entry " + Tuples.toString(entry.key())
                    + (recordKey.length == 0 ? " is empty" : " holds " + Tuples.toString(recordKey))
                    + " instead of the key of a record of " + layout.entityName());
        }
        return recordKey;
    }

    @Override
    public boolean owns(E entity, byte[] recordKey, byte[] entryKey) {
        if (entity == null) {
            return false;
        }
        List<byte[]> values = new ArrayList<>(2);
        index.values().collect(entity, values);
        for (byte[] value : values) {
            // The entry is the prefix and the value: compared in place, without building it (the finder by a
            // unique value runs this on every hit).
            if (entryKey.length == prefix.length + value.length
                    && Arrays.equals(entryKey, prefix.length, entryKey.length, value, 0, value.length)
                    && Arrays.equals(entryKey, 0, prefix.length, prefix, 0, prefix.length)) {
                return true;
            }
        }
        return false;
    }

    @Override
    void leave(KvTransaction kv, byte[] entry, byte[] recordKey, ComponentStates.State state, PendingWrites writes) {
        // While the index is built, a value may still be held by a record the build has not reached yet (a
        // duplicate the build will report): only give up an entry this record owns.
        if (state == ComponentStates.State.BUILDING && !Arrays.equals(kv.get(entry), recordKey)) {
            return;
        }
        writes.release(entry);
    }

    @Override
    void enter(KvTransaction kv, byte[] value, byte[] entry, PendingWrites writes) {
        byte[] holder = writes.claim(kv, entry);
        if (holder != null) {
            throw new UniqueConstraintException(layout.entityName(), index.name(), Tuples.toString(value),
                    keys.describe(holder));
        }
    }

    /** Claims the value for the record; a value another record already holds is a duplicate. */
    @Override
    void backfill(KvTransaction kv, byte[] value, byte[] recordKey, List<String> duplicates) {
        byte[] holder = kv.claim(entryKey(value, recordKey), recordKey);
        if (holder != null) {
            duplicates.add(Tuples.toString(value) + " is held by " + keys.describe(holder) + " and "
                    + keys.describe(recordKey));
        }
    }

    /**
     * Claims a free entry for the record; points an entry held by a record that does not hold the value at it
     * ({@link KvTransaction#writeIfUnchanged}); an entry a record holding the value keeps (a duplicate, reported)
     * is left alone.
     */
    @Override
    void restore(KvTransaction kv, byte[] entryKey, byte[] recordKey, BiPredicate<byte[], byte[]> recordOwns) {
        byte[] current = kv.get(entryKey);
        if (current == null) {
            kv.claim(entryKey, recordKey); // a writer that claimed the value meanwhile keeps it
        } else if (!Arrays.equals(current, recordKey) && !recordOwns.test(current, entryKey)) {
            kv.writeIfUnchanged(entryKey, current, recordKey);
        }
    }

    @Override
    byte[] holderOf(KvTransaction kv, byte[] entryKey) {
        return kv.get(entryKey);
    }

    @Override
    void removeOrphan(KvTransaction kv, byte[] entryKey, byte[] recordKey) {
        kv.release(entryKey, recordKey);
    }
}
