package io.kvmapper.cli;

import io.kvmapper.internal.schemaless.EntitySchema;
import io.kvmapper.internal.schemaless.GenericJson;
import io.kvmapper.internal.schemaless.GenericObject;
import io.kvmapper.internal.schemaless.SchemaMapping;
import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaJson;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * The lines of an export file (JSON lines, one object per line), which {@code scan --json} and {@code get --json}
 * print too:
 *
 * <pre>
 * {"entity":"User","schema":{...the schema document the store records...}}
 * {"entity":"User","key":[42],"record":{"id":42,"email":"ada@example.com",...}}
 * {"multimap":"likes","key":"post-1","value":"alice","count":2}
 * </pre>
 *
 * A record is written as the JSON codec writes it, whatever the entity's codec, with every field including the
 * key's; its {@code key} repeats the key components, typed as the record's fields are. A multimap pair's key and
 * value are tuple elements ({@link TupleJson}).
 */
final class RecordLines {
    private RecordLines() {
    }

    /** One line read back. */
    sealed interface Line {
    }

    /** A schema line. */
    record SchemaLine(SchemaDocument schema) implements Line {
    }

    /** A record line. */
    record RecordLine(SchemaMapping mapping, GenericObject record) implements Line {
    }

    /** A multimap pair. */
    record PairLine(String multimap, Object key, Object value, long count) implements Line {
    }

    static void writeSchema(JsonGenerator out, SchemaDocument schema) {
        out.writeStartObject();
        out.writeStringProperty("entity", schema.storedName());
        out.writeName("schema");
        out.writeRawValue(SchemaJson.writeCompact(schema));
        out.writeEndObject();
    }

    static void writeRecord(JsonGenerator out, SchemaMapping mapping, GenericObject record) {
        out.writeStartObject();
        out.writeStringProperty("entity", mapping.entityName());
        out.writeName("key");
        writeKey(out, mapping, mapping.keyComponents(record));
        out.writeName("record");
        GenericJson.write(out, record);
        out.writeEndObject();
    }

    static void writeKey(JsonGenerator out, SchemaMapping mapping, List<Object> components) {
        out.writeStartArray();
        List<EntitySchema.KeyPart> parts = mapping.entitySchema().key();
        for (int i = 0; i < components.size(); i++) {
            Object component = components.get(i);
            if (component == null) {
                out.writeNull();
            } else {
                parts.get(i).kind().writeJson(out, component);
            }
        }
        out.writeEndArray();
    }

    static void writePair(JsonGenerator out, String multimap, Object key, Object value, long count) {
        out.writeStartObject();
        out.writeStringProperty("multimap", multimap);
        out.writeName("key");
        TupleJson.write(out, key);
        out.writeName("value");
        TupleJson.write(out, value);
        out.writeNumberProperty("count", count);
        out.writeEndObject();
    }

