package io.kvmapper.internal.codec;

import io.kvmapper.internal.tuple.TupleWriter;

/**
 * A top-level field of an attribute-per-key entity, as the generated partial updates name it.
 *
 * @param name the field's name in messages: the Java property name, as the monolithic layout names it
 * @param path the encoded path element under the record key: the stored name
 * @param readsEntity whether a change of the field must read the whole entity first: when an index or
 *     counter covers it, or the entity has a {@code @Version} field, so that they follow
 * @param scalarElements whether the field's elements (or map values) are scalars, each one item with
 *     nothing below it
 */
public record AttributeField(String name, byte[] path, boolean readsEntity, boolean scalarElements) {
    /** The field {@code name}, stored as {@code storedName}. */
    public static AttributeField of(String name, String storedName, boolean readsEntity, boolean scalarElements) {
        return new AttributeField(name, new TupleWriter(storedName.length() + 2).writeString(storedName)
                .toByteArray(), readsEntity, scalarElements);
    }
}
