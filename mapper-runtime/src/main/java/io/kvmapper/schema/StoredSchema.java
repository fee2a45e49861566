package io.kvmapper.schema;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/**
 * An entity's schema document, the JSON the processor writes into the entity's schema file and into its
 * generated mapping (see {@code docs/schema-evolution.md}): what the runtime compares between the code
 * and the schema a store recorded.
 *
 * @param entityClass the class that wrote it
 * @param entity the stored entity name
 * @param version the schema version
 * @param layout {@code MONOLITHIC} or {@code ATTRIBUTE_PER_KEY}
 * @param codec {@code JSON} or {@code PROTOBUF}
 * @param key the key components in key order
 * @param fields the entity's own fields
 * @param embedded the fields of each embedded type, by qualified class name
 * @param indexes index names and signatures
 * @param counters counter names and signatures
 */
record StoredSchema(String entityClass, String entity, int version, String layout, String codec,
        List<KeyComponent> key, Fields fields, Map<String, Fields> embedded, List<Component> indexes,
        List<Component> counters) {

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final int FORMAT = 1;

    /** One key component: the stored name of its field, its type, and how it sorts. */
    record KeyComponent(String field, String type, boolean partition, boolean descending) {
        String describe() {
            return "\"" + field + "\" " + type + (partition ? ", partition" : "")
                    + (descending ? ", descending" : ", ascending");
        }
    }

    /** The current and removed fields of one type. */
    record Fields(List<Field> current, List<Field> removed) {
        Optional<Field> find(String name) {
            return Stream.concat(current.stream(), removed.stream()).filter(f -> f.name().equals(name)).findFirst();
        }

        Optional<Field> holderOf(int number) {
            return Stream.concat(current.stream(), removed.stream()).filter(f -> f.number() == number).findFirst();
        }
    }

    /** A field: stored name, Java name (null once removed), type and Protobuf number. */
    record Field(String name, String javaName, String type, int number) {
    }

    /** An index or counter: name and signature. */
    record Component(String name, String signature) {
    }

    /**
     * Reads a schema document.
     *
     * @throws IllegalArgumentException saying what is wrong if {@code json} is not one
     */
    static StoredSchema parse(String json) {
        Object root;
        try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), json)) {
            parser.nextToken();
            root = value(parser);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage(), e);
        }
        Node document = Node.of(root, "the schema");
        if (document.integer("format") != FORMAT) {
            throw new IllegalArgumentException("schema format " + document.integer("format") + " is not " + FORMAT);
        }
        List<KeyComponent> key = new ArrayList<>();
        for (Node component : document.list("key")) {
            key.add(new KeyComponent(component.string("field"), component.string("type"), component.bool("partition"),
                    component.bool("descending")));
        }
        Map<String, Fields> embedded = new TreeMap<>();
        for (Map.Entry<String, Node> type : document.object("embedded").entrySet()) {
            embedded.put(type.getKey(), fields(type.getValue()));
        }
        return new StoredSchema(document.string("class"), document.string("entity"), document.integer("version"),
                document.string("layout"), document.string("codec"), List.copyOf(key), fields(document),
                Collections.unmodifiableMap(embedded), components(document.list("indexes")),
                components(document.list("counters")));
    }

    /** This document as compact JSON, in the format {@link #parse} reads. */
    String toJson() {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = FACTORY.createGenerator(ObjectWriteContext.empty(), out)) {
            json.writeStartObject();
            json.writeNumberProperty("format", FORMAT);
            json.writeStringProperty("class", entityClass);
            json.writeStringProperty("entity", entity);
            json.writeNumberProperty("version", version);
            json.writeStringProperty("layout", layout);
            json.writeStringProperty("codec", codec);
            json.writeArrayPropertyStart("key");
            for (KeyComponent component : key) {
                json.writeStartObject();
                json.writeStringProperty("field", component.field());
                json.writeStringProperty("type", component.type());
                json.writeBooleanProperty("partition", component.partition());
                json.writeBooleanProperty("descending", component.descending());
                json.writeEndObject();
            }
            json.writeEndArray();
            writeFields(json, fields);
            json.writeObjectPropertyStart("embedded");
            for (Map.Entry<String, Fields> type : embedded.entrySet()) {
                json.writeObjectPropertyStart(type.getKey());
                writeFields(json, type.getValue());
                json.writeEndObject();
            }
            json.writeEndObject();
            writeComponents(json, "indexes", indexes);
            writeComponents(json, "counters", counters);
            json.writeEndObject();
        }
        return out.toString();
    }

    private static void writeFields(JsonGenerator json, Fields fields) {
        json.writeArrayPropertyStart("fields");
        for (Field field : fields.current()) {
            json.writeStartObject();
            json.writeStringProperty("name", field.name());
            json.writeStringProperty("java", field.javaName());
            json.writeStringProperty("type", field.type());
            json.writeNumberProperty("number", field.number());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeArrayPropertyStart("removed");
        for (Field field : fields.removed()) {
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

    private static Fields fields(Node owner) {
        List<Field> current = new ArrayList<>();
        for (Node field : owner.list("fields")) {
            current.add(new Field(field.string("name"), field.string("java"), field.string("type"),
                    field.integer("number")));
        }
        List<Field> removed = new ArrayList<>();
        for (Node field : owner.list("removed")) {
            removed.add(new Field(field.string("name"), null, field.string("type"), field.integer("number")));
        }
        return new Fields(List.copyOf(current), List.copyOf(removed));
    }

    private static List<Component> components(List<Node> nodes) {
        List<Component> components = new ArrayList<>();
        for (Node node : nodes) {
            components.add(new Component(node.string("name"), node.string("signature")));
        }
        return List.copyOf(components);
    }

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

    /** A JSON object of the document, with typed reads that say which member is missing. */
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
            return Math.toIntExact((Long) member(name, Long.class, "integer"));
        }

        boolean bool(String name) {
            return (Boolean) member(name, Boolean.class, "boolean");
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
