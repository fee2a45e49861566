package io.kvmapper.internal.codec;

/**
 * Writes an entity as items of the attribute-per-key layout and reads it back; generated per entity
 * that declares {@code layout = ATTRIBUTE_PER_KEY}. Stateless and thread-safe.
 *
 * @param <E> the entity type
 */
public interface AttributeCodec<E> {
    /** Writes every stored field of {@code entity} but its key fields, which the record key holds. */
    void write(E entity, AttributeWriter out);

    /**
     * Reads the entity whose items {@code in} holds; fields without an item are null (or zero).
     *
     * @throws RuntimeException of any kind when the items are not a valid encoding; the caller turns it
     *     into a {@link io.kvmapper.CorruptDataException} that names the entity and key
     */
    E read(AttributeReader in);

    /** The encoded path element of the {@code @Version} field, or null if the entity has none. */
    byte[] versionField();
}
