package io.kvmapper.runtime;

import io.kvmapper.tuple.TupleWriter;

/**
 * A top-level field of an attribute-per-key entity, as the generated partial updates name it.
 *
 * @param name the stored field name
 * @param path the encoded path element under the record key
 * @param readsEntity whether a change of the field must read the whole entity first: when an index or
 *     counter covers it, or the entity has a {@code @Version} field, so that they follow
 * @param scalarElements whether the field's elements (or map values) are scalars, each one item with
 *     nothing below it
 */
public record AttributeField(String name, byte[] path, boolean readsEntity, boolean scalarElements) {
    /** The field stored as {@code storedName}. */
    public static AttributeField of(String storedName, boolean readsEntity, boolean scalarElements) {
        return new AttributeField(storedName, new TupleWriter(storedName.length() + 2).writeString(storedName)
                .toByteArray(), readsEntity, scalarElements);
    }
}
