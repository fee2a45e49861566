package io.kvmapper.processor.model;

import com.palantir.javapoet.TypeName;

/**
 * The stored shape of a field's type: a scalar, a collection, a map, an embedded value object, an
 * {@code Optional} of a scalar, embedded object or databind value, or (JSON codec, monolithic layout,
 * with Jackson databind on the class path) one opaque value that Jackson databind writes.
 */
public sealed interface ValueType {
    /** The Java type. */
    TypeName typeName();

    /** A scalar; {@code primitive} when it can never be null. */
    record Scalar(ScalarKind kind, TypeName typeName, boolean primitive) implements ValueType {
    }

    /** A {@code List}, {@code Set} or {@code Collection} of elements. */
    record CollectionOf(CollectionKind kind, ValueType element, TypeName typeName) implements ValueType {
    }

    /** A {@code Map} with scalar keys. */
    record MapOf(Scalar key, ValueType value, TypeName typeName) implements ValueType {
    }

    /** An embedded value object. */
    record Embedded(ValueObject object) implements ValueType {
        @Override
        public TypeName typeName() {
            return object.typeName();
        }
    }

    /**
     * An {@code Optional} field holding a scalar, an embedded object or a databind value; empty is stored
     * as absent.
     */
    record OptionalOf(ValueType value, TypeName typeName) implements ValueType {
    }

    /**
     * A value of a type KV Mapper generates no code for, written and read whole by Jackson databind
     * (reflection) inside the entity's JSON object: {@code URI}, a record not marked {@code @Embedded},
     * or a collection, map or array holding one ({@code List<URI>} is one databind value, not a list of
     * them). Only the JSON codec of the monolithic layout has it; it cannot be a key, indexed, counted
     * or changed element by element.
     *
     * @param typeName the declared Java type, every part of it a concrete type
     */
    record Databind(TypeName typeName) implements ValueType {
    }

    /** The kinds of collection, each read back into the implementation named. */
    enum CollectionKind {
        LIST("readList"),
        SET("readSet");

        private final String jsonReader;

        CollectionKind(String jsonReader) {
            this.jsonReader = jsonReader;
        }

        /** The {@code Json} method that reads this collection. */
        public String jsonReader() {
            return jsonReader;
        }
    }
}
