package io.kvmapper.schema;

import io.kvmapper.schema.StoredSchema.Field;
import io.kvmapper.schema.StoredSchema.Fields;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Which schema a store's data can be read with. The code's schema may differ from the one a store
 * recorded by fields added, removed or renamed in Java (stored names stay), integer types widened
 * ({@code byte} to {@code short} to {@code int} to {@code long}, likewise their boxes, also inside
 * collections, maps and {@code Optional}), and indexes and counters (which the registry builds and
 * drops). Anything else is a difference the data does not survive: the layout, the codec, the key, a
 * field's type, and in Protobuf values a field's number, or a number that another stored field has or
 * had. The same rules as the processor's check of schema files, applied to what a store has seen.
 */
final class SchemaCompatibility {
    private static final List<String> PRIMITIVE_INTEGERS = List.of("byte", "short", "int", "long");
    private static final List<String> BOXED_INTEGERS = List.of("Byte", "Short", "Integer", "Long");

    private SchemaCompatibility() {
    }

    /** What differs between {@code stored} and {@code code} in ways the stored data does not survive. */
    static List<String> differences(StoredSchema stored, StoredSchema code) {
        List<String> differences = new ArrayList<>();
        if (!stored.layout().equals(code.layout())) {
            differences.add("the store holds records in the " + stored.layout() + " layout, and the code reads the "
                    + code.layout() + " layout");
        }
        if (!stored.codec().equals(code.codec())) {
            differences.add("the store holds " + stored.codec() + " values, and the code reads " + code.codec());
        }
        if (stored.key().size() != code.key().size()) {
            differences.add("the key has " + stored.key().size() + " component(s) in the store ("
                    + describe(stored.key()) + ") and " + code.key().size() + " in the code ("
                    + describe(code.key()) + ")");
        } else {
            for (int i = 0; i < code.key().size(); i++) {
                if (!stored.key().get(i).equals(code.key().get(i))) {
                    differences.add("key component " + (i + 1) + " is " + stored.key().get(i).describe()
                            + " in the store and " + code.key().get(i).describe() + " in the code");
                }
            }
        }
        boolean protobuf = code.codec().equals("PROTOBUF");
        Set<String> keyFields = code.key().stream().map(StoredSchema.KeyComponent::field).collect(Collectors.toSet());
        compare("", stored.fields(), code.fields(), keyFields, protobuf, differences);
        for (Map.Entry<String, Fields> type : code.embedded().entrySet()) {
            Fields recorded = stored.embedded().get(type.getKey());
            if (recorded != null) {
                compare(type.getKey() + ".", recorded, type.getValue(), Set.of(), protobuf, differences);
            }
        }
        return differences;
    }

    private static void compare(String owner, Fields stored, Fields code, Set<String> skipped, boolean protobuf,
            List<String> differences) {
        for (Field field : code.current()) {
            if (skipped.contains(field.name())) {
                continue;
            }
            Optional<Field> before = stored.find(field.name());
            String was = before.isPresent() && stored.removed().contains(before.get()) ? "was stored" : "is stored";
            if (before.isPresent() && !readableAs(before.get().type(), field.type())) {
                differences.add("field \"" + owner + field.name() + "\" " + was + " as " + before.get().type()
                        + ", and the code reads it as " + field.type());
            }
            if (!protobuf) {
                continue;
            }
            if (before.isPresent() && before.get().number() != field.number()) {
                differences.add("field \"" + owner + field.name() + "\" has number " + before.get().number()
                        + " in the store and " + field.number() + " in the code");
                continue;
            }
            Optional<Field> holder = stored.holderOf(field.number());
            if (holder.isPresent() && !holder.get().name().equals(field.name())) {
                differences.add("number " + field.number() + " is field \"" + owner + holder.get().name()
                        + "\" in the store and field \"" + owner + field.name() + "\" in the code");
            }
        }
    }

    /**
     * The schema to record after {@code code} was accepted on a store that recorded {@code stored}: the
     * code's, remembering as removed every field the store has seen that the code lacks, and every
     * embedded type the code no longer has, so that no later code can reuse their names or numbers.
     */
    static StoredSchema merge(StoredSchema stored, StoredSchema code) {
        Map<String, Fields> embedded = new TreeMap<>(stored.embedded());
        for (Map.Entry<String, Fields> type : code.embedded().entrySet()) {
            Fields recorded = stored.embedded().get(type.getKey());
            embedded.put(type.getKey(), recorded == null ? type.getValue() : merge(recorded, type.getValue()));
        }
        return new StoredSchema(code.entityClass(), code.entity(), code.version(), code.layout(), code.codec(),
                code.key(), merge(stored.fields(), code.fields()), Collections.unmodifiableMap(embedded),
                code.indexes(), code.counters());
    }

    private static Fields merge(Fields stored, Fields code) {
        Set<String> names = new HashSet<>();
        code.current().forEach(f -> names.add(f.name()));
        List<Field> removed = new ArrayList<>(code.removed());
        code.removed().forEach(f -> names.add(f.name()));
        for (Field field : stored.removed()) {
            if (names.add(field.name())) {
                removed.add(field);
            }
        }
        for (Field field : stored.current()) {
            if (names.add(field.name())) {
                removed.add(new Field(field.name(), null, field.type(), field.number()));
            }
        }
        return new Fields(code.current(), List.copyOf(removed));
    }

    /** Whether values stored as {@code stored} read correctly as {@code current}: equal, or an integer widened. */
    static boolean readableAs(String stored, String current) {
        if (stored.equals(current)) {
            return true;
        }
        int open = stored.indexOf('<');
        int currentOpen = current.indexOf('<');
        if (open < 0 || currentOpen < 0) {
            return open < 0 && currentOpen < 0 && (widens(stored, current, PRIMITIVE_INTEGERS)
                    || widens(stored, current, BOXED_INTEGERS));
        }
        List<String> from = arguments(stored, open);
        List<String> to = arguments(current, currentOpen);
        if (!stored.substring(0, open).equals(current.substring(0, currentOpen)) || from.size() != to.size()) {
            return false;
        }
        for (int i = 0; i < from.size(); i++) {
            if (!readableAs(from.get(i), to.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean widens(String from, String to, List<String> order) {
        int a = order.indexOf(from);
        int b = order.indexOf(to);
        return a >= 0 && b >= 0 && a <= b;
    }

    /** The type arguments of {@code type}, whose {@code <} is at {@code open}. */
    private static List<String> arguments(String type, int open) {
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
        return arguments;
    }

    private static String describe(List<StoredSchema.KeyComponent> key) {
        return key.stream().map(StoredSchema.KeyComponent::describe).collect(Collectors.joining("; "));
    }
}
