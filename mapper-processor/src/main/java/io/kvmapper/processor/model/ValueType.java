package io.kvmapper.processor.model;

import com.palantir.javapoet.TypeName;

/**
 * The stored shape of a field's type: a scalar, a collection, a map, an embedded value object, or an
 * {@code Optional} of a scalar or embedded object.
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

    /** An {@code Optional} field holding a scalar or an embedded object; empty is stored as absent. */
    record OptionalOf(ValueType value, TypeName typeName) implements ValueType {
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
