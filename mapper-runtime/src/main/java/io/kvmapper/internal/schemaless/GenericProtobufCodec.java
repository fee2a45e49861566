package io.kvmapper.internal.schemaless;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import io.kvmapper.internal.codec.Proto;
import io.kvmapper.internal.codec.ProtoType;
import io.kvmapper.internal.codec.ProtobufCodec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Protobuf codec of an entity, driven by its recorded schema: fields by number, each written and read
 * through the runtime's {@link Proto} types exactly as the generated codec ({@code ProtobufCodecWriter}) composes
 * them, so that a value re-encoded here is byte for byte the one the application's code writes. Thread-safe.
 */
@SuppressWarnings({"unchecked", "rawtypes"})
final class GenericProtobufCodec extends ProtobufCodec<GenericObject> {
    private final EntitySchema schema;
    private final Map<FieldType, ProtoType> types = new ConcurrentHashMap<>();
    private final Map<ObjectType, Map<Integer, ObjectType.Field>> numbers = new HashMap<>();

    GenericProtobufCodec(EntitySchema schema) {
        this.schema = schema;
        index(schema.entity());
    }

    /** Resolves every type the entity uses up front, so that reads and writes only look them up. */
    private void index(ObjectType type) {
        Map<Integer, ObjectType.Field> byNumber = new HashMap<>();
        for (ObjectType.Field field : type.fields()) {
            byNumber.put(field.number(), field);
        }
        numbers.put(type, byNumber);
        for (ObjectType.Field field : type.fields()) {
            FieldType shape = field.type() instanceof FieldType.OptionalOf optional ? optional.value() : field.type();
            if (shape instanceof FieldType.Databind) {
                throw new IllegalArgumentException("field \"" + field.name() + "\" of " + type.name()
                        + " is written by Jackson databind, which Protobuf values cannot hold");
            }
            if (!(shape instanceof FieldType.Scalar)) {
                resolve(shape);
            }
        }
    }

    @Override
    protected void write(CodedOutputStream out, GenericObject entity) throws IOException {
        writeFields(out, entity);
    }

    @Override
    protected GenericObject read(CodedInputStream in) throws IOException {
        return readFields(in, schema.entity());
    }

    private void writeFields(CodedOutputStream out, GenericObject object) throws IOException {
        for (ObjectType.Field field : object.type().byNumber()) {
            Object value = object.get(field);
            int number = field.number();
            FieldType type = field.type();
            if (type instanceof FieldType.Scalar scalar && scalar.primitive()) {
                if (!scalar.kind().isProtoDefault(value)) {
                    ((ProtoType) scalar.kind().proto()).write(out, number, value);
                }
            } else if (type instanceof FieldType.CollectionOf collection) {
                Proto.writeRepeated(out, number, (Collection) value, resolve(collection.element()), field.javaName());
            } else if (type instanceof FieldType.MapOf map) {
                Proto.writeMap(out, number, (Map) value, map.key().kind().protoKey(), resolve(map.value()),
                        field.javaName());
            } else if (value != null) {
                resolve(type).write(out, number, value);
            }
        }
    }

    private int sizeFields(GenericObject object) {
        int size = 0;
        for (ObjectType.Field field : object.type().byNumber()) {
            Object value = object.get(field);
            int number = field.number();
            FieldType type = field.type();
            if (type instanceof FieldType.Scalar scalar && scalar.primitive()) {
                if (!scalar.kind().isProtoDefault(value)) {
                    size += ((ProtoType) scalar.kind().proto()).size(number, value);
                }
            } else if (type instanceof FieldType.CollectionOf collection) {
                size += Proto.sizeRepeated(number, (Collection) value, resolve(collection.element()), field.javaName());
            } else if (type instanceof FieldType.MapOf map) {
                size += Proto.sizeMap(number, (Map) value, map.key().kind().protoKey(), resolve(map.value()),
                        field.javaName());
            } else if (value != null) {
                size += resolve(type).size(number, value);
            }
        }
        return size;
    }

    private GenericObject readFields(CodedInputStream in, ObjectType type) throws IOException {
        GenericObject object = type.newObject();
        for (ObjectType.Field field : type.fields()) {
            if (field.type() instanceof FieldType.CollectionOf collection) {
                object.set(field, collection.set() ? new LinkedHashSet<>() : new ArrayList<>());
            } else if (field.type() instanceof FieldType.MapOf) {
                object.set(field, new LinkedHashMap<>());
            }
        }
        Map<Integer, ObjectType.Field> byNumber = numbers.get(type);
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            ObjectType.Field field = byNumber.get(Proto.fieldNumber(tag));
            if (field == null) {
                Proto.skip(in, tag);
                continue;
            }
            FieldType shape = field.type();
            if (shape instanceof FieldType.CollectionOf collection) {
                Proto.readRepeated(in, tag, resolve(collection.element()), (Collection) object.get(field));
            } else if (shape instanceof FieldType.MapOf map) {
                Proto.readMapEntry(in, tag, map.key().kind().protoKey(), resolve(map.value()), (Map) object.get(field));
            } else {
                object.set(field, resolve(shape).read(in, tag));
            }
        }
        return object;
    }

    /** How a value of {@code type} travels: a scalar's, an embedded message, or a wrapper of a nested collection. */
    private ProtoType resolve(FieldType type) {
        ProtoType known = types.get(type);
        if (known != null) {
            return known;
        }
        ProtoType created;
        if (type instanceof FieldType.Scalar scalar) {
            created = scalar.kind().proto();
        } else if (type instanceof FieldType.OptionalOf optional) {
            created = resolve(optional.value());
        } else if (type instanceof FieldType.Embedded embedded) {
            ObjectType object = schema.embedded(embedded.typeName());
            if (!numbers.containsKey(object)) {
                index(object);
            }
            created = Proto.message(this::sizeFields, this::writeFields, in -> readFields(in, object));
        } else if (type instanceof FieldType.CollectionOf collection) {
            ProtoType element = resolve(collection.element());
            created = collection.set() ? Proto.collectionMessage(element, LinkedHashSet::new)
                    : Proto.collectionMessage(element, ArrayList::new);
        } else if (type instanceof FieldType.MapOf map) {
            created = Proto.mapMessage(map.key().kind().protoKey(), resolve(map.value()), LinkedHashMap::new);
        } else {
            throw new IllegalArgumentException("a Protobuf value cannot hold " + type);
        }
        ProtoType raced = types.putIfAbsent(type, created);
        return raced != null ? raced : created;
    }
}
