package io.kvmapper.schema.document;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * An entity's schema document: what its schema file records, what its generated mapping hands to the
 * runtime, and what a store records for it. The processor compares an entity with its schema file, and the
 * runtime compares the code with the schema a store recorded, both with {@link SchemaCompatibility}. See
 * {@code docs/schema-evolution.md} for the format, and {@link SchemaJson} for its two JSON forms.
 *
 * @param entityClass the qualified name of the entity class
 * @param storedName the entity name in the store
 * @param version the schema version: 1, then one more each time the document changes
 * @param layout how records are stored: one of {@link #LAYOUTS}
 * @param codec the value codec: one of {@link #CODECS}
 * @param key the key components, in key order
 * @param fields the entity's own stored fields, current and removed
 * @param embedded the stored fields of each embedded type, by qualified name, in name order; a type no
 *     longer embedded stays, so that its numbers and removed fields are remembered if it comes back
 * @param indexes the indexes, by name and signature
 * @param counters the counters, by name and signature
 */
public record SchemaDocument(String entityClass, String storedName, int version, String layout, String codec,
        List<KeyComponent> key, TypeFields fields, Map<String, TypeFields> embedded, List<Component> indexes,
        List<Component> counters) {

    /** The version of the document format, written into every document. */
    public static final int FORMAT = 1;
    /** The layouts a document names: the constants of {@code io.kvmapper.annotation.Layout}. */
    public static final List<String> LAYOUTS = List.of("MONOLITHIC", "ATTRIBUTE_PER_KEY");
    /** The codecs a document names: the constants of {@code io.kvmapper.annotation.Codec}. */
    public static final List<String> CODECS = List.of("JSON", "PROTOBUF");
    /** The codec whose values hold field numbers. */
    public static final String PROTOBUF = "PROTOBUF";

    /** Copies the lists and the map: a document does not change. */
    public SchemaDocument {
        key = List.copyOf(key);
        embedded = Collections.unmodifiableSortedMap(new TreeMap<>(embedded));
        indexes = List.copyOf(indexes);
        counters = List.copyOf(counters);
    }

    /**
     * One primary-key component.
     *
     * @param field the stored name of its field
     * @param type its type, as a schema document writes types ({@code long}, {@code List<String>}, ...)
     * @param partition whether it belongs to the partition
     * @param descending whether it sorts in reverse
     */
    public record KeyComponent(String field, String type, boolean partition, boolean descending) {
        /** A readable description: {@code "id" long, partition, ascending}. */
        public String describe() {
            return "\"" + field + "\" " + type + (partition ? ", partition" : "")
                    + (descending ? ", descending" : ", ascending");
        }

        /** The descriptions of {@code key}'s components, joined by {@code "; "}. */
        public static String describe(List<KeyComponent> key) {
            return key.stream().map(KeyComponent::describe).collect(Collectors.joining("; "));
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

        /** Copies the lists: fields do not change. */
        public TypeFields {
            current = List.copyOf(current);
            removed = List.copyOf(removed);
        }

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

        /**
         * These fields, remembering as removed, after the ones removed here, every field {@code earlier} had
         * or remembered that these lack: first its removed fields, then its current ones.
         */
        TypeFields remembering(TypeFields earlier) {
            Set<String> names = new HashSet<>();
            current.forEach(f -> names.add(f.name()));
            removed.forEach(f -> names.add(f.name()));
            List<FieldEntry> remembered = new ArrayList<>(removed);
            for (FieldEntry field : earlier.removed()) {
                if (names.add(field.name())) {
                    remembered.add(field);
                }
            }
            for (FieldEntry field : earlier.current()) {
                if (names.add(field.name())) {
                    remembered.add(new FieldEntry(field.name(), null, field.type(), field.number()));
                }
            }
            return new TypeFields(current, remembered);
        }
    }

    /**
     * One stored field.
     *
     * @param name the stored name
     * @param javaName the Java name; null for a removed field
     * @param type its type, as a schema document writes types
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

    /**
     * This document, still remembering what {@code earlier} knew and this one lacks: every field of the
     * entity or of an embedded type that {@code earlier} has or remembers, as removed, and every embedded
     * type it knows, so that no later document can give their stored names or numbers to other fields.
     * This is how a schema's history continues, in a schema file from build to build and in a store from
     * one opening to the next.
     */
    public SchemaDocument remembering(SchemaDocument earlier) {
        Map<String, TypeFields> types = new TreeMap<>(earlier.embedded());
        for (Map.Entry<String, TypeFields> type : embedded.entrySet()) {
            TypeFields known = earlier.embedded().get(type.getKey());
            types.put(type.getKey(), known == null ? type.getValue() : type.getValue().remembering(known));
        }
        return new SchemaDocument(entityClass, storedName, version, layout, codec, key,
                fields.remembering(earlier.fields()), types, indexes, counters);
    }
}
