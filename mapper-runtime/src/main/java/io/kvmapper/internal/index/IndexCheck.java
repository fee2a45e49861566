package io.kvmapper.internal.index;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The check of one index: every record's entries must exist (and a unique entry must point at a record that
 * holds its value), and every entry must belong to a record that holds its value. Memory: one batch of records
 * or entries. Unique entries are repaired through claims ({@link KvTransaction#claim},
 * {@link KvTransaction#release}, {@link KvTransaction#writeIfUnchanged}), never plain writes, so a repair cannot
 * give a value to two records.
 *
 * @param <E> the entity type
 */
final class IndexCheck<E> implements ComponentCheck<E> {
    /** Stands for a record that cannot be decoded. */
    private static final Object CORRUPT = new Object();
    /** How many wrong entries the pass over the records remembers, so that the pass over the entries does not
     * report them again. */
    private static final int REMEMBERED = 10_000;

    private final IndexMaintainer<E> index;
    private final CheckContext<E> context;
    private final RecordLayout<E> records;
    private final String name;
    private final List<byte[]> entryKeys = new ArrayList<>();
    private final List<byte[]> owners = new ArrayList<>();
    private final List<byte[]> values = new ArrayList<>();
    /** Entries the pass over the records found wrong (an entry's value, not its presence). */
    private final Set<ByteBuffer> reported = new HashSet<>();

    IndexCheck(IndexMaintainer<E> index, CheckContext<E> context) {
        this.index = index;
        this.context = context;
        this.records = context.records();
        this.name = index.keys().name();
    }

    @Override
    public void record(byte[] recordKey, E entity) {
        for (ByteBuffer value : index.values(entity)) {
            entryKeys.add(index.entryKey(value.array(), recordKey));
            owners.add(recordKey);
            values.add(value.array());
        }
    }

    @Override
    public void endRecordBatch() {
        if (entryKeys.isEmpty()) {
            return;
        }
        List<byte[]> found = context.committed().getAll(entryKeys);
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < entryKeys.size(); i++) {
            byte[] value = found.get(i);
            if (value == null) {
                context.problem("index '" + name + "' has no entry for value " + Tuples.toString(values.get(i))
                        + " of " + Tuples.toString(owners.get(i)));
                missing.add(i);
            } else if (!index.unique()) {
                if (value.length > 0) {
                    context.problem("index '" + name + "': the entry " + Tuples.toString(entryKeys.get(i))
                            + " carries a value; the entries of a non-unique index are empty");
                    missing.add(i);
                    remember(entryKeys.get(i));
                }
            } else if (!Arrays.equals(value, owners.get(i))) {
                remember(entryKeys.get(i));
                if (recordOwns(context.committed(), value, entryKeys.get(i))) {
                    context.problem("the unique entry " + Tuples.toString(entryKeys.get(i)) + " belongs to "
                            + Tuples.toString(value) + ", but " + Tuples.toString(owners.get(i))
                            + " holds the value too; change one of them");
                } else {
                    context.problem("the unique entry " + Tuples.toString(entryKeys.get(i)) + " points at "
                            + describeHolder(value) + " instead of " + Tuples.toString(owners.get(i)));
                    missing.add(i);
                }
            }
        }
        if (context.repairs() && !missing.isEmpty()) {
            List<byte[]> keys = new ArrayList<>(entryKeys);
            List<byte[]> holders = new ArrayList<>(owners);
            context.transact(kv -> {
                for (int i : missing) {
                    restoreEntry(kv, keys.get(i), holders.get(i));
                }
            });
            context.repaired(missing.size());
        }
        entryKeys.clear();
        owners.clear();
        values.clear();
    }

    /**
     * Writes a missing entry, or points a unique entry at its owner, if the record (read again, tracked) still
     * holds the value and no other record does.
     */
    private void restoreEntry(KvTransaction kv, byte[] entryKey, byte[] recordKey) {
        RecordLayout.Stored<E> stored = records.load(kv, recordKey);
        if (stored == null) {
            return;
        }
        for (ByteBuffer value : index.values(stored.entity())) {
            if (Arrays.equals(index.entryKey(value.array(), recordKey), entryKey)) {
                index.restore(kv, entryKey, recordKey, (holder, entry) -> recordOwns(kv, holder, entry));
            }
        }
    }

    private void remember(byte[] entryKey) {
        if (reported.size() < REMEMBERED) {
            reported.add(ByteBuffer.wrap(entryKey));
        }
    }

    /** What a unique entry that does not point at its owner points at, as a problem names it. */
    private String describeHolder(byte[] holder) {
        if (holder.length == 0) {
            return "nothing (it is empty)";
        }
        return Tuples.toString(holder) + (index.layout.isRecordKey(holder) ? ", which does not hold the value,"
                : ", which is not a record key of " + index.layout.entityName() + ",");
    }

    /**
     * Whether the record under {@code recordKey}, read through {@code reader} (tracked in a transaction), owns
     * {@code entryKey}. What is not a record key of the entity (an empty value, a counter's key) and an absent
     * record own nothing; a corrupt record is reported on its own and its entries are left alone, so it counts
     * as owning.
     */
    private boolean recordOwns(KvReader reader, byte[] recordKey, byte[] entryKey) {
        if (!index.layout.isRecordKey(recordKey)) {
            return false;
        }
        RecordLayout.Stored<E> stored;
        try {
            stored = records.load(reader, recordKey);
        } catch (CorruptDataException e) {
            return true;
        }
        return stored != null && index.owns(stored.entity(), recordKey, entryKey);
    }

    /** Every entry of the index must belong to a record that holds its value. */
    @Override
    public void checkItems() {
        List<KeyValue> batch = new ArrayList<>(CheckContext.BATCH);
        try (KvCursor cursor = context.committed().scan(index.keys().items(), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                batch.add(cursor.next());
                if (batch.size() == CheckContext.BATCH) {
                    checkEntryBatch(batch);
                    batch.clear();
                }
            }
        }
        checkEntryBatch(batch);
    }

    private void checkEntryBatch(List<KeyValue> batch) {
        if (batch.isEmpty()) {
            return;
        }
        List<byte[]> recordKeys = new ArrayList<>(batch.size());
        List<byte[]> orphans = new ArrayList<>();
        List<KeyValue> wellFormed = new ArrayList<>(batch.size());
        for (KeyValue entry : batch) {
            if (reported.contains(ByteBuffer.wrap(entry.key()))) {
                continue; // reported by the pass over the records, and repaired there if repairs are on
            }
            try {
                recordKeys.add(index.recordKeyOf(entry));
                wellFormed.add(entry);
            } catch (CorruptDataException e) {
                context.problem("index '" + name + "' holds the malformed entry " + Tuples.toString(entry.key())
                        + ": " + e.getMessage());
                orphans.add(entry.key());
            }
        }
        List<E> entities = readOwners(recordKeys);
        for (int e = 0; e < wellFormed.size(); e++) {
            E entity = entities.get(e);
            if (entity != CORRUPT && (entity == null || !index.owns(entity, recordKeys.get(e), wellFormed.get(e).key()))) {
                context.problem("index '" + name + "' holds the orphaned entry " + Tuples.toString(wellFormed.get(e).key())
                        + " for " + Tuples.toString(recordKeys.get(e))
                        + (entity == null ? ", which does not exist" : ", which does not hold its value"));
                orphans.add(wellFormed.get(e).key());
            }
        }
        if (context.repairs() && !orphans.isEmpty()) {
            context.transact(kv -> {
                for (byte[] entryKey : orphans) {
                    byte[] recordKey;
                    try {
                        recordKey = index.holderOf(kv, entryKey);
                    } catch (CorruptDataException e) {
                        kv.delete(entryKey);
                        continue;
                    }
                    if (recordKey != null && !recordOwns(kv, recordKey, entryKey)) {
                        index.removeOrphan(kv, entryKey, recordKey);
                    }
                }
            });
            context.repaired(orphans.size());
        }
    }

    /**
     * The records under {@code keys} as committed, in one multi-get where the layout allows: null for an absent
     * one, {@link #CORRUPT} for one that cannot be decoded (the pass over the records reports it).
     */
    @SuppressWarnings("unchecked")
    private List<E> readOwners(List<byte[]> keys) {
        if (keys.isEmpty()) {
            return List.of();
        }
        try {
            return records.findAll(context.committed(), keys);
        } catch (CorruptDataException e) {
            List<E> entities = new ArrayList<>(keys.size());
            for (byte[] key : keys) {
                try {
                    entities.add(records.find(context.committed(), key));
                } catch (CorruptDataException corrupt) {
                    entities.add((E) CORRUPT);
                }
            }
            return entities;
        }
    }
}
