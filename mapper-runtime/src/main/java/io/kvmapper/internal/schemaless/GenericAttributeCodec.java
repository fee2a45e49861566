package io.kvmapper.internal.schemaless;

import io.kvmapper.internal.codec.AttributeCodec;
import io.kvmapper.internal.codec.AttributeReader;
import io.kvmapper.internal.codec.AttributeWriter;
import io.kvmapper.internal.codec.CollectionChanges;
import io.kvmapper.internal.tuple.TupleReader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The attribute-per-key codec of an entity, driven by its recorded schema: one item per field, list element,
 * set element and map entry, written and read exactly as the generated codec ({@code AttributeCodecWriter}) does,
 * key fields taken from the record key. Thread-safe.
 */
@SuppressWarnings("unchecked")
final class GenericAttributeCodec implements AttributeCodec<GenericObject> {
    private final EntitySchema schema;
    /** The entity's fields but its key's, in declaration order: what its items hold. */
    private final List<ObjectType.Field> stored = new ArrayList<>();
    private final Map<String, ObjectType.Field> storedByName = new HashMap<>();

    GenericAttributeCodec(EntitySchema schema) {
        this.schema = schema;
        for (ObjectType.Field field : schema.entity().fields()) {
            if (schema.key().stream().noneMatch(part -> part.field().equals(field))) {
                stored.add(field);
                storedByName.put(field.name(), field);
            }
        }
    }

    @Override
    public byte[] versionField() {
        return null;
    }

    // ---- writing

    @Override
    public void write(GenericObject entity, AttributeWriter out) {
        int at = out.mark();
        for (ObjectType.Field field : stored) {
            out.field(field.name());
            writeProperty(out, field, entity.get(field));
            out.reset(at);
        }
    }

    private void writeProperty(AttributeWriter out, ObjectType.Field field, Object value) {
        if (value == null) {
            requireNotPrimitive(field);
            return;
        }
        if (field.type() instanceof FieldType.CollectionOf collection) {
            out.container();
            int at = out.mark();
            if (collection.set()) {
                ScalarKind kind = ((FieldType.Scalar) collection.element()).kind();
                for (Object element : (Collection<Object>) value) {
                    kind.writeNullable(out.path(), element);
                    out.setElement();
                    out.reset(at);
                }
            } else {
                long position = 0;
                for (Object element : (Collection<Object>) value) {
                    out.position(position++, "");
                    writeNullable(out, collection.element(), element, field.javaName());
                    out.reset(at);
                }
            }
        } else if (field.type() instanceof FieldType.MapOf map) {
            out.container();
            int at = out.mark();
            for (Map.Entry<Object, Object> entry : ((Map<Object, Object>) value).entrySet()) {
                map.key().kind().write(out.path(),
                        CollectionChanges.mapKey(entry.getKey(), schema.entityName(), field.javaName()));
                writeNullable(out, map.value(), entry.getValue(), field.javaName());
                out.reset(at);
            }
        } else {
            writeNode(out, field.type(), value, field.javaName());
        }
    }

    /** Writes the node of {@code value}, not null, at the writer's path. */
    private void writeNode(AttributeWriter out, FieldType type, Object value, String field) {
        if (type instanceof FieldType.Scalar scalar && scalar.kind() == ScalarKind.BIG_DECIMAL) {
            out.decimal((BigDecimal) value);
        } else if (type instanceof FieldType.Scalar scalar) {
            scalar.kind().write(out.value(), value);
            out.leaf();
        } else if (type instanceof FieldType.Embedded) {
            writeObject(out, (GenericObject) value);
        } else if (type instanceof FieldType.OptionalOf optional) {
            writeNode(out, optional.value(), value, field);
        } else if (type instanceof FieldType.CollectionOf collection) {
            out.container();
            int at = out.mark();
            if (collection.set()) {
                ScalarKind kind = ((FieldType.Scalar) collection.element()).kind();
                for (Object element : (Collection<Object>) value) {
                    kind.writeNullable(out.path(), element);
                    out.setElement();
                    out.reset(at);
                }
            } else {
                long position = 0;
                for (Object element : (Collection<Object>) value) {
                    out.position(position++, "");
                    writeNullable(out, collection.element(), element, field);
                    out.reset(at);
                }
            }
        } else if (type instanceof FieldType.MapOf map) {
            out.container();
            int at = out.mark();
            for (Map.Entry<Object, Object> entry : ((Map<Object, Object>) value).entrySet()) {
                map.key().kind().write(out.path(), out.mapKey(entry.getKey(), field));
                writeNullable(out, map.value(), entry.getValue(), field);
                out.reset(at);
            }
        } else {
            throw new IllegalArgumentException("the attribute-per-key layout cannot hold " + type);
        }
    }

