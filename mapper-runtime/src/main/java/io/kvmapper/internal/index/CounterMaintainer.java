package io.kvmapper.internal.index;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.mapping.CounterDefinition;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KvTransaction;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Keeps one counter in step with the records: a count or sum per group, changed by read-free atomic adds. On
 * a backend that detects conflicts a group whose value falls to zero is removed, with an untracked read so
 * that the removal conflicts only with a concurrent change of that same group: after a decrement, and for a
 * sum (which can reach zero going up) after any change. Elsewhere such a group stays, holding zero (which
 * reads as absent): removing it could swallow a concurrent add.
 *
 * @param <E> the entity type
 */
public final class CounterMaintainer<E> implements ComponentMaintainer<E> {
    private final CounterDefinition<E> counter;
    private final ComponentKeys keys;
    private final ComponentStates states;
    private final boolean removesZeroGroups;
    private final Comparator<byte[]> scanOrder;

    /**
     * @param removesZeroGroups whether the backend detects conflicts, so that groups at zero may be removed
     * @param scanOrder the backend's scan order of record keys, which an online build follows
     */
    CounterMaintainer(KeyLayout layout, CounterDefinition<E> counter, ComponentStates states,
            boolean removesZeroGroups, Comparator<byte[]> scanOrder) {
        this.counter = counter;
        this.keys = ComponentKind.COUNTER.keys(layout, counter.name());
        this.states = states;
        this.removesZeroGroups = removesZeroGroups;
        this.scanOrder = scanOrder;
    }

    @Override
    public ComponentKeys keys() {
        return keys;
    }

    @Override
    public String signature() {
        return counter.signature();
    }

    @Override
    public ComponentStates.State state() {
        return states.state(ComponentKind.COUNTER, counter.name());
    }

    @Override
    public void requireReady() {
        states.require(ComponentKind.COUNTER, counter.name());
    }

    /** The key of the group {@code group} (encoded; empty for a counter without groups). */
    public byte[] groupKey(byte[] group) {
        return KeyLayout.counterKey(keys.prefix(), group);
    }

    /** The key of the group {@code entity} counts in. */
    byte[] groupKeyOf(E entity) {
        return groupKey(counter.group().apply(entity));
    }

    /** What {@code entity} contributes to its group: 1 for a count, the summed field for a sum. */
    long amountOf(E entity) {
        return counter.amount().applyAsLong(entity);
    }

    @Override
    public void update(KvTransaction kv, byte[] recordKey, E old, E now, PendingWrites writes) {
        if (!maintains(kv, recordKey, writes)) {
            return;
        }
        byte[] oldGroup;
        try {
            oldGroup = old == null ? null : counter.group().apply(old);
        } catch (InvalidRequestException e) {
            throw keys.storedUnencodable(recordKey, e);
        }
        byte[] newGroup;
        try {
            newGroup = now == null ? null : counter.group().apply(now);
        } catch (InvalidRequestException e) {
            throw keys.unencodable(e);
        }
        long oldAmount = old == null ? 0 : counter.amount().applyAsLong(old);
        long newAmount = now == null ? 0 : counter.amount().applyAsLong(now);
        if (oldGroup != null && newGroup != null && Arrays.equals(oldGroup, newGroup)) {
            if (newAmount != oldAmount) {
                add(writes, keys.writable(groupKey(newGroup)), newAmount - oldAmount);
            }
            return;
        }
        if (oldGroup != null && oldAmount != 0) {
            add(writes, groupKey(oldGroup), -oldAmount); // taking a record out of a group stays possible
        }
        if (newGroup != null && newAmount != 0) {
            add(writes, keys.writable(groupKey(newGroup)), newAmount);
        }
    }

    private void add(PendingWrites writes, byte[] group, long delta) {
        writes.add(group, delta, removesZeroGroups && (delta < 0 || counter.isSum()));
    }

    /**
     * Whether a write of the record under {@code recordKey} maintains the counter: whether the counter's build
     * has passed the record, in the backend's scan order, which the build follows. Index entries are
     * idempotent, so writes always maintain an index, even while it is built; a counter is not, so while one is
     * built online, writes maintain it only for records its build has passed. For the others they read the
     * build's cursor and bump its fence with a read-free add: the write and a concurrent batch then touch one
     * common key, so one of them retries and no record is counted twice or missed, while writers never
     * conflict with each other.
     */
    private boolean maintains(KvTransaction kv, byte[] recordKey, PendingWrites writes) {
        ComponentStates.State state = state();
        if (state == ComponentStates.State.READY) {
            return true;
        }
        if (state == ComponentStates.State.FAILED) {
            return false;
        }
        // BUILDING, or CLEARING with an empty cursor: the write bumps the fence
        byte[] cursor = kv.get(keys.cursorKey());
        if (cursor == null) {
            return true;
        }
        if (cursor.length > 0 && scanOrder.compare(recordKey, cursor) <= 0) {
            return true;
        }
        writes.add(keys.fenceKey(), 1, false);
        return false;
    }

    /**
     * Adds each record's amount to its group. A sum's amounts can cancel out, so a sum's group the batch leaves
     * at zero is not kept (untracked read, tracked delete).
     */
    @Override
    public void backfill(KvTransaction kv, List<byte[]> recordKeys, List<E> entities, List<String> duplicates) {
        List<byte[]> touched = new ArrayList<>();
        for (E entity : entities) {
            long amount = amountOf(entity);
            if (amount != 0) {
                byte[] group = groupKeyOf(entity);
                kv.add(group, amount);
                if (counter.isSum()) {
                    touched.add(group);
                }
            }
        }
        Set<ByteBuffer> checked = new HashSet<>();
        for (byte[] group : touched) {
            if (checked.add(ByteBuffer.wrap(group)) && Counters.decode(group, kv.peek(group)) == 0) {
                kv.delete(group);
            }
        }
    }

    @Override
    public ComponentCheck<E> check(CheckContext<E> context) {
        return new CounterCheck<>(this, context);
    }
}
