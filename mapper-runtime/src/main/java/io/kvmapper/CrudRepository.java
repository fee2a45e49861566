package io.kvmapper;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The operations every repository has: what each generated {@code <Entity>Repository} implements, and what a
 * {@code @io.kvmapper.annotation.Repository} interface extends to get them. Program against it to
 * keep code independent of one entity's generated class, or to replace a repository with a fake in tests.
 *
 * @param <E> the entity type
 * @param <K> the key type: the boxed type of a one-component key, or the generated repository's {@code Key}
 *     record for a composite key
 */
public interface CrudRepository<E, K> {
    /**
     * Inserts {@code entity}, or replaces the entity with its key; its index entries and counters change in
     * the same atomic write.
     *
     * @return the entity as stored: with its new version if it has a {@code @Version} field (the argument is not
     *     changed), else the argument
     * @throws OptimisticLockException if the entity has a {@code @Version} that is not the stored one
     * @throws UniqueConstraintException if it takes a unique value another entity holds
     */
    E save(E entity);

    /**
     * Inserts {@code entity}.
     *
     * @return the entity as stored: at version 1 if it has a {@code @Version} field, else the argument
     * @throws DuplicateKeyException if an entity with its key exists
     * @throws UniqueConstraintException if it takes a unique value another entity holds
     */
    E insert(E entity);

    /** The entity with this key, or empty. */
    Optional<E> findById(K id);

    /** The entities with these keys, in the order given, skipping absent ones; one batched read. */
    List<E> findAllById(Collection<K> ids);

    /** Whether an entity with this key exists. */
    boolean existsById(K id);

    /** Deletes the entity with this key, with its index entries and counter contributions; whether there was one. */
    boolean deleteById(K id);

    /** Every entity, in key order (in scan order on a backend that hashes partitions); close the stream. */
    Stream<E> findAll();

    /**
     * How many entities there are: one counter read when the entity has a {@code @Counter} without
     * {@code groupBy}, else a scan of the keys.
     */
    long count();
}
