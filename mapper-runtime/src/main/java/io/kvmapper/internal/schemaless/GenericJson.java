package io.kvmapper.internal.schemaless;

import io.kvmapper.internal.codec.Json;
import java.io.StringWriter;
import java.util.Collection;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.JsonRecyclerPools;

/**
 * Generic objects as JSON, written and read exactly as the generated JSON codecs ({@code JsonCodecWriter})
 * write and read entities: fields by stored name in declaration order, a primitive always, anything else only
 * when it holds a value, an empty {@code Optional} left out, null elements and map values as {@code null}; on
 * read, fields in any order, unknown ones skipped, absent ones null (a primitive zero). It is the wire format of
 * JSON entities, and the form in which every record, whatever its codec, is shown and exported.
 */
public final class GenericJson {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .recyclerPool(JsonRecyclerPools.threadLocalPool()).build(); // as JsonCodec's, per thread

    private final EntitySchema schema;

    /** Reads objects of the entity {@code schema} describes and of the types it embeds. */
    public GenericJson(EntitySchema schema) {
        this.schema = schema;
    }

    /** {@code object} as one compact JSON object. */
    public static String toJson(GenericObject object) {
        StringWriter text = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(ObjectWriteContext.empty(), text)) {
            write(generator, object);
        }
        return text.toString();
    }

    /** Parses one JSON object as an entity record. */
    public GenericObject fromJson(String text) {
        try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), text)) {
            parser.nextToken();
            GenericObject entity = read(parser);
            if (parser.nextToken() != null) {
                throw new IllegalStateException("unexpected " + parser.currentToken() + " after the JSON object");
            }
            return entity;
        }
    }

    /** Writes {@code object} as one JSON object. */
    public static void write(JsonGenerator out, GenericObject object) {
        out.writeStartObject();
        for (ObjectType.Field field : object.type().fields()) {
            Object value = object.get(field);
            if (value == null) {
                if (field.primitive()) {
                    throw new IllegalArgumentException("field '" + field.javaName() + "' of " + object.type().name()
                            + " is a primitive and cannot be null");
                }
                continue;
            }
            out.writeName(field.name());
            writeValue(out, field.type(), value);
        }
        out.writeEndObject();
    }

    /** Writes {@code value}, not null, of the shape {@code type}. */
    static void writeValue(JsonGenerator out, FieldType type, Object value) {
        if (type instanceof FieldType.Scalar scalar) {
            scalar.kind().writeJson(out, value);
        } else if (type instanceof FieldType.Embedded) {
            write(out, (GenericObject) value);
        } else if (type instanceof FieldType.OptionalOf optional) {
            writeValue(out, optional.value(), value);
        } else if (type instanceof FieldType.CollectionOf collection) {
            out.writeStartArray();
            for (Object element : (Collection<?>) value) {
                writeNullable(out, collection.element(), element);
            }
            out.writeEndArray();
        } else if (type instanceof FieldType.MapOf map) {
            out.writeStartObject();
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                out.writeName(map.key().kind().toJsonName(entry.getKey()));
                writeNullable(out, map.value(), entry.getValue());
            }
            out.writeEndObject();
        } else {
            out.writeRawValue(((RawJson) value).text());
        }
    }

    private static void writeNullable(JsonGenerator out, FieldType type, Object value) {
        if (value == null) {
            out.writeNull();
        } else {
            writeValue(out, type, value);
        }
    }

    /** Reads an entity record; the parser stands on its {@code START_OBJECT}. */
    public GenericObject read(JsonParser in) {
        return read(in, schema.entity());
    }

    private GenericObject read(JsonParser in, ObjectType type) {
        Json.expectObject(in, simpleName(type.name()));
        GenericObject object = type.newObject();
        for (String name = in.nextName(); name != null; name = in.nextName()) {
            in.nextToken();
            ObjectType.Field field = type.field(name);
            if (field == null) {
                in.skipChildren();
            } else if (!field.primitive() && Json.isNull(in)) {
                object.set(field, null);
            } else {
                object.set(field, readValue(in, field.type()));
            }
        }
        return object;
    }

    /** Reads a value, not null, of the shape {@code type}; the parser stands on it. */
    private Object readValue(JsonParser in, FieldType type) {
        if (type instanceof FieldType.Scalar scalar) {
            return scalar.kind().readJson(in);
        }
        if (type instanceof FieldType.Embedded embedded) {
            return read(in, schema.embedded(embedded.typeName()));
        }
        if (type instanceof FieldType.OptionalOf optional) {
            return readValue(in, optional.value());
        }
        if (type instanceof FieldType.CollectionOf collection) {
            Json.Reader<Object> element = p -> readValue(p, collection.element());
            return collection.set() ? Json.readSet(in, element) : Json.readList(in, element);
        }
        if (type instanceof FieldType.MapOf map) {
            return Json.readMap(in, map.key().kind()::fromJsonName, p -> readValue(p, map.value()));
        }
        StringWriter text = new StringWriter();
        try (JsonGenerator copy = FACTORY.createGenerator(ObjectWriteContext.empty(), text)) {
            copy.copyCurrentStructureExact(in);
        }
        return new RawJson(text.toString());
    }

    private static String simpleName(String qualified) {
        return qualified.substring(Math.max(qualified.lastIndexOf('.'), qualified.lastIndexOf('$')) + 1);
    }
}
