package io.kvmapper.internal.mapping;

import java.util.List;
import java.util.Objects;

/**
 * One secondary index of an entity, as the processor describes it.
 *
 * @param name the index name, unique within the entity
 * @param unique whether two entities may not share a value
 * @param arity how many tuple elements one index value has (1, or the number of fields of a composite)
 * @param signature a canonical description of what the index holds; an index whose signature changes is
 *     rebuilt
 * @param values computes an entity's index values
 * @param <E> the entity type
 */
public record IndexDefinition<E>(String name, boolean unique, int arity, String signature, IndexValues<E> values) {

    /** Checks the definition. */
    public IndexDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(signature, "signature");
        Objects.requireNonNull(values, "values");
        if (arity < 1) {
            throw new IllegalArgumentException("index " + name + ": arity must be at least 1");
        }
    }

    /** Computes the index values of one entity. */
    @FunctionalInterface
    public interface IndexValues<E> {
        /**
         * Adds the encoded value tuples of {@code entity} to {@code out}: one for a scalar field, one per
         * element of a collection field. A unique index adds none for a value holding a null.
         */
        void collect(E entity, List<byte[]> out);
    }
}
