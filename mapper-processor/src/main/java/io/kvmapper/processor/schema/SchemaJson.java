package io.kvmapper.processor.schema;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Layout;
import io.kvmapper.processor.schema.SchemaDocument.Component;
import io.kvmapper.processor.schema.SchemaDocument.FieldEntry;
import io.kvmapper.processor.schema.SchemaDocument.KeyComponent;
import io.kvmapper.processor.schema.SchemaDocument.TypeFields;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Writes a {@link SchemaDocument} as the text of a schema file and reads it back. The text is JSON laid
 * out for diffs: one member per line, and each key component, field, index and counter on a line of its
 * own, so that a change of one field changes one line.
 */
public final class SchemaJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    private SchemaJson() {
    }

    /** The text of {@code document}, ending with a newline. */
    public static String write(SchemaDocument document) {
        StringBuilder out = new StringBuilder("{\n");
        out.append("  \"format\": ").append(SchemaDocument.FORMAT).append(",\n");
        out.append("  \"class\": ").append(quote(document.entityClass())).append(",\n");
        out.append("  \"entity\": ").append(quote(document.storedName())).append(",\n");
        out.append("  \"version\": ").append(document.version()).append(",\n");
        out.append("  \"layout\": ").append(quote(document.layout().name())).append(",\n");
        out.append("  \"codec\": ").append(quote(document.codec().name())).append(",\n");
        lines(out, "  ", "key", document.key(), k -> "{\"field\": " + quote(k.field()) + ", \"type\": " + quote(k.type())
                + ", \"partition\": " + k.partition() + ", \"descending\": " + k.descending() + "}");
        out.append(",\n");
        fields(out, "  ", document.fields());
        out.append(",\n");
        if (document.embedded().isEmpty()) {
            out.append("  \"embedded\": {}");
        } else {
            out.append("  \"embedded\": {\n");
            int i = 0;
            for (Map.Entry<String, TypeFields> type : document.embedded().entrySet()) {
                out.append("    ").append(quote(type.getKey())).append(": {\n");
                fields(out, "      ", type.getValue());
                out.append("\n    }").append(++i < document.embedded().size() ? ",\n" : "\n");
            }
            out.append("  }");
        }
        out.append(",\n");
        lines(out, "  ", "indexes", document.indexes(), SchemaJson::component);
        out.append(",\n");
        lines(out, "  ", "counters", document.counters(), SchemaJson::component);
        return out.append("\n}\n").toString();
    }

    private static void fields(StringBuilder out, String indent, TypeFields fields) {
        lines(out, indent, "fields", fields.current(), f -> "{\"name\": " + quote(f.name()) + ", \"java\": "
                + quote(f.javaName()) + ", \"type\": " + quote(f.type()) + ", \"number\": " + f.number() + "}");
        out.append(",\n");
        lines(out, indent, "removed", fields.removed(), f -> "{\"name\": " + quote(f.name()) + ", \"type\": "
                + quote(f.type()) + ", \"number\": " + f.number() + "}");
    }

    private static String component(Component component) {
        return "{\"name\": " + quote(component.name()) + ", \"signature\": " + quote(component.signature()) + "}";
    }

    private static <T> void lines(StringBuilder out, String indent, String name, List<T> items,
            Function<T, String> line) {
        out.append(indent).append(quote(name)).append(": [");
        if (items.isEmpty()) {
            out.append("]");
            return;
        }
        out.append("\n");
        for (int i = 0; i < items.size(); i++) {
            out.append(indent).append("  ").append(line.apply(items.get(i))).append(i < items.size() - 1 ? ",\n" : "\n");
        }
        out.append(indent).append("]");
    }

    private static String quote(String text) {
        StringBuilder quoted = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                quoted.append('\\').append(c);
            } else if (c < 0x20) {
                quoted.append(String.format("\\u%04x", (int) c));
            } else {
                quoted.append(c);
            }
        }
        return quoted.append('"').toString();
    }

    /**
     * Reads the text of a schema file.
     *
     * @throws IllegalArgumentException saying what is wrong if the text is not a schema file of this format
     */
    public static SchemaDocument read(String text) {
        Object root;
        try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), text)) {
            parser.nextToken();
            root = value(parser);
            if (parser.nextToken() != null) {
                throw new IllegalArgumentException("text follows the JSON object");
            }
        } catch (JacksonException e) {
            throw new IllegalArgumentException("it is not valid JSON: " + e.getOriginalMessage(), e);
        }
        Node document = Node.of(root, "the file");
        int format = document.integer("format");
        if (format != SchemaDocument.FORMAT) {
            throw new IllegalArgumentException("it has format " + format + ", and this processor reads format "
                    + SchemaDocument.FORMAT);
        }
        List<KeyComponent> key = new ArrayList<>();
        for (Node component : document.list("key")) {
            key.add(new KeyComponent(component.string("field"), component.string("type"),
                    component.bool("partition"), component.bool("descending")));
        }
        Map<String, TypeFields> embedded = new TreeMap<>();
        for (Map.Entry<String, Node> type : document.object("embedded").entrySet()) {
            embedded.put(type.getKey(), fields(type.getValue()));
        }
        return new SchemaDocument(document.string("class"), document.string("entity"), document.integer("version"),
                document.constant("layout", Layout.class), document.constant("codec", Codec.class), List.copyOf(key),
                fields(document), embedded, components(document.list("indexes")),
                components(document.list("counters")));
    }

    private static TypeFields fields(Node owner) {
        List<FieldEntry> current = new ArrayList<>();
        for (Node field : owner.list("fields")) {
            current.add(new FieldEntry(field.string("name"), field.string("java"), field.string("type"),
                    field.integer("number")));
        }
        List<FieldEntry> removed = new ArrayList<>();
        for (Node field : owner.list("removed")) {
            removed.add(new FieldEntry(field.string("name"), null, field.string("type"), field.integer("number")));
        }
        return new TypeFields(List.copyOf(current), List.copyOf(removed));
    }

    private static List<Component> components(List<Node> nodes) {
        List<Component> components = new ArrayList<>();
        for (Node node : nodes) {
            components.add(new Component(node.string("name"), node.string("signature")));
        }
        return List.copyOf(components);
    }

    /** Reads the JSON value the parser stands on: a map, list, string, long, boolean or null. */
    private static Object value(JsonParser parser) {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.START_OBJECT) {
            Map<String, Object> object = new LinkedHashMap<>();
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = parser.currentName();
                parser.nextToken();
                object.put(name, value(parser));
            }
            return object;
        }
        if (token == JsonToken.START_ARRAY) {
            List<Object> array = new ArrayList<>();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                array.add(value(parser));
            }
            return array;
        }
        if (token == JsonToken.VALUE_STRING) {
            return parser.getString();
        }
        if (token == JsonToken.VALUE_NUMBER_INT) {
            return parser.getLongValue();
        }
        if (token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE) {
            return token == JsonToken.VALUE_TRUE;
        }
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        throw new IllegalArgumentException("unexpected " + token);
    }

    /** A JSON object of the file, with typed reads that say which member is missing or wrong. */
    private record Node(Map<?, ?> members, String where) {
        static Node of(Object value, String where) {
            if (!(value instanceof Map<?, ?> map)) {
                throw new IllegalArgumentException(where + " is not a JSON object");
            }
            return new Node(map, where);
        }

        private Object member(String name, Class<?> type, String what) {
            Object value = members.get(name);
            if (!type.isInstance(value)) {
                throw new IllegalArgumentException(where + " has no " + what + " \"" + name + "\"");
            }
            return value;
        }

        String string(String name) {
            return (String) member(name, String.class, "string");
        }

        int integer(String name) {
            long value = (Long) member(name, Long.class, "integer");
            if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(where + " has \"" + name + "\" " + value + ", out of range");
            }
            return (int) value;
        }

        boolean bool(String name) {
            return (Boolean) member(name, Boolean.class, "boolean");
        }

        <E extends Enum<E>> E constant(String name, Class<E> type) {
            String value = string(name);
            try {
                return Enum.valueOf(type, value);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + " has \"" + name + "\" \"" + value + "\", not a "
                        + type.getSimpleName());
            }
        }

        List<Node> list(String name) {
            List<Node> nodes = new ArrayList<>();
            List<?> items = (List<?>) member(name, List.class, "array");
            for (int i = 0; i < items.size(); i++) {
                nodes.add(Node.of(items.get(i), "\"" + name + "\"[" + i + "] of " + where));
            }
            return nodes;
        }

        Map<String, Node> object(String name) {
            Map<String, Node> nodes = new LinkedHashMap<>();
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) member(name, Map.class, "object")).entrySet()) {
                nodes.put((String) entry.getKey(), Node.of(entry.getValue(), "\"" + entry.getKey() + "\" of " + where));
            }
            return nodes;
        }
    }
}
