package io.kvmapper.internal.schemaless;

import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaDocument.KeyComponent;
import io.kvmapper.schema.document.SchemaDocument.TypeFields;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An entity's schema document turned into what decoding needs: the entity's fields and those of every type it
 * embeds, each parsed into its stored shape, and the key components bound to their fields.
 */
public final class EntitySchema {
    /**
     * One key component.
     *
     * @param field the entity field it is
     * @param kind its scalar kind
     * @param partition whether it belongs to the partition
     * @param descending whether it sorts in reverse
     */
    public record KeyPart(ObjectType.Field field, ScalarKind kind, boolean partition, boolean descending) {
    }

    private final SchemaDocument document;
    private final ObjectType entity;
    private final Map<String, ObjectType> embedded = new HashMap<>();
    private final List<KeyPart> key;
    private final int partitionSize;

    private EntitySchema(SchemaDocument document) {
        this.document = document;
        this.entity = new ObjectType(document.entityClass(), document.fields());
        for (Map.Entry<String, TypeFields> type : document.embedded().entrySet()) {
            embedded.put(type.getKey(), new ObjectType(type.getKey(), type.getValue()));
        }
        checkEmbedded(entity);
        embedded.values().forEach(this::checkEmbedded);
        List<KeyPart> parts = new ArrayList<>();
        int partitions = 0;
        for (KeyComponent component : document.key()) {
            ObjectType.Field field = entity.field(component.field());
            if (field == null) {
                throw new IllegalArgumentException("key component \"" + component.field() + "\" is no stored field");
            }
            if (!(field.type() instanceof FieldType.Scalar scalar) || !(FieldType.parse(component.type())
                    instanceof FieldType.Scalar keyType) || keyType.kind() != scalar.kind()) {
                throw new IllegalArgumentException("key component \"" + component.field() + "\" has type "
                        + component.type() + ", which is no scalar of its field's type");
            }
            if (component.partition() && partitions != parts.size()) {
                throw new IllegalArgumentException("key component \"" + component.field()
                        + "\" is in the partition but follows a component that is not");
            }
            if (component.partition()) {
                partitions++;
            }
            parts.add(new KeyPart(field, scalar.kind(), component.partition(), component.descending()));
        }
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("the key has no component");
        }
        this.key = List.copyOf(parts);
        this.partitionSize = partitions == 0 ? 1 : partitions;
    }

    /**
     * Parses {@code document}.
     *
     * @throws IllegalArgumentException if the document holds a type this runtime does not know, or a key that is
     *     not made of scalar fields
     */
    public static EntitySchema of(SchemaDocument document) {
        try {
            return new EntitySchema(document);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(document.storedName() + ": the schema cannot be used to decode records: "
                    + e.getMessage(), e);
        }
    }

    /** The schema document. */
    public SchemaDocument document() {
        return document;
    }

    /** The stored entity name. */
    public String entityName() {
        return document.storedName();
    }

    /** Whether records are stored one key per attribute. */
    public boolean attributePerKey() {
        return document.layout().equals("ATTRIBUTE_PER_KEY");
    }

    /** Whether values are Protobuf messages (else JSON objects). */
    public boolean protobuf() {
        return document.codec().equals(SchemaDocument.PROTOBUF);
    }

    /** The entity's own fields. */
    public ObjectType entity() {
        return entity;
    }

    /**
     * The fields of the embedded type {@code typeName}.
     *
     * @throws IllegalArgumentException if the schema does not list the type
     */
    public ObjectType embedded(String typeName) {
        ObjectType type = embedded.get(typeName);
        if (type == null) {
            throw new IllegalArgumentException("the schema lists no fields of the embedded type " + typeName);
        }
        return type;
    }

    /** The key components, in key order. */
    public List<KeyPart> key() {
        return key;
    }

    /** How many leading key components form the partition. */
    public int partitionSize() {
        return partitionSize;
    }

    /** A readable description of the key: {@code userId long, placedAt Instant descending, orderId String}. */
    public String describeKey() {
        List<String> parts = new ArrayList<>();
        for (KeyComponent component : document.key()) {
            parts.add(component.field() + " " + component.type() + (component.descending() ? " descending" : ""));
        }
        return String.join(", ", parts);
    }

    private void checkEmbedded(ObjectType type) {
        for (ObjectType.Field field : type.fields()) {
            checkEmbedded(field.type());
        }
    }

    private void checkEmbedded(FieldType type) {
        if (type instanceof FieldType.Embedded object) {
            embedded(object.typeName());
        } else if (type instanceof FieldType.CollectionOf collection) {
            checkEmbedded(collection.element());
        } else if (type instanceof FieldType.MapOf map) {
            checkEmbedded(map.value());
        } else if (type instanceof FieldType.OptionalOf optional) {
            checkEmbedded(optional.value());
        }
    }
}