    /**
     * Parses one line. A record line's entity must have had its schema line before ({@code mappings}).
     *
     * @throws IllegalArgumentException saying what is wrong with the line
     */
    static Line parse(String text, Map<String, SchemaMapping> mappings) {
        try (JsonParser in = JsonOutput.parser(text)) {
            if (in.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("a line holds one JSON object");
            }
            String entity = null;
            String multimap = null;
            String schema = null;
            String record = null;
            String key = null;
            GenericObject parsedRecord = null;
            List<Object> parsedKey = null;
            Object pairKey = null;
            Object pairValue = null;
            Long count = null;
            boolean pairKeySeen = false;
            boolean pairValueSeen = false;
            for (String name = in.nextName(); name != null; name = in.nextName()) {
                JsonToken token = in.nextToken();
                switch (name) {
                    case "entity" -> entity = string(in, name);
                    case "multimap" -> multimap = string(in, name);
                    case "schema" -> schema = raw(in);
                    case "record" -> {
                        if (entity != null) {
                            parsedRecord = mapping(mappings, entity).json().read(in);
                        } else {
                            record = raw(in);
                        }
                    }
                    case "key" -> {
                        if (multimap != null) {
                            pairKey = TupleJson.read(in);
                            pairKeySeen = true;
                        } else if (entity != null) {
                            parsedKey = readKey(mapping(mappings, entity), in);
                        } else {
                            key = raw(in);
                        }
                    }
                    case "value" -> {
                        pairValue = TupleJson.read(in);
                        pairValueSeen = true;
                    }
                    case "count" -> {
                        if (token != JsonToken.VALUE_NUMBER_INT) {
                            throw new IllegalArgumentException("\"count\" must be an integer");
                        }
                        count = in.getLongValue();
                    }
                    default -> throw new IllegalArgumentException("unknown member \"" + name + "\"");
                }
            }
            if (in.nextToken() != null) {
                throw new IllegalArgumentException("a line holds one JSON object, and this one goes on after it");
            }
            if (multimap != null) {
                if (key != null && !pairKeySeen) {
                    pairKey = TupleJson.read(reparsed(key));
                    pairKeySeen = true;
                }
                if (!pairKeySeen || !pairValueSeen || count == null || entity != null) {
                    throw new IllegalArgumentException("a multimap line holds \"multimap\", \"key\", \"value\" and "
                            + "\"count\"");
                }
                return new PairLine(multimap, pairKey, pairValue, count);
            }
            if (entity == null) {
                throw new IllegalArgumentException("the line names no \"entity\" (nor \"multimap\")");
            }
            if (schema != null) {
                if (record != null || key != null || parsedRecord != null || parsedKey != null) {
                    throw new IllegalArgumentException("a line holds a schema or a record, not both");
                }
                SchemaDocument document = SchemaJson.read(schema, "the schema of " + entity);
                if (!document.storedName().equals(entity)) {
                    throw new IllegalArgumentException("the schema of entity \"" + document.storedName()
                            + "\" is given for \"" + entity + "\"");
                }
                return new SchemaLine(document);
            }
            if (record == null && parsedRecord == null) {
                throw new IllegalArgumentException("the line holds neither \"schema\" nor \"record\"");
            }
            SchemaMapping mapping = mapping(mappings, entity);
            GenericObject parsed = parsedRecord != null ? parsedRecord : mapping.json().fromJson(record);
            if (key != null) {
                try (JsonParser keyParser = reparsed(key)) {
                    parsedKey = readKey(mapping, keyParser);
                }
            }
            if (parsedKey != null && !Arrays.equals(mapping.keyOf(parsed), mapping.key(parsedKey))) {
                throw new IllegalArgumentException("\"key\" is not the key the record's fields hold");
            }
            return new RecordLine(mapping, parsed);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
        } catch (RuntimeException e) {
            if (e instanceof IllegalArgumentException) {
                throw e;
            }
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    private static SchemaMapping mapping(Map<String, SchemaMapping> mappings, String entity) {
        SchemaMapping mapping = mappings.get(entity);
        if (mapping == null) {
            throw new IllegalArgumentException("a record of entity \"" + entity + "\" comes before its schema line");
        }
        return mapping;
    }

    /** The key components of a {@code "key"} array; the parser stands on its start. */
    private static List<Object> readKey(SchemaMapping mapping, JsonParser in) {
        if (in.currentToken() != JsonToken.START_ARRAY) {
            throw new IllegalArgumentException("\"key\" must be an array of the key's components");
        }
        List<Object> components = new ArrayList<>();
        List<EntitySchema.KeyPart> parts = mapping.entitySchema().key();
        while (in.nextToken() != JsonToken.END_ARRAY) {
            if (components.size() == parts.size()) {
                throw new IllegalArgumentException("\"key\" has more components than the key's " + parts.size());
            }
            components.add(parts.get(components.size()).kind().readJson(in));
        }
        return components;
    }

    private static JsonParser reparsed(String text) {
        JsonParser in = JsonOutput.parser(text);
        in.nextToken();
        return in;
    }

    private static String string(JsonParser in, String name) {
        if (in.currentToken() != JsonToken.VALUE_STRING) {
            throw new IllegalArgumentException("\"" + name + "\" must be a string");
        }
        return in.getString();
    }

    /** The JSON value the parser stands on, as compact text. */
    private static String raw(JsonParser in) {
        StringWriter text = new StringWriter();
        try (JsonGenerator copy = JsonOutput.compact(text)) {
            copy.copyCurrentStructureExact(in);
        }
        return text.toString();
    }
}
