package io.kvmapper.runtime;

import io.kvmapper.CorruptDataException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.tuple.Tuples;
import java.util.Arrays;

/**
 * Encodes and decodes one entity's stored values: header, codec, and the check that a value's key
 * fields name the key it is stored under.
 *
 * @param <E> the entity type
 */
public final class Records<E> {
    private final EntityMapping<E> mapping;

    /** The codec of {@code mapping}'s entity. */
    public Records(EntityMapping<E> mapping) {
        this.mapping = mapping;
    }

    /** The entity's mapping. */
    public EntityMapping<E> mapping() {
        return mapping;
    }

    /**
     * The stored value of {@code entity}.
     *
     * @throws InvalidRequestException if the codec cannot write it
     */
    public byte[] encode(E entity) {
        ValueBuffer out = new ValueBuffer(128);
        ValueHeader.write(out, mapping.codec().codecId(), mapping.schemaVersion());
        try {
            mapping.codec().encode(entity, out);
        } catch (RuntimeException e) {
            throw new InvalidRequestException(mapping.entityName() + ": cannot encode the entity: " + e, e);
        }
        return out.toByteArray();
    }

    /**
     * The entity stored as {@code value} under {@code key}.
     *
     * @throws CorruptDataException naming the entity and key if the value is not a valid encoding of an
     *     entity with that key
     */
    public E decode(byte[] key, byte[] value) {
        ValueCodec<E> codec = mapping.codec();
        int payload = ValueHeader.payloadOffset(value, codec.codecId(), mapping.entityName(), key);
        E entity;
        try {
            entity = codec.decode(value, payload, value.length - payload);
        } catch (CorruptDataException e) {
            throw new CorruptDataException(mapping.entityName() + " " + Tuples.toString(key) + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new CorruptDataException(mapping.entityName() + " " + Tuples.toString(key)
                    + ": the stored value is not a valid encoding: " + e.getMessage(), e);
        }
        checkKey(key, entity);
        return entity;
    }

    /** The key fields inside a value must name the key it is stored under; anything else is corruption. */
    private void checkKey(byte[] key, E entity) {
        byte[] own;
        try {
            own = mapping.keyOf(entity);
        } catch (InvalidRequestException e) {
            throw new CorruptDataException(mapping.entityName() + " " + Tuples.toString(key)
                    + ": the stored value lacks a key field: " + e.getMessage(), e);
        }
        if (!Arrays.equals(own, key)) {
            throw new CorruptDataException(mapping.entityName() + " " + Tuples.toString(key)
                    + ": the stored value holds the key fields of " + Tuples.toString(own));
        }
    }
}
