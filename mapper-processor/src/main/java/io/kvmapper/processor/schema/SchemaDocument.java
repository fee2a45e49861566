package io.kvmapper.processor.schema;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Layout;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The content of one entity's schema file: what a later build compares the entity with, and what the
 * generated mapping hands to the runtime to compare with the schema a store recorded. See
 * {@code docs/schema-evolution.md} for the format.
 *
 * @param entityClass the qualified name of the entity class
 * @param storedName the entity name in the store
 * @param version the schema version: 1, then one more each time the file changes
 * @param layout how records are stored
 * @param codec the value codec
 * @param key the key components, in key order
 * @param fields the entity's own stored fields, current and removed
 * @param embedded the stored fields of each embedded type, by qualified name, in name order; a type no
 *     longer embedded stays, so that its numbers and removed fields are remembered if it comes back
 * @param indexes the indexes, by name and signature
 * @param counters the counters, by name and signature
 */
public record SchemaDocument(String entityClass, String storedName, int version, Layout layout, Codec codec,
        List<KeyComponent> key, TypeFields fields, Map<String, TypeFields> embedded, List<Component> indexes,
        List<Component> counters) {

    /** The version of the file format, written into every file. */
    public static final int FORMAT = 1;

    /**
     * One primary-key component.
     *
     * @param field the stored name of its field
     * @param type its type, as {@link SchemaTypes#describe} writes it
     * @param partition whether it belongs to the partition
     * @param descending whether it sorts in reverse
     */
    public record KeyComponent(String field, String type, boolean partition, boolean descending) {
        /** A readable description: {@code "id" long, partition, ascending}. */
        public String describe() {
            return "\"" + field + "\" " + type + (partition ? ", partition" : "")
                    + (descending ? ", descending" : ", ascending");
        }
    }

    /**
     * The stored fields of one record or class.
     *
     * @param current the fields it has, in declaration order
     * @param removed the fields it had once and no longer has: their stored names, types and numbers stay
     *     reserved
     */
    public record TypeFields(List<FieldEntry> current, List<FieldEntry> removed) {
        /** No fields at all. */
        public static final TypeFields NONE = new TypeFields(List.of(), List.of());

        /** The current or removed field stored under {@code storedName}, current first. */
        public Optional<FieldEntry> find(String storedName) {
            return Stream.concat(current.stream(), removed.stream()).filter(f -> f.name().equals(storedName))
                    .findFirst();
        }

        /** The current or removed field that has (or had) {@code number}, current first. */
        public Optional<FieldEntry> holderOf(int number) {
            return Stream.concat(current.stream(), removed.stream()).filter(f -> f.number() == number).findFirst();
        }

        /** Whether {@code field} is one of the removed fields. */
        public boolean isRemoved(FieldEntry field) {
            return removed.contains(field);
        }
    }

    /**
     * One stored field.
     *
     * @param name the stored name
     * @param javaName the Java name; null for a removed field
     * @param type its type, as {@link SchemaTypes#describe} writes it
     * @param number its Protobuf field number
     */
    public record FieldEntry(String name, String javaName, String type, int number) {
    }

    /**
     * An index or counter.
     *
     * @param name its name
     * @param signature its definition, as the runtime's metadata area records it
     */
    public record Component(String name, String signature) {
    }

    /**
     * The recorded fields of the embedded type {@code qualifiedName}; none if unknown. (The entity's own
     * fields are {@link #fields}, whatever its class is called: a file moved along with a renamed class
     * keeps its history.)
     */
    public TypeFields embeddedFields(String qualifiedName) {
        return embedded.getOrDefault(qualifiedName, TypeFields.NONE);
    }

    /** This document with another version. */
    public SchemaDocument withVersion(int newVersion) {
        return new SchemaDocument(entityClass, storedName, newVersion, layout, codec, key, fields, embedded, indexes,
                counters);
    }
}
