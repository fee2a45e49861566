package io.kvmapper.internal.index;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * Keeps one secondary index in step with the records: what both kinds of index share (an entity's distinct
 * values, the diff of old and new values, the states a write respects). How an entry is keyed, written,
 * owned and given up is up to the kind: {@link ValueIndexMaintainer} for a non-unique index,
 * {@link UniqueIndexMaintainer} for a unique one.
 *
 * @param <E> the entity type
 */
public abstract sealed class IndexMaintainer<E> implements ComponentMaintainer<E>
        permits ValueIndexMaintainer, UniqueIndexMaintainer {
    static final byte[] EMPTY = new byte[0];

    final KeyLayout layout;
    final IndexDefinition<E> index;
    final byte[] prefix;
    private final ComponentKind kind;
    private final ComponentKeys keys;
    private final ComponentStates states;

    IndexMaintainer(KeyLayout layout, IndexDefinition<E> index, ComponentStates states) {
        this(ComponentKind.INDEX, layout, index, states);
    }

    /** An index of {@code kind}: a secondary index, or the expiry index, whose entries lie in an area of their own. */
    IndexMaintainer(ComponentKind kind, KeyLayout layout, IndexDefinition<E> index, ComponentStates states) {
        this.kind = kind;
        this.layout = layout;
        this.index = index;
        this.keys = kind.keys(layout, index.name());
        this.prefix = keys.prefix();
        this.states = states;
    }

    @Override
    public final ComponentKeys keys() {
        return keys;
    }

    @Override
    public final String signature() {
        return index.signature();
    }

    @Override
    public final ComponentStates.State state() {
        return states.state(kind, index.name());
    }

    @Override
    public final void requireReady() {
        states.require(kind, index.name());
    }

    /** The index's definition. */
    public final IndexDefinition<E> definition() {
        return index;
    }

    /** Whether two records may not share a value. */
    public abstract boolean unique();

    /** The key of the entry for the encoded {@code value} and the record under {@code recordKey}. */
    public abstract byte[] entryKey(byte[] value, byte[] recordKey);

    /**
     * The record key the stored entry {@code entry} points at.
     *
     * @throws io.kvmapper.CorruptDataException if the entry is malformed
     */
    public abstract byte[] recordKeyOf(KeyValue entry);

    /**
     * {@code options} as a finder scans the index's entries with, for {@link #recordKeyOf} and {@link #owns}: keys
     * alone where an entry's key holds its record key (a non-unique index, whose entries' values are empty), with
     * values where the value holds it (a unique index). Not for checks of the entries themselves, which read both.
     */
    public abstract ScanOptions entryScan(ScanOptions options);

    /**
     * Whether {@code entity}, stored under {@code recordKey}, has the entry {@code entryKey}: the one test of
     * ownership that finders, builds and checks share.
     */
    public abstract boolean owns(E entity, byte[] recordKey, byte[] entryKey);

    @Override
    public final void update(KvTransaction kv, byte[] recordKey, E old, E now, PendingWrites writes) {
        ComponentStates.State state = state();
        if (state == ComponentStates.State.FAILED) {
            return;
        }
        if (state == ComponentStates.State.CLEARING) {
            // the rebuild after the clearing covers every record; the tracked read of the index's metadata
            // makes this write retry if the clearing ends while it runs
            if (ComponentStates.storedAsClearing(kv.get(keys.metaKey()))) {
                return;
            }
            state = ComponentStates.State.BUILDING;
        }
        List<byte[]> before = writes.before;
        List<byte[]> after = writes.after;
        try {
            distinctValues(old, before);
        } catch (InvalidRequestException e) {
            throw keys.storedUnencodable(recordKey, e);
        }
        try {
            distinctValues(now, after);
        } catch (InvalidRequestException e) {
            throw keys.unencodable(e);
        }
        Set<ByteBuffer> beforeSet = lookup(before);
        Set<ByteBuffer> afterSet = lookup(after);
        for (byte[] value : before) {
            if (!holds(after, afterSet, value)) {
                leave(kv, entryKey(value, recordKey), recordKey, state, writes);
            }
        }
        for (byte[] value : after) {
            if (!holds(before, beforeSet, value)) {
                enter(kv, value, keys.writable(entryKey(value, recordKey)), writes);
            }
        }
    }

    /** Gives up the record's entry {@code entry}, which it no longer holds, with the index in {@code state}. */
    abstract void leave(KvTransaction kv, byte[] entry, byte[] recordKey, ComponentStates.State state,
            PendingWrites writes);

    /** Takes the entry {@code entry} for the encoded {@code value}, which the record now holds. */
    abstract void enter(KvTransaction kv, byte[] value, byte[] entry, PendingWrites writes);

    @Override
    public final void backfill(KvTransaction kv, List<byte[]> recordKeys, List<E> entities, List<String> duplicates) {
        for (int i = 0; i < recordKeys.size(); i++) {
            for (ByteBuffer value : values(entities.get(i))) {
                backfill(kv, value.array(), recordKeys.get(i), duplicates);
            }
        }
    }

    /** Writes the entry of one value of a record an online build covers. */
    abstract void backfill(KvTransaction kv, byte[] value, byte[] recordKey, List<String> duplicates);

    @Override
    public final ComponentCheck<E> check(CheckContext<E> context) {
        return new IndexCheck<>(this, context);
    }

    /**
     * Writes the missing entry {@code entryKey} of the record under {@code recordKey}, read again tracked in
     * {@code kv} and found to hold the value; for a unique index, unless another record holding the value keeps
     * it.
     *
     * @param recordOwns whether a record key, read tracked in {@code kv}, owns an entry key
     */
    abstract void restore(KvTransaction kv, byte[] entryKey, byte[] recordKey, BiPredicate<byte[], byte[]> recordOwns);

    /** The record the entry {@code entryKey}, read in {@code kv}, points at; null if it is gone. */
    abstract byte[] holderOf(KvTransaction kv, byte[] entryKey);

    /** Removes the entry {@code entryKey} of the record under {@code recordKey}, which does not own it. */
    abstract void removeOrphan(KvTransaction kv, byte[] entryKey, byte[] recordKey);

    /** The distinct encoded values of the index for {@code entity}; none for null. */
    public final Set<ByteBuffer> values(E entity) {
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
     * Replaces the contents of {@code into} with the distinct encoded values of the index for {@code entity}
     * (none for null), without the set that {@link #values} builds: most indexes give one value per entity.
     */
    final void distinctValues(E entity, List<byte[]> into) {
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
}
