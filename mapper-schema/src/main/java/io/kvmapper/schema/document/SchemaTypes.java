package io.kvmapper.schema.document;

import java.util.ArrayList;
import java.util.List;

/**
 * Which changes of a stored field's type stored values survive. Types are written as a schema document
 * writes them: {@code long}, {@code Integer}, {@code List<String>}, {@code Map<String, embedded
 * com.example.Address>}, {@code enum com.example.Status}, {@code Optional<Instant>},
 * {@code databind java.util.List<java.net.URI>}.
 *
 * <p>The one change allowed is widening an integer: {@code byte} to {@code short} to {@code int} to
 * {@code long}, or the same among their boxes, also as the element, key or value of a collection, map or
 * {@code Optional}. It is safe in every codec and layout: JSON writes integers as numbers; Protobuf writes
 * {@code sint32} and {@code sint64} as the same zigzag varint for every value an {@code int} holds; the
 * tuple encoding of attribute-per-key items and index entries writes every integer type alike. Nothing
 * else converts: a primitive and its box differ in Protobuf (an unset primitive reads zero, an unset box
 * null), {@code float} and {@code double} have different wire types, and every other type has an
 * encoding of its own. A databind value is opaque: its type is written whole, with qualified names, and
 * any change of it is a change of type (also from or to an embedded object of the same class, whose JSON
 * may differ from what databind writes).
 */
public final class SchemaTypes {
    private static final List<String> PRIMITIVE_INTEGERS = List.of("byte", "short", "int", "long");
    private static final List<String> BOXED_INTEGERS = List.of("Byte", "Short", "Integer", "Long");

    private SchemaTypes() {
    }

    /**
     * Whether values stored as {@code stored} read correctly as {@code current}: the same type, or an
     * integer widened (see the class comment).
     */
    public static boolean readableAs(String stored, String current) {
        if (stored.equals(current)) {
            return true;
        }
        Parsed from = Parsed.of(stored);
        Parsed to = Parsed.of(current);
        if (from.arguments().isEmpty() || to.arguments().isEmpty()) {
            return widens(from.head(), to.head(), PRIMITIVE_INTEGERS) || widens(from.head(), to.head(), BOXED_INTEGERS);
        }
        if (!from.head().equals(to.head()) || from.arguments().size() != to.arguments().size()) {
            return false;
        }
        for (int i = 0; i < from.arguments().size(); i++) {
            if (!readableAs(from.arguments().get(i), to.arguments().get(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether two index or counter signatures describe the same entries: equal, or equal but for integer
     * kinds, which the tuple encoding writes alike (so widening an indexed field keeps its entries).
     */
    public static boolean sameEntries(String storedSignature, String currentSignature) {
        return normalize(storedSignature).equals(normalize(currentSignature));
    }

    private static String normalize(String signature) {
        return signature.replaceAll(":(BYTE|SHORT|INT|LONG)\\b", ":INTEGER");
    }

    private static boolean widens(String from, String to, List<String> order) {
        int a = order.indexOf(from);
        int b = order.indexOf(to);
        return a >= 0 && b >= 0 && a <= b;
    }

    /** A type split into its head ({@code Map}) and its type arguments. */
    private record Parsed(String head, List<String> arguments) {
        static Parsed of(String type) {
            int open = type.indexOf('<');
            if (open < 0 || !type.endsWith(">")) {
                return new Parsed(type, List.of());
            }
            List<String> arguments = new ArrayList<>();
            int depth = 0;
            int start = open + 1;
            for (int i = start; i < type.length() - 1; i++) {
                char c = type.charAt(i);
                if (c == '<') {
                    depth++;
                } else if (c == '>') {
                    depth--;
                } else if (c == ',' && depth == 0) {
                    arguments.add(type.substring(start, i).trim());
                    start = i + 1;
                }
            }
            arguments.add(type.substring(start, type.length() - 1).trim());
            return new Parsed(type.substring(0, open), List.copyOf(arguments));
        }
    }
}
