package io.kvmapper.internal.index;

import io.kvmapper.UniqueConstraintException;
import io.kvmapper.internal.index.ComponentStates;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.layout.MetaKinds;
import io.kvmapper.internal.mapping.CounterDefinition;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Keeps one entity's index entries and counters in step with its records, from one diff of an
 * entity's old and new state: a null old state is an insert, a null new state a delete. Save, insert,
 * partial and element-wise updates, and delete all go through here; online builds and repairs use its
 * entry keys and value computation.
 *
 * <p>A unique value is taken with {@link KvTransaction#claim} and given up with
 * {@link KvTransaction#release}, so that two records can never both hold it, also on a backend without
 * conflict detection. Claims come before any other write, and a unique-constraint violation withdraws
 * the claims made before it, so the transaction is left as it was. Counters change by read-free atomic
 * adds; on a backend that detects conflicts a group whose count falls to zero is removed, with an
 * untracked read so that the removal conflicts only with a concurrent change of that same group.
 * Elsewhere such a group stays, holding zero (which reads as absent): removing it could swallow a
 * concurrent add.
 *
 * @param <E> the entity type
 */
public final class IndexMaintainer<E> {
    private static final byte[] EMPTY = new byte[0];

    private final KeyLayout layout;
    private final List<IndexDefinition<E>> indexes;
    private final List<CounterDefinition<E>> counters;
    private final ComponentStates schema;
    private final byte[][] indexPrefixes;
    private final byte[][] counterPrefixes;
    private final byte[][] counterCursors;
    private final byte[][] indexMetas;
    private final byte[][] counterFences;
    private final boolean removesZeroGroups;
    private final Comparator<byte[]> scanOrder;

    /**
     * A maintainer for a globally ordered backend that detects conflicts.
     *
     * @param layout the entity's key layout
     * @param indexes its indexes
     * @param counters its counters
     * @param schema their live states in this store
     */
    public IndexMaintainer(KeyLayout layout, List<IndexDefinition<E>> indexes, List<CounterDefinition<E>> counters,
            ComponentStates schema) {
        this(layout, indexes, counters, schema, true, Arrays::compareUnsigned);
    }

    /**
     * A maintainer for {@code backend}: it removes counter groups that fall to zero only where the backend
     * detects conflicts ({@link KvBackend#detectsConflicts()}), and tells whether an online counter build
     * has passed a record in the backend's scan order ({@link KvBackend#compareInScanOrder}).
     *
     * @param layout the entity's key layout
     * @param indexes its indexes
     * @param counters its counters
     * @param schema their live states in this store
     * @param backend the store's backend
     */
    public IndexMaintainer(KeyLayout layout, List<IndexDefinition<E>> indexes, List<CounterDefinition<E>> counters,
            ComponentStates schema, KvBackend backend) {
        this(layout, indexes, counters, schema, backend.detectsConflicts(), backend::compareInScanOrder);
    }

    private IndexMaintainer(KeyLayout layout, List<IndexDefinition<E>> indexes, List<CounterDefinition<E>> counters,
            ComponentStates schema, boolean removesZeroGroups, Comparator<byte[]> scanOrder) {
        this.layout = layout;
        this.removesZeroGroups = removesZeroGroups;
        this.scanOrder = scanOrder;
        this.indexes = List.copyOf(indexes);
        this.counters = List.copyOf(counters);
        this.schema = schema;
        indexPrefixes = new byte[indexes.size()][];
        indexMetas = new byte[indexes.size()][];
        for (int i = 0; i < indexes.size(); i++) {
            indexPrefixes[i] = layout.indexPrefix(indexes.get(i).name());
            indexMetas[i] = layout.metaKey(MetaKinds.INDEX, indexes.get(i).name());
        }
        counterPrefixes = new byte[counters.size()][];
        counterCursors = new byte[counters.size()][];
        counterFences = new byte[counters.size()][];
        for (int i = 0; i < counters.size(); i++) {
            counterPrefixes[i] = layout.counterPrefix(counters.get(i).name());
            counterCursors[i] = layout.metaKey(MetaKinds.COUNTER_CURSOR, counters.get(i).name());
            counterFences[i] = layout.metaKey(MetaKinds.COUNTER_FENCE, counters.get(i).name());
        }
    }

    /** Whether the entity has neither indexes nor counters, so writes need not read the old state. */
    public boolean isEmpty() {
        return indexes.isEmpty() && counters.isEmpty();
    }

    /**
     * Changes index entries and counters from {@code old} to {@code now} for the record under
     * {@code recordKey}.
     *
     * @throws UniqueConstraintException if {@code now} takes a unique value another entity holds; nothing
     *     was written then
     */
    public void update(KvTransaction kv, byte[] recordKey, E old, E now) {
        // Nothing is written until every claim is made, so that a unique-constraint violation leaves the
        // transaction as it was; the lists are allocated only for the kinds of change this write makes.
        List<byte[]> deletes = null;
        List<byte[]> releases = null;
        List<byte[]> puts = null;
        List<byte[]> claims = null;
        List<byte[]> before = new ArrayList<>(2);
        List<byte[]> after = new ArrayList<>(2);
        try {
            for (int i = 0; i < indexes.size(); i++) {
                IndexDefinition<E> index = indexes.get(i);
                ComponentStates.State state = schema.index(index.name());
                if (state == ComponentStates.State.FAILED) {
                    continue;
                }
                if (state == ComponentStates.State.CLEARING) {
                    // the rebuild after the clearing covers every record; the tracked read of the index's
                    // metadata makes this write retry if the clearing ends while it runs
                    if (ComponentStates.storedAsClearing(kv.get(indexMetas[i]))) {
                        continue;
                    }
                    state = ComponentStates.State.BUILDING;
                }
                distinctValues(index, old, before);
                distinctValues(index, now, after);
                Set<ByteBuffer> beforeSet = lookup(before);
                Set<ByteBuffer> afterSet = lookup(after);
                for (byte[] value : before) {
                    if (holds(after, afterSet, value)) {
                        continue;
                    }
                    byte[] entry = entryKey(i, value, recordKey);
                    if (!index.unique()) {
                        deletes = add(deletes, entry);
                        continue;
                    }
                    // While a unique index is built, a value may still be held by a record the build has not
                    // reached yet (a duplicate the build will report): only give up an entry this record owns.
                    if (state == ComponentStates.State.BUILDING && !Arrays.equals(kv.get(entry), recordKey)) {
                        continue;
                    }
                    releases = add(releases, entry);
                }
                for (byte[] value : after) {
                    if (holds(before, beforeSet, value)) {
                        continue;
                    }
                    byte[] entry = entryKey(i, value, recordKey);
                    if (!index.unique()) {
                        puts = add(puts, entry);
                        continue;
                    }
                    byte[] holder = kv.claim(entry, recordKey);
                    if (holder != null) {
                        throw new UniqueConstraintException(layout.entityName(), index.name(),
                                Tuples.toString(value), Tuples.toString(holder));
                    }
                    claims = add(claims, entry);
                }
            }
        } catch (UniqueConstraintException e) {
            if (claims != null) {
                for (byte[] entry : claims) {
                    kv.release(entry, recordKey);
                }
            }
            throw e;
        }
        List<CounterChange> adds = null;
        for (int i = 0; i < counters.size(); i++) {
            CounterDefinition<E> counter = counters.get(i);
            if (!maintains(kv, schema.counter(counter.name()), counterCursors[i], counterFences[i], recordKey,
                    scanOrder)) {
                continue;
            }
            byte[] oldGroup = old == null ? null : counter.group().apply(old);
            byte[] newGroup = now == null ? null : counter.group().apply(now);
            long oldAmount = old == null ? 0 : counter.amount().applyAsLong(old);
            long newAmount = now == null ? 0 : counter.amount().applyAsLong(now);
            boolean sum = counter.isSum();
            if (oldGroup != null && newGroup != null && Arrays.equals(oldGroup, newGroup)) {
                if (newAmount != oldAmount) {
                    adds = add(adds, new CounterChange(KeyLayout.counterKey(counterPrefixes[i], newGroup),
                            newAmount - oldAmount, sum));
                }
                continue;
            }
            if (oldGroup != null && oldAmount != 0) {
                adds = add(adds, new CounterChange(KeyLayout.counterKey(counterPrefixes[i], oldGroup), -oldAmount, sum));
            }
            if (newGroup != null && newAmount != 0) {
                adds = add(adds, new CounterChange(KeyLayout.counterKey(counterPrefixes[i], newGroup), newAmount, sum));
            }
        }
        if (deletes != null) {
            for (byte[] key : deletes) {
                kv.delete(key);
            }
        }
        if (releases != null) {
            for (byte[] key : releases) {
                kv.release(key, recordKey);
            }
        }
        if (puts != null) {
            for (byte[] key : puts) {
                kv.put(key, EMPTY);
            }
        }
        if (adds != null) {
            for (CounterChange add : adds) {
                kv.add(add.key(), add.delta());
                if (removesZeroGroups) {
                    removeIfZero(kv, add.key(), add.delta(), add.sum());
                }
            }
        }
    }

    /** One add to a counter group, and whether the counter is a sum. */
    private record CounterChange(byte[] key, long delta, boolean sum) {
    }

    /** {@code list} with {@code item} appended, allocating the list on first use. */
    private static <T> List<T> add(List<T> list, T item) {
        List<T> to = list == null ? new ArrayList<>(4) : list;
        to.add(item);
        return to;
    }

    /**
     * Replaces the contents of {@code into} with the distinct encoded values of {@code index} for
     * {@code entity} (none for null), without the set that {@link #values} builds: most indexes give one
     * value per entity.
     */
    private static <E> void distinctValues(IndexDefinition<E> index, E entity, List<byte[]> into) {
        into.clear();
        if (entity == null) {
            return;
        }
        index.values().collect(entity, into);
        if (into.size() > 1) {
            Set<ByteBuffer> distinct = new LinkedHashSet<>();
            for (byte[] value : into) {
                distinct.add(ByteBuffer.wrap(value));
            }
            if (distinct.size() < into.size()) {
                into.clear();
                for (ByteBuffer value : distinct) {
                    into.add(value.array());
                }
            }
        }
    }

    /** A set of {@code values} to look them up in, or null where a linear search is cheaper. */
    private static Set<ByteBuffer> lookup(List<byte[]> values) {
        if (values.size() <= 8) {
            return null;
        }
        Set<ByteBuffer> set = new HashSet<>();
        for (byte[] value : values) {
            set.add(ByteBuffer.wrap(value));
        }
        return set;
    }

    /** Whether {@code values} (looked up in {@code set} where there is one) holds {@code value}. */
    private static boolean holds(List<byte[]> values, Set<ByteBuffer> set, byte[] value) {
        if (set != null) {
            return set.contains(ByteBuffer.wrap(value));
        }
        for (byte[] held : values) {
            if (Arrays.equals(held, value)) {
                return true;
            }
        }
        return false;
    }

    /** The distinct encoded values of {@code index} for {@code entity}; none for null. */
    public static <E> Set<ByteBuffer> values(IndexDefinition<E> index, E entity) {
        if (entity == null) {
            return Set.of();
        }
        List<byte[]> values = new ArrayList<>(2);
        index.values().collect(entity, values);
        Set<ByteBuffer> distinct = new LinkedHashSet<>();
        for (byte[] value : values) {
            distinct.add(ByteBuffer.wrap(value));
        }
        return distinct;
    }

    /**
     * Whether {@code entity}, stored under {@code recordKey}, has the entry {@code entryKey} in the index
     * at position {@code i}: the one test of ownership that finders, builds and checks share.
     */
    public boolean owns(int i, E entity, byte[] recordKey, byte[] entryKey) {
        if (entity == null) {
            return false;
        }
        List<byte[]> values = new ArrayList<>(2);
        indexes.get(i).values().collect(entity, values);
        byte[] prefix = indexPrefixes[i];
        boolean unique = indexes.get(i).unique();
        for (byte[] value : values) {
            // A unique entry is the prefix and the value: compared in place, without building it (the
            // finder by a unique value runs this on every hit).
            if (unique ? entryKey.length == prefix.length + value.length
                    && Arrays.equals(entryKey, prefix.length, entryKey.length, value, 0, value.length)
                    && Arrays.equals(entryKey, 0, prefix.length, prefix, 0, prefix.length)
                    : Arrays.equals(layout.entry(prefix, value, recordKey), entryKey)) {
                return true;
            }
        }
        return false;
    }

    /** The position of the index named {@code name} among the entity's indexes. */
    public int position(String name) {
        for (int i = 0; i < indexes.size(); i++) {
            if (indexes.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException(layout.entityName() + " has no index " + name);
    }

    /** The key of the entry of index {@code i} for {@code value} and the record under {@code recordKey}. */
    public byte[] entryKey(int i, byte[] value, byte[] recordKey) {
        return indexes.get(i).unique() ? KeyLayout.uniqueEntry(indexPrefixes[i], value)
                : layout.entry(indexPrefixes[i], value, recordKey);
    }

    /**
     * Removes a counter group that {@code delta}, just added, brought to zero: after a decrement, and for
     * a sum (which can reach zero going up) after any change. Two transactions that bring one group to
     * zero together each see only their own change, so neither removes it; the group then holds zero,
     * which reads as absent, until its next change or {@code repair()}.
     */
    private static void removeIfZero(KvTransaction kv, byte[] key, long delta, boolean sum) {
        if ((delta < 0 || sum) && Counters.decode(key, kv.peek(key)) == 0) {
            kv.delete(key);
        }
    }

    /**
     * Whether a write of the record under {@code recordKey} maintains a counter in {@code state}: whether
     * the counter's build has passed the record, in the backend's scan order, which the build follows. Index
     * entries are idempotent, so writes always maintain an index, even while it is built; a counter is
     * not, so while one is built online, writes maintain it only for records its build has passed. For
     * the others they read the build's cursor and bump its fence with a read-free add: the write and a
     * concurrent batch then touch one common key, so one of them retries and no record is counted
     * twice or missed, while writers never conflict with each other.
     */
    private static boolean maintains(KvTransaction kv, ComponentStates.State state, byte[] cursorKey, byte[] fenceKey,
            byte[] recordKey, Comparator<byte[]> scanOrder) {
        if (state == ComponentStates.State.READY) {
            return true;
        }
        if (state == ComponentStates.State.FAILED) {
            return false;
        }
        // BUILDING, or CLEARING with an empty cursor: the write bumps the fence
        byte[] cursor = kv.get(cursorKey);
        if (cursor == null) {
            return true;
        }
        if (cursor.length > 0 && scanOrder.compare(recordKey, cursor) <= 0) {
            return true;
        }
        kv.add(fenceKey, 1);
        return false;
    }
}
