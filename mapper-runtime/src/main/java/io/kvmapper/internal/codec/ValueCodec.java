package io.kvmapper.internal.codec;

/**
 * Turns an entity into value bytes and back. Generated per entity; stateless and thread-safe.
 *
 * @param <E> the entity type
 */
public interface ValueCodec<E> {
    /** The codec's identifier, stored in every value's header. */
    byte codecId();

    /** Appends the encoding of {@code entity} to {@code out}. */
    void encode(E entity, ValueBuffer out);

    /**
     * Decodes {@code length} bytes of {@code bytes} from {@code offset}.
     *
     * @throws RuntimeException of any kind when the bytes are not a valid encoding; the caller turns it
     *     into a {@link io.kvmapper.CorruptDataException} that names the entity and key
     */
    E decode(byte[] bytes, int offset, int length);
}
