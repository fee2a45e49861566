package io.kvmapper.internal.schemaless;

import io.kvmapper.schema.document.SchemaDocument.FieldEntry;
import io.kvmapper.schema.document.SchemaDocument.TypeFields;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The stored fields of an entity or of an embedded type, as its schema records them: the shape of a
 * {@link GenericObject}.
 */
public final class ObjectType {
    /**
     * One stored field.
     *
     * @param name the stored name (what JSON values and attribute-per-key items hold)
     * @param javaName the Java name, for messages
     * @param number the Protobuf field number
     * @param type the stored shape
     * @param position where the field's value sits in a {@link GenericObject}: its declaration order
     */
    public record Field(String name, String javaName, int number, FieldType type, int position) {
        /** Whether the field is a Java primitive, never null. */
        public boolean primitive() {
            return type instanceof FieldType.Scalar scalar && scalar.primitive();
        }
    }

    private final String name;
    private final List<Field> fields;
    private final List<Field> byNumber;
    private final Map<String, Field> byName = new HashMap<>();

    ObjectType(String name, TypeFields fields) {
        this.name = name;
        List<Field> declared = new ArrayList<>();
        for (FieldEntry entry : fields.current()) {
            FieldType type;
            try {
                type = FieldType.parse(entry.type());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("field \"" + entry.name() + "\" of " + name + ": " + e.getMessage(),
                        e);
            }
            Field field = new Field(entry.name(), entry.javaName() == null ? entry.name() : entry.javaName(),
                    entry.number(), type, declared.size());
            declared.add(field);
            byName.put(field.name(), field);
        }
        this.fields = List.copyOf(declared);
        List<Field> numbered = new ArrayList<>(declared);
        numbered.sort(Comparator.comparingInt(Field::number));
        this.byNumber = List.copyOf(numbered);
    }

    /** The entity class or embedded type's qualified name. */
    public String name() {
        return name;
    }

    /** The fields in declaration order: the order of JSON values and attribute-per-key writes. */
    public List<Field> fields() {
        return fields;
    }

    /** The fields in field-number order: the order of Protobuf values. */
    List<Field> byNumber() {
        return byNumber;
    }

    /** The field stored as {@code storedName}, or null. */
    public Field field(String storedName) {
        return byName.get(storedName);
    }

    /** A new object of this type with no value set: every field null, every primitive zero. */
    public GenericObject newObject() {
        GenericObject object = new GenericObject(this);
        for (Field field : fields) {
            if (field.primitive()) {
                object.set(field, ((FieldType.Scalar) field.type()).kind().zero());
            }
        }
        return object;
    }

    @Override
    public String toString() {
        return name;
    }
}
