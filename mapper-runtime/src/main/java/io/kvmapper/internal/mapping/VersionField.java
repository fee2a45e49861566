package io.kvmapper.internal.mapping;

/**
 * Access to an entity's {@code @Version} field, generated for entities that have one.
 *
 * @param <E> the entity type
 */
public interface VersionField<E> {
    /** The version {@code entity} carries. */
    long get(E entity);

    /** A copy of {@code entity} carrying {@code version}; {@code entity} itself is not changed. */
    E with(E entity, long version);
}
