package io.kvmapper.schema.document;

import io.kvmapper.schema.document.SchemaDocument.Component;
import io.kvmapper.schema.document.SchemaDocument.FieldEntry;
import io.kvmapper.schema.document.SchemaDocument.KeyComponent;
import io.kvmapper.schema.document.SchemaDocument.TypeFields;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/**
 * The two JSON forms of a {@link SchemaDocument}, and reading either back. The file form ({@link #write}) is
 * the text of a schema file and of a generated mapping's schema: JSON laid out for diffs, one member per
 * line, and each key component, field, index and counter on a line of its own, so that a change of one field
 * changes one line. The compact form ({@link #writeCompact}) is what a store records.
 */
public final class SchemaJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    private SchemaJson() {
    }

    /** The file form of {@code document}, ending with a newline. */
    public static String write(SchemaDocument document) {
        StringBuilder out = new StringBuilder("{\n");
        out.append("  \"format\": ").append(SchemaDocument.FORMAT).append(",\n");
        out.append("  \"class\": ").append(quote(document.entityClass())).append(",\n");
        out.append("  \"entity\": ").append(quote(document.storedName())).append(",\n");
        out.append("  \"version\": ").append(document.version()).append(",\n");
        out.append("  \"layout\": ").append(quote(document.layout())).append(",\n");
        out.append("  \"codec\": ").append(quote(document.codec())).append(",\n");
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

    /** The compact form of {@code document}: the same members, on one line. */
    public static String writeCompact(SchemaDocument document) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = FACTORY.createGenerator(ObjectWriteContext.empty(), out)) {
            json.writeStartObject();
            json.writeNumberProperty("format", SchemaDocument.FORMAT);
            json.writeStringProperty("class", document.entityClass());
            json.writeStringProperty("entity", document.storedName());
            json.writeNumberProperty("version", document.version());
            json.writeStringProperty("layout", document.layout());
            json.writeStringProperty("codec", document.codec());
            json.writeArrayPropertyStart("key");
            for (KeyComponent component : document.key()) {
                json.writeStartObject();
                json.writeStringProperty("field", component.field());
                json.writeStringProperty("type", component.type());
                json.writeBooleanProperty("partition", component.partition());
                json.writeBooleanProperty("descending", component.descending());
                json.writeEndObject();
            }
            json.writeEndArray();
            writeFields(json, document.fields());
            json.writeObjectPropertyStart("embedded");
            for (Map.Entry<String, TypeFields> type : document.embedded().entrySet()) {
                json.writeObjectPropertyStart(type.getKey());
                writeFields(json, type.getValue());
                json.writeEndObject();
            }
            json.writeEndObject();
            writeComponents(json, "indexes", document.indexes());
            writeComponents(json, "counters", document.counters());
            json.writeEndObject();
        }
        return out.toString();
    }

    private static void writeFields(JsonGenerator json, TypeFields fields) {
        json.writeArrayPropertyStart("fields");
        for (FieldEntry field : fields.current()) {
            json.writeStartObject();
            json.writeStringProperty("name", field.name());
            json.writeStringProperty("java", field.javaName());
            json.writeStringProperty("type", field.type());
            json.writeNumberProperty("number", field.number());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeArrayPropertyStart("removed");
        for (FieldEntry field : fields.removed()) {
            json.writeStartObject();
            json.writeStringProperty("name", field.name());
            json.writeStringProperty("type", field.type());
            json.writeNumberProperty("number", field.number());
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    private static void writeComponents(JsonGenerator json, String name, List<Component> components) {
        json.writeArrayPropertyStart(name);
        for (Component component : components) {
            json.writeStartObject();
            json.writeStringProperty("name", component.name());
            json.writeStringProperty("signature", component.signature());
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    /**
     * Reads a document in either form.
     *
     * @param text the JSON text
     * @param document what to call the document in a message: {@code "the file"}, {@code "the schema"}
     * @throws IllegalArgumentException saying what is wrong, and where, if {@code text} is not a schema document
     *     of this format
     */
    public static SchemaDocument read(String text, String document) {
        Object root;
        try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), text)) {
            parser.nextToken();
            root = value(parser);
            if (parser.nextToken() != null) {
                throw new IllegalArgumentException("text follows the JSON object");
            }
        } catch (JacksonException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage(), e);
        }
        Node node = Node.of(root, document);
        int format = node.integer("format");
        if (format != SchemaDocument.FORMAT) {
            throw new IllegalArgumentException(document + " has format " + format + ", and this version of KV Mapper "
                    + "reads format " + SchemaDocument.FORMAT);
        }
        List<KeyComponent> key = new ArrayList<>();
        for (Node component : node.list("key")) {
            key.add(new KeyComponent(component.string("field"), component.string("type"),
                    component.bool("partition"), component.bool("descending")));
        }
        Map<String, TypeFields> embedded = new TreeMap<>();
        for (Map.Entry<String, Node> type : node.object("embedded").entrySet()) {
            embedded.put(type.getKey(), fields(type.getValue()));
        }
        return new SchemaDocument(node.string("class"), node.string("entity"), node.integer("version"),
                node.oneOf("layout", SchemaDocument.LAYOUTS), node.oneOf("codec", SchemaDocument.CODECS), key,
                fields(node), embedded, components(node.list("indexes")), components(node.list("counters")));
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
        return new TypeFields(current, removed);
    }

    private static List<Component> components(List<Node> nodes) {
        List<Component> components = new ArrayList<>();
        for (Node node : nodes) {
            components.add(new Component(node.string("name"), node.string("signature")));
        }
        return components;
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

    /** A JSON object of the document, with typed reads that say which member is missing or wrong. */
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

        String oneOf(String name, List<String> allowed) {
            String value = string(name);
            if (!allowed.contains(value)) {
                throw new IllegalArgumentException(where + " has \"" + name + "\" \"" + value + "\", not one of "
                        + String.join(", ", allowed));
            }
            return value;
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
