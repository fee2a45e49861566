package io.kvmapper.internal.index;

import io.kvmapper.CorruptDataException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.spi.KvTransaction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The maintainers of one entity's indexes, expiry index and counters, in that order, as {@link MaintainerFactory}
 * builds them, and the one write path through them: {@link #update} keeps every index entry and counter in step with
 * a record from one diff of its old and new state. Save, insert, partial and element-wise updates, and delete
 * all go through here; online builds and integrity checks use the same maintainers.
 *
 * @param <E> the entity type
 */
public final class EntityMaintainers<E> {
    private final List<ComponentMaintainer<E>> all;
    private final Map<String, IndexMaintainer<E>> indexes;
    private final Map<String, CounterMaintainer<E>> counters;
    private final ExpiryIndexMaintainer<E> expiry;
    private final String entityName;

    /** @param expiry the expiry index, or null for an entity that never expires */
    EntityMaintainers(String entityName, List<IndexMaintainer<E>> indexes, ExpiryIndexMaintainer<E> expiry,
            List<CounterMaintainer<E>> counters) {
        this.entityName = entityName;
        this.all = List.copyOf(concat(indexes, expiry, counters));
        this.indexes = byName(indexes);
        this.counters = byName(counters);
        this.expiry = expiry;
    }

    /** Every maintainer: the indexes in definition order, the expiry index, then the counters. */
    public List<ComponentMaintainer<E>> all() {
        return all;
    }

    /** The maintainer of the entity's expiry index, or null if the entity never expires. */
    public ExpiryIndexMaintainer<E> expiry() {
        return expiry;
    }

    /** Whether the entity has no indexes, counters or expiry, so writes need not read the old state. */
    public boolean isEmpty() {
        return all.isEmpty();
    }

    /** The maintainer of the index {@code name}. */
    public IndexMaintainer<E> index(String name) {
        IndexMaintainer<E> index = indexes.get(name);
        if (index == null) {
            throw new IllegalArgumentException(entityName + " has no index " + name);
        }
        return index;
    }

    /** The maintainer of the counter {@code name}. */
    public CounterMaintainer<E> counter(String name) {
        CounterMaintainer<E> counter = counters.get(name);
        if (counter == null) {
            throw new IllegalArgumentException(entityName + " has no counter " + name);
        }
        return counter;
    }

    /**
     * Changes index entries and counters from {@code old} to {@code now} for the record under
     * {@code recordKey}: a null {@code old} is an insert, a null {@code now} a delete.
     *
     * @throws UniqueConstraintException if {@code now} takes a unique value another entity holds; nothing was
     *     written then
     * @throws InvalidRequestException naming the index or counter if it cannot hold a value of {@code now};
     *     nothing was written then
     * @throws CorruptDataException naming the record if an index or counter cannot hold a value of {@code old}
     */
    public void update(KvTransaction kv, byte[] recordKey, E old, E now) {
        prepare(kv, recordKey, old, now).apply(kv);
    }

    /**
     * What {@link #update} writes, with the claims made and the rest held back: the caller writes the record,
     * then {@link PendingWrites#apply}s them, or, if the record's own write is refused before it writes anything,
     * {@link PendingWrites#withdrawClaims withdraws} the claims, so that the transaction is as it was.
     *
     * @throws UniqueConstraintException as {@link #update} does; nothing was written then
     * @throws InvalidRequestException as {@link #update} does; nothing was written then
     * @throws CorruptDataException as {@link #update} does
     */
    public PendingWrites prepare(KvTransaction kv, byte[] recordKey, E old, E now) {
        // Nothing is written until every claim is made, so that a unique-constraint violation, or a value no
        // index or counter can hold, leaves the transaction as it was.
        PendingWrites writes = new PendingWrites(recordKey);
        try {
            for (int i = 0; i < all.size(); i++) {
                all.get(i).update(kv, recordKey, old, now, writes);
            }
        } catch (UniqueConstraintException | InvalidRequestException | CorruptDataException e) {
            writes.withdrawClaims(kv);
            throw e;
        }
        return writes;
    }

    private static <E> List<ComponentMaintainer<E>> concat(List<IndexMaintainer<E>> indexes,
            ExpiryIndexMaintainer<E> expiry, List<CounterMaintainer<E>> counters) {
        List<ComponentMaintainer<E>> all = new ArrayList<>(indexes);
        if (expiry != null) {
            all.add(expiry);
        }
        all.addAll(counters);
        return all;
    }

    private static <M extends ComponentMaintainer<?>> Map<String, M> byName(List<M> maintainers) {
        Map<String, M> byName = new HashMap<>();
        for (M maintainer : maintainers) {
            byName.put(maintainer.keys().name(), maintainer);
        }
        return Map.copyOf(byName);
    }
}