    private void writeNullable(AttributeWriter out, FieldType type, Object value, String field) {
        if (value == null) {
            out.nullNode();
        } else {
            writeNode(out, type, value, field);
        }
    }

    private void writeObject(AttributeWriter out, GenericObject object) {
        out.container();
        int at = out.mark();
        for (ObjectType.Field field : object.type().fields()) {
            Object value = object.get(field);
            if (value == null) {
                requireNotPrimitive(field);
                continue;
            }
            out.field(field.name());
            writeNode(out, field.type(), value, field.javaName());
            out.reset(at);
        }
    }

    private static void requireNotPrimitive(ObjectType.Field field) {
        if (field.primitive()) {
            throw new IllegalArgumentException("field '" + field.javaName() + "' is a primitive and cannot be null");
        }
    }

    // ---- reading

    @Override
    public GenericObject read(AttributeReader in) {
        GenericObject entity = schema.entity().newObject();
        TupleReader key = in.recordKey();
        key.beginNested();
        key.skip();
        key.skip();
        List<EntitySchema.KeyPart> parts = schema.key();
        for (int i = 0; i < parts.size(); i++) {
            EntitySchema.KeyPart part = parts.get(i);
            if (part.descending()) {
                key.descending();
            }
            entity.set(part.field(), part.kind().read(key));
            if (i == schema.partitionSize() - 1) {
                key.endNested();
            }
        }
        int scope = in.enter();
        while (in.next(scope)) {
            ObjectType.Field field = storedByName.get(in.name());
            if (field == null) {
                in.skip();
            } else {
                entity.set(field, readNode(in, field.type()));
            }
        }
        return entity;
    }

    /** Reads the node the reader stands on, which is not null. */
    private Object readNode(AttributeReader in, FieldType type) {
        if (type instanceof FieldType.Scalar scalar) {
            return readLeaf(in, scalar);
        }
        if (type instanceof FieldType.Embedded embedded) {
            return readObject(in, schema.embedded(embedded.typeName()));
        }
        if (type instanceof FieldType.OptionalOf optional) {
            return readNode(in, optional.value());
        }
        in.container();
        if (type instanceof FieldType.CollectionOf collection) {
            Collection<Object> elements = collection.set() ? new LinkedHashSet<>() : new ArrayList<>();
            int scope = in.enter();
            while (in.next(scope)) {
                if (collection.set()) {
                    Object element;
                    if (in.path().nextIsNull()) {
                        in.path().readNull();
                        element = null;
                    } else {
                        element = ((FieldType.Scalar) collection.element()).kind().read(in.path());
                    }
                    in.endPath();
                    elements.add(element);
                } else {
                    in.position();
                    elements.add(in.isNull() ? null : readNode(in, collection.element()));
                }
            }
            return elements;
        }
        if (type instanceof FieldType.MapOf map) {
            Map<Object, Object> entries = new LinkedHashMap<>();
            int scope = in.enter();
            while (in.next(scope)) {
                Object key = map.key().kind().read(in.path());
                entries.put(key, in.isNull() ? null : readNode(in, map.value()));
            }
            return entries;
        }
        throw new IllegalStateException("the attribute-per-key layout cannot hold " + type);
    }

    private static Object readLeaf(AttributeReader in, FieldType.Scalar scalar) {
        return scalar.kind() == ScalarKind.BIG_DECIMAL ? in.decimal() : scalar.kind().read(in.leaf());
    }

    private GenericObject readObject(AttributeReader in, ObjectType type) {
        in.container();
        GenericObject object = type.newObject();
        int scope = in.enter();
        while (in.next(scope)) {
            ObjectType.Field field = type.field(in.name());
            if (field == null) {
                in.skip();
            } else {
                object.set(field, readNode(in, field.type()));
            }
        }
        return object;
    }
}
