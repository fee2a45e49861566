package io.kvmapper.internal.index;

import io.kvmapper.UniqueConstraintException;
import io.kvmapper.spi.KvTransaction;
import java.util.List;

/**
 * Keeps one index or counter of an entity in step with its records: one implementation per kind
 * ({@link ValueIndexMaintainer}, {@link UniqueIndexMaintainer}, {@link ExpiryIndexMaintainer},
 * {@link CounterMaintainer}), built by
 * {@link MaintainerFactory}, as the FoundationDB Record Layer's {@code IndexMaintainer}s are. Everything that
 * works on an entity's components (the write path in {@link EntityMaintainers#update}, online builds,
 * integrity checks) goes through this interface, one maintainer after another, never through one loop per
 * kind.
 *
 * @param <E> the entity type
 */
public sealed interface ComponentMaintainer<E> permits IndexMaintainer, CounterMaintainer {
    /** The component's kind, name and keys. */
    ComponentKeys keys();

    /** A canonical description of the component's definition; one whose signature changes is rebuilt. */
    String signature();

    /** The component's live state in the store. */
    ComponentStates.State state();

    /** Throws unless the component is ready to serve reads. */
    void requireReady();

    /**
     * Changes the component from {@code old} to {@code now} for the record under {@code recordKey}, from the
     * one diff: a null {@code old} is an insert, a null {@code now} a delete. Unique values are claimed at once
     * through {@code writes}; every other write is left in {@code writes}, to be applied once every maintainer
     * of the entity has made its claims.
     *
     * @throws UniqueConstraintException if {@code now} takes a unique value another record holds
     */
    void update(KvTransaction kv, byte[] recordKey, E old, E now, PendingWrites writes);

    /**
     * Adds the contribution of a batch of records that an online build covers, in the build's transaction,
     * which has read the records with conflict tracking.
     *
     * @param duplicates receives a description of each unique value another record already holds
     */
    void backfill(KvTransaction kv, List<byte[]> recordKeys, List<E> entities, List<String> duplicates);

    /** A check of the component against the records, for {@code verify()} and {@code repair()}. */
    ComponentCheck<E> check(CheckContext<E> context);
}
