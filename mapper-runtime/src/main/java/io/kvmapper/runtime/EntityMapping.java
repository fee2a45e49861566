package io.kvmapper.runtime;

/**
 * What the runtime needs to know about one entity; generated as {@code <Entity>_KvMapping}.
 *
 * @param <E> the entity type
 */
public interface EntityMapping<E> {
    /** The stored entity name, first element of every key the entity owns. */
    String entityName();

    /** The version of the entity's stored schema, written into every value header. */
    int schemaVersion();

    /** The value codec. */
    ValueCodec<E> codec();

    /**
     * The record key of {@code entity}.
     *
     * @throws io.kvmapper.InvalidRequestException if a key component is null
     */
    byte[] keyOf(E entity);
}
