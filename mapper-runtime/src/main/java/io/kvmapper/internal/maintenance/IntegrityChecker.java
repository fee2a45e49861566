package io.kvmapper.internal.maintenance;

import io.kvmapper.CorruptDataException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.Progress;
import io.kvmapper.ProgressListener;
import io.kvmapper.internal.index.ComponentStates;
import io.kvmapper.internal.index.IndexMaintainer;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.mapping.CounterDefinition;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.internal.record.RecordCursor;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Recomputes every index entry and counter of one entity from its records and compares them with what
 * is stored, in three streamed passes of bounded batches: records (finding missing entries and summing
 * the counters), index entries (finding orphaned ones), counter groups (finding drifted, missing and
 * orphaned ones). With repair on, each batch's fixes commit in one transaction that re-reads the
 * records it fixes, so a fix never undoes a concurrent write.
 *
 * <p>Memory: one batch of records or entries, plus one number per counter group. Checks run over
 * committed data while the store keeps serving; a write racing with the check can show up as a problem
 * that a second run no longer reports. Counter repairs set each drifted group to the recount, so run
 * {@code repair()} when no writer changes the entity if counters drifted. Unique entries are repaired
 * through claims ({@link KvTransaction#claim}, {@link KvTransaction#release},
 * {@link KvTransaction#writeIfUnchanged}), never plain writes, so a repair cannot give a value to two
 * records; on a backend without conflict detection, a claim a writer has just made for a record it has
 * not committed yet looks orphaned, so there too repair while writers are quiet.
 *
 * @param <E> the entity type
 */
public final class IntegrityChecker<E> {
    private static final int BATCH = 500;
    /** Stands for a record that cannot be decoded. */
    private static final Object CORRUPT = new Object();

    private final KvStoreImpl store;
    private final RecordLayout<E> records;
    private final KeyLayout layout;
    private final IndexMaintainer<E> maintainer;
    private final List<IndexDefinition<E>> indexes = new ArrayList<>();
    private final List<Integer> indexPositions = new ArrayList<>();
    private final List<CounterDefinition<E>> counters = new ArrayList<>();
    private final boolean repair;
    private final ProgressListener listener;
    private final String task;

    private final List<String> problems = new ArrayList<>();
    private long problemCount;
    private int repaired;
    private long recordsChecked;

    /**
     * A checker of the ready indexes and counters of an entity.
     *
     * @param repair whether to fix what it finds
     */
    public IntegrityChecker(KvStoreImpl store, RecordLayout<E> records, KeyLayout layout, IndexMaintainer<E> maintainer,
            ComponentStates schema, boolean repair, ProgressListener listener) {
        this.store = store;
        this.records = records;
        this.layout = layout;
        this.maintainer = maintainer;
        List<IndexDefinition<E>> allIndexes = records.mapping().indexes();
        for (int i = 0; i < allIndexes.size(); i++) {
            if (schema.index(allIndexes.get(i).name()) == ComponentStates.State.READY) {
                indexes.add(allIndexes.get(i));
                indexPositions.add(i);
            }
        }
        for (CounterDefinition<E> counter : records.mapping().counters()) {
            if (schema.counter(counter.name()) == ComponentStates.State.READY) {
                counters.add(counter);
            }
        }
        this.repair = repair;
        this.listener = listener;
        this.task = repair ? "repairing" : "verifying";
    }

    /** Runs the three passes. */
    public IntegrityReport run() {
        Map<String, Map<ByteBuffer, Long>> expectedCounters = checkRecords();
        for (int i = 0; i < indexes.size(); i++) {
            checkEntries(i);
        }
        for (CounterDefinition<E> counter : counters) {
            checkCounter(counter, expectedCounters.get(counter.name()));
        }
        listener.onProgress(new Progress(layout.entityName(), task, recordsChecked, true,
                problemCount == 0 ? "clean" : problemCount + (problemCount == 1 ? " problem, " : " problems, ") + repaired
                        + " repaired"));
        return new IntegrityReport(problems, problemCount, repaired, recordsChecked);
    }

    /** Pass 1: every record's entries must exist; sums every counter group. */
    private Map<String, Map<ByteBuffer, Long>> checkRecords() {
        Map<String, Map<ByteBuffer, Long>> sums = new HashMap<>();
        counters.forEach(c -> sums.put(c.name(), new HashMap<>()));
        List<byte[]> keys = new ArrayList<>(BATCH);
        List<E> entities = new ArrayList<>(BATCH);
        try (RecordCursor<E> cursor = records.scan(store.backend(), layout.records(), 0)) {
            while (cursor.hasNext()) {
                recordsChecked++;
                try {
                    entities.add(cursor.next());
                    keys.add(cursor.key());
                } catch (CorruptDataException e) {
                    problem(e.getMessage());
                }
                if (keys.size() == BATCH) {
                    checkRecordBatch(keys, entities, sums);
                    keys.clear();
                    entities.clear();
                }
            }
        }
        checkRecordBatch(keys, entities, sums);
        return sums;
    }

    private void checkRecordBatch(List<byte[]> keys, List<E> entities, Map<String, Map<ByteBuffer, Long>> sums) {
        if (keys.isEmpty()) {
            return;
        }
        List<byte[]> entryKeys = new ArrayList<>();
        List<byte[]> owners = new ArrayList<>();
        List<String> describe = new ArrayList<>();
        for (int r = 0; r < keys.size(); r++) {
            byte[] recordKey = keys.get(r);
            E entity = entities.get(r);
            for (int i = 0; i < indexes.size(); i++) {
                for (ByteBuffer value : IndexMaintainer.values(indexes.get(i), entity)) {
                    entryKeys.add(maintainer.entryKey(indexPositions.get(i), value.array(), recordKey));
                    owners.add(recordKey);
                    describe.add("index '" + indexes.get(i).name() + "' has no entry for value "
                            + Tuples.toString(value.array()) + " of " + Tuples.toString(recordKey));
                }
            }
            for (CounterDefinition<E> counter : counters) {
                long amount = counter.amount().applyAsLong(entity);
                if (amount != 0) {
                    sums.get(counter.name()).merge(ByteBuffer.wrap(counter.group().apply(entity)), amount,
                            (a, b) -> a + b == 0 ? null : a + b);
                }
            }
        }
        List<byte[]> found = entryKeys.isEmpty() ? List.of() : store.backend().getAll(entryKeys);
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < entryKeys.size(); i++) {
            byte[] value = found.get(i);
            boolean unique = value != null && value.length > 0;
            if (value == null) {
                problem(layout.entityName() + ": " + describe.get(i));
                missing.add(i);
            } else if (unique && !Arrays.equals(value, owners.get(i))) {
                if (holds(entryKeys.get(i), value)) {
                    problem(layout.entityName() + ": the unique entry " + Tuples.toString(entryKeys.get(i))
                            + " belongs to " + Tuples.toString(value) + ", but " + Tuples.toString(owners.get(i))
                            + " holds the value too; change one of them");
                } else {
                    problem(layout.entityName() + ": the unique entry " + Tuples.toString(entryKeys.get(i))
                            + " points at " + Tuples.toString(value) + ", which does not hold the value, instead of "
                            + Tuples.toString(owners.get(i)));
                    missing.add(i);
                }
            }
        }
        if (repair && !missing.isEmpty()) {
            store.transactKv(kv -> {
                for (int i : missing) {
                    restoreEntry(kv, entryKeys.get(i), owners.get(i));
                }
            });
            repaired += missing.size();
        }
        listener.onProgress(new Progress(layout.entityName(), task, recordsChecked, false, ""));
    }

    /** Whether the record under {@code recordKey} (as committed) owns the entry {@code entryKey}. */
    private boolean holds(byte[] entryKey, byte[] recordKey) {
        return recordOwns(store.backend(), recordKey, entryKey);
    }

    /**
     * Whether the record under {@code recordKey}, read through {@code reader} (tracked in a transaction),
     * owns {@code entryKey} in a checked index. An absent record owns nothing; a corrupt one is reported on its own and its entries
     * are left alone, so it counts as owning.
     */
    private boolean recordOwns(KvReader reader, byte[] recordKey, byte[] entryKey) {
        RecordLayout.Stored<E> stored;
        try {
            stored = records.load(reader, recordKey);
        } catch (CorruptDataException e) {
            return true;
        }
        return stored != null && owns(stored.entity(), recordKey, entryKey);
    }

    private boolean owns(E entity, byte[] recordKey, byte[] entryKey) {
        for (int position : indexPositions) {
            if (maintainer.owns(position, entity, recordKey, entryKey)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Writes a missing entry, or points a unique entry at its owner, if the record (read again, tracked)
     * still holds the value and no other record does.
     */
    private void restoreEntry(KvTransaction kv, byte[] entryKey, byte[] recordKey) {
        RecordLayout.Stored<E> stored = records.load(kv, recordKey);
        if (stored == null) {
            return;
        }
        E entity = stored.entity();
        for (int i = 0; i < indexes.size(); i++) {
            for (ByteBuffer v : IndexMaintainer.values(indexes.get(i), entity)) {
                byte[] key = maintainer.entryKey(indexPositions.get(i), v.array(), recordKey);
                if (!Arrays.equals(key, entryKey)) {
                    continue;
                }
                byte[] current = kv.get(key);
                if (!indexes.get(i).unique()) {
                    if (current == null) {
                        kv.put(key, new byte[0]);
                    }
                } else if (current == null) {
                    kv.claim(key, recordKey); // a writer that claimed the value meanwhile keeps it
                } else if (!Arrays.equals(current, recordKey) && !recordOwns(kv, current, key)) {
                    kv.writeIfUnchanged(key, current, recordKey);
                }
            }
        }
    }

    /** Pass 2: every entry of an index must belong to a record that holds its value. */
    private void checkEntries(int i) {
        IndexDefinition<E> index = indexes.get(i);
        byte[] prefix = layout.indexPrefix(index.name());
        List<KeyValue> batch = new ArrayList<>(BATCH);
        try (KvCursor cursor = store.backend().scan(KeyRange.startingWith(prefix), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                batch.add(cursor.next());
                if (batch.size() == BATCH) {
                    checkEntryBatch(i, prefix, batch);
                    batch.clear();
                }
            }
        }
        checkEntryBatch(i, prefix, batch);
    }

    private void checkEntryBatch(int i, byte[] prefix, List<KeyValue> batch) {
        if (batch.isEmpty()) {
            return;
        }
        IndexDefinition<E> index = indexes.get(i);
        List<byte[]> recordKeys = new ArrayList<>(batch.size());
        List<byte[]> orphans = new ArrayList<>();
        List<KeyValue> wellFormed = new ArrayList<>(batch.size());
        for (KeyValue entry : batch) {
            try {
                recordKeys.add(index.unique() ? entry.value()
                        : layout.recordKeyOf(entry.key(), prefix.length, index.arity()));
                wellFormed.add(entry);
            } catch (CorruptDataException e) {
                problem(layout.entityName() + ": index '" + index.name() + "' holds the malformed entry "
                        + Tuples.toString(entry.key()) + ": " + e.getMessage());
                orphans.add(entry.key());
            }
        }
        batch = wellFormed;
        List<E> entities = readOwners(recordKeys);
        for (int e = 0; e < batch.size(); e++) {
            E entity = entities.get(e);
            if (entity != CORRUPT && (entity == null || !owns(entity, recordKeys.get(e), batch.get(e).key()))) {
                problem(layout.entityName() + ": index '" + index.name() + "' holds the orphaned entry "
                        + Tuples.toString(batch.get(e).key()) + " for " + Tuples.toString(recordKeys.get(e))
                        + (entity == null ? ", which does not exist" : ", which does not hold its value"));
                orphans.add(batch.get(e).key());
            }
        }
        if (repair && !orphans.isEmpty()) {
            store.transactKv(kv -> {
                for (byte[] entryKey : orphans) {
                    byte[] recordKey;
                    try {
                        recordKey = index.unique() ? kv.get(entryKey)
                                : layout.recordKeyOf(entryKey, prefix.length, index.arity());
                    } catch (CorruptDataException e) {
                        kv.delete(entryKey);
                        continue;
                    }
                    if (recordKey != null && !recordOwns(kv, recordKey, entryKey)) {
                        if (index.unique()) {
                            kv.release(entryKey, recordKey);
                        } else {
                            kv.delete(entryKey);
                        }
                    }
                }
            });
            repaired += orphans.size();
        }
    }

    /**
     * The records under {@code keys} as committed, in one multi-get where the layout allows: null for an
     * absent one, {@link #CORRUPT} for one that cannot be decoded (it is reported by pass 1).
     */
    @SuppressWarnings("unchecked")
    private List<E> readOwners(List<byte[]> keys) {
        if (keys.isEmpty()) {
            return List.of();
        }
        try {
            return records.findAll(store.backend(), keys);
        } catch (CorruptDataException e) {
            List<E> entities = new ArrayList<>(keys.size());
            for (byte[] key : keys) {
                try {
                    entities.add(records.find(store.backend(), key));
                } catch (CorruptDataException corrupt) {
                    entities.add((E) CORRUPT);
                }
            }
            return entities;
        }
    }

    /** Pass 3: every group of a counter must hold the recount. */
    private void checkCounter(CounterDefinition<E> counter, Map<ByteBuffer, Long> expected) {
        byte[] prefix = layout.counterPrefix(counter.name());
        Map<ByteBuffer, Long> remaining = new HashMap<>(expected);
        List<byte[]> fixKeys = new ArrayList<>();
        List<Long> fixValues = new ArrayList<>();
        List<byte[]> zeroGroups = new ArrayList<>();
        try (KvCursor cursor = store.backend().scan(KeyRange.startingWith(prefix), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                ByteBuffer group = ByteBuffer.wrap(Arrays.copyOfRange(item.key(), prefix.length, item.key().length));
                long want = remaining.getOrDefault(group, 0L);
                remaining.remove(group);
                long have;
                try {
                    have = Counters.decode(item.key(), item.value());
                } catch (CorruptDataException e) {
                    problem(layout.entityName() + ": counter '" + counter.name() + "': " + e.getMessage());
                    fixKeys.add(item.key());
                    fixValues.add(want);
                    continue;
                }
                if (have != want) {
                    problem(layout.entityName() + ": counter '" + counter.name() + "' group "
                            + Tuples.toString(group.array()) + " holds " + have + ", the records give " + want);
                    fixKeys.add(item.key());
                    fixValues.add(want);
                } else if (have == 0) {
                    // a group two concurrent writes brought to zero: it reads as absent; repair tidies it away
                    zeroGroups.add(item.key());
                }
            }
        }
        for (Map.Entry<ByteBuffer, Long> missing : remaining.entrySet()) {
            problem(layout.entityName() + ": counter '" + counter.name() + "' has no group "
                    + Tuples.toString(missing.getKey().array()) + ", the records give " + missing.getValue());
            fixKeys.add(KeyLayout.counterKey(prefix, missing.getKey().array()));
            fixValues.add(missing.getValue());
        }
        if (repair) {
            for (byte[] zero : zeroGroups) {
                fixKeys.add(zero);
                fixValues.add(0L);
            }
        }
        int fixes = fixKeys.size() - (repair ? zeroGroups.size() : 0);
        if (repair && !fixKeys.isEmpty()) {
            for (int from = 0; from < fixKeys.size(); from += BATCH) {
                int to = Math.min(fixKeys.size(), from + BATCH);
                int start = from;
                store.transactKv(kv -> {
                    for (int f = start; f < to; f++) {
                        if (fixValues.get(f) == 0) {
                            kv.delete(fixKeys.get(f));
                        } else {
                            kv.put(fixKeys.get(f), Counters.encode(fixValues.get(f)));
                        }
                    }
                });
            }
            repaired += fixes;
        }
    }

    private void problem(String text) {
        problemCount++;
        if (problems.size() < IntegrityReport.MAX_LISTED) {
            problems.add(text);
        }
    }
}
