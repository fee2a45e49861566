package io.kvmapper.internal.schemaless;

import java.util.ArrayList;
import java.util.List;

/**
 * The stored shape of a field, parsed from the type a schema document records for it ({@code long},
 * {@code List<String>}, {@code Map<String, embedded com.example.Address>}, {@code Optional<Instant>},
 * {@code databind java.util.List<java.net.URI>}; see {@code docs/schema-evolution.md}): what the processor's
 * {@code ValueType} is at compile time.
 */
public sealed interface FieldType {
    /**
     * A scalar.
     *
     * @param kind its kind
     * @param primitive whether it is a Java primitive, which is never null and reads as zero when absent
     * @param enumType the enum's qualified name, for {@link ScalarKind#ENUM}; else null
     */
    record Scalar(ScalarKind kind, boolean primitive, String enumType) implements FieldType {
    }

    /**
     * An embedded object.
     *
     * @param typeName the qualified name of its class, under which the schema document lists its fields
     */
    record Embedded(String typeName) implements FieldType {
    }

    /**
     * A {@code List} or {@code Set}.
     *
     * @param set whether it is a set (read back in insertion order)
     * @param element the element type
     */
    record CollectionOf(boolean set, FieldType element) implements FieldType {
    }

    /**
     * A {@code Map}.
     *
     * @param key the key type, a scalar
     * @param value the value type
     */
    record MapOf(Scalar key, FieldType value) implements FieldType {
    }

    /**
     * An {@code Optional} of a scalar, embedded object or databind value; empty is held as null.
     *
     * @param value the type of the value
     */
    record OptionalOf(FieldType value) implements FieldType {
    }

    /**
     * A value that Jackson databind writes, opaque to KV Mapper: held as its JSON text ({@link RawJson}).
     *
     * @param javaType the declared Java type, as the schema records it
     */
    record Databind(String javaType) implements FieldType {
    }

    /**
     * Parses a type as a schema document writes it.
     *
     * @throws IllegalArgumentException if {@code type} is none
     */
    static FieldType parse(String type) {
        String text = type.trim();
        Scalar scalar = ScalarKind.ofType(text);
        if (scalar != null) {
            return scalar;
        }
        if (text.startsWith("embedded ")) {
            return new Embedded(text.substring("embedded ".length()).trim());
        }
        if (text.startsWith("databind ")) {
            return new Databind(text.substring("databind ".length()).trim());
        }
        int open = text.indexOf('<');
        if (open < 0 || !text.endsWith(">")) {
            throw new IllegalArgumentException("unknown type \"" + type + "\"");
        }
        String head = text.substring(0, open);
        List<String> arguments = arguments(text.substring(open + 1, text.length() - 1));
        switch (head) {
            case "List", "Set" -> {
                expect(type, arguments, 1);
                return new CollectionOf(head.equals("Set"), parse(arguments.get(0)));
            }
            case "Optional" -> {
                expect(type, arguments, 1);
                return new OptionalOf(parse(arguments.get(0)));
            }
            case "Map" -> {
                expect(type, arguments, 2);
                if (!(parse(arguments.get(0)) instanceof Scalar key)) {
                    throw new IllegalArgumentException("the map type \"" + type + "\" has keys that are no scalars");
                }
                return new MapOf(key, parse(arguments.get(1)));
            }
            default -> throw new IllegalArgumentException("unknown type \"" + type + "\"");
        }
    }

    private static void expect(String type, List<String> arguments, int count) {
        if (arguments.size() != count) {
            throw new IllegalArgumentException("the type \"" + type + "\" needs " + count + " type argument(s)");
        }
    }

    /** The type arguments in {@code text}, split at the commas outside angle brackets. */
    private static List<String> arguments(String text) {
        List<String> arguments = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '<') {
                depth++;
            } else if (c == '>') {
                depth--;
            } else if (c == ',' && depth == 0) {
                arguments.add(text.substring(start, i).trim());
                start = i + 1;
            }
        }
        arguments.add(text.substring(start).trim());
        return arguments;
    }
}
