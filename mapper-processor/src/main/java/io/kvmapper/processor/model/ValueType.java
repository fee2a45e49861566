package io.kvmapper.processor.model;

import com.palantir.javapoet.TypeName;
import java.util.List;

/**
 * The stored shape of a field's type: a scalar, a collection, a map, an embedded value object, an
 * {@code Optional} of a scalar, embedded object or databind value, or (JSON codec, monolithic layout,
 * with Jackson databind on the class path) one opaque value that Jackson databind writes.
 */
public sealed interface ValueType {
    /** The Java type. */
    TypeName typeName();

    /** The result of {@code visitor}'s method for this kind. */
    <R> R accept(Visitor<R> visitor);

    /** The value types this one holds directly: a collection's element, a map's key and value, an Optional's value. */
    List<ValueType> components();

    /** Whether this is a primitive scalar, which is never null. */
    default boolean isPrimitive() {
        return this instanceof Scalar scalar && scalar.primitive();
    }

    /**
     * Code that does something different for each kind of value type. Every kind has its method, so adding a
     * kind fails to compile until every visitor handles it.
     *
     * @param <R> what the visitor returns
     */
    interface Visitor<R> {
        /** Visits a scalar. */
        R scalar(Scalar scalar);

        /** Visits a list or set. */
        R collection(CollectionOf collection);

        /** Visits a map. */
        R map(MapOf map);

        /** Visits an embedded value object. */
        R embedded(Embedded embedded);

        /** Visits an {@code Optional}. */
        R optional(OptionalOf optional);

        /** Visits a value written by Jackson databind. */
        R databind(Databind databind);
    }

    /** A scalar; {@code primitive} when it can never be null. */
    record Scalar(ScalarKind kind, TypeName typeName, boolean primitive) implements ValueType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.scalar(this);
        }

        @Override
        public List<ValueType> components() {
            return List.of();
        }
    }

    /** A {@code List}, {@code Set} or {@code Collection} of elements. */
    record CollectionOf(CollectionKind kind, ValueType element, TypeName typeName) implements ValueType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.collection(this);
        }

        @Override
        public List<ValueType> components() {
            return List.of(element);
        }
    }

    /** A {@code Map} with scalar keys. */
    record MapOf(Scalar key, ValueType value, TypeName typeName) implements ValueType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.map(this);
        }

        @Override
        public List<ValueType> components() {
            return List.of(key, value);
        }
    }

    /** An embedded value object; its fields are the object's properties, not components. */
    record Embedded(ValueObject object) implements ValueType {
        @Override
        public TypeName typeName() {
            return object.typeName();
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.embedded(this);
        }

        @Override
        public List<ValueType> components() {
            return List.of();
        }
    }

    /**
     * An {@code Optional} field holding a scalar, an embedded object or a databind value; empty is stored
     * as absent.
     */
    record OptionalOf(ValueType value, TypeName typeName) implements ValueType {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.optional(this);
        }

        @Override
        public List<ValueType> components() {
            return List.of(value);
        }
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
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.databind(this);
        }

        @Override
        public List<ValueType> components() {
            return List.of();
        }
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
