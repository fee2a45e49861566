package io.kvmapper.processor.schema;

import com.palantir.javapoet.ClassName;
import io.kvmapper.processor.model.CounterModel;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.IndexModel;
import io.kvmapper.processor.model.KeyPart;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.ScalarKind;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.model.ValueType;
import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaDocument.Component;
import io.kvmapper.schema.document.SchemaDocument.FieldEntry;
import io.kvmapper.schema.document.SchemaDocument.KeyComponent;
import io.kvmapper.schema.document.SchemaDocument.TypeFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Describes an entity model as the schema document of this build: what the model holds, plus what the
 * previous document remembers and the model no longer shows (removed fields, and embedded types no longer
 * used), with the version raised by one if anything differs from the previous document.
 */
public final class SchemaDescriber {
    private SchemaDescriber() {
    }

    /** The document of {@code model}, continuing the history of {@code previous} if there is one. */
    public static SchemaDocument describe(EntityModel model, Optional<SchemaDocument> previous) {
        Map<String, TypeFields> embedded = new TreeMap<>();
        embeddedObjects(model.value()).forEach((name, object) -> embedded.put(name, fields(object)));
        List<Component> indexes = model.indexes().stream().map(SchemaDescriber::component).toList();
        List<Component> counters = model.counters().stream().map(SchemaDescriber::component).toList();
        SchemaDocument document = new SchemaDocument(model.element().getQualifiedName().toString(), model.storedName(),
                1, model.layout().name(), model.codec().name(), key(model), fields(model.value()), embedded, indexes,
                counters);
        if (previous.isEmpty()) {
            return document;
        }
        int version = previous.get().version();
        SchemaDocument continued = document.withVersion(version).remembering(previous.get());
        return continued.equals(previous.get()) ? previous.get() : continued.withVersion(version + 1);
    }

    /** Every object embedded in {@code object}, directly or deeper, by qualified name, in name order. */
    public static Map<String, ValueObject> embeddedObjects(ValueObject object) {
        Map<String, ValueObject> found = new TreeMap<>();
        object.embedded().forEach((name, embedded) -> found.put(name.canonicalName(), embedded));
        return found;
    }

    /** The type of a stored field as a schema document writes it. */
    public static String type(ValueType type) {
        return type.accept(new ValueType.Visitor<>() {
            @Override
            public String scalar(ValueType.Scalar scalar) {
                return type(scalar);
            }

            @Override
            public String collection(ValueType.CollectionOf collection) {
                return (collection.kind() == ValueType.CollectionKind.SET ? "Set<" : "List<")
                        + type(collection.element()) + ">";
            }

            @Override
            public String map(ValueType.MapOf map) {
                return "Map<" + type(map.key()) + ", " + type(map.value()) + ">";
            }

            @Override
            public String embedded(ValueType.Embedded embedded) {
                return "embedded " + embedded.object().className().canonicalName();
            }

            @Override
            public String optional(ValueType.OptionalOf optional) {
                return "Optional<" + type(optional.value()) + ">";
            }

            @Override
            public String databind(ValueType.Databind databind) {
                return "databind " + databind.typeName();
            }
        });
    }

    private static String type(ValueType.Scalar scalar) {
        ScalarKind kind = scalar.kind();
        switch (kind) {
            case BOOLEAN:
                return scalar.primitive() ? "boolean" : "Boolean";
            case BYTE:
                return scalar.primitive() ? "byte" : "Byte";
            case SHORT:
                return scalar.primitive() ? "short" : "Short";
            case INT:
                return scalar.primitive() ? "int" : "Integer";
            case LONG:
                return scalar.primitive() ? "long" : "Long";
            case CHAR:
                return scalar.primitive() ? "char" : "Character";
            case FLOAT:
                return scalar.primitive() ? "float" : "Float";
            case DOUBLE:
                return scalar.primitive() ? "double" : "Double";
            case STRING:
                return "String";
            case BYTES:
                return "byte[]";
            case ENUM:
                return "enum " + ((ClassName) scalar.typeName()).canonicalName();
            case UUID:
                return "UUID";
            case INSTANT:
                return "Instant";
            case LOCAL_DATE:
                return "LocalDate";
            case LOCAL_DATE_TIME:
                return "LocalDateTime";
            case BIG_DECIMAL:
                return "BigDecimal";
            case BIG_INTEGER:
                return "BigInteger";
            default:
                throw new IllegalArgumentException("no schema type for " + kind);
        }
    }

    private static List<KeyComponent> key(EntityModel model) {
        List<KeyComponent> key = new ArrayList<>();
        for (KeyPart part : model.keyParts()) {
            key.add(new KeyComponent(part.property().storedName(), type(part.property().type()), part.partition(),
                    part.descending()));
        }
        return key;
    }

    /** The fields {@code object} has now; what it had before is the previous document's to remember. */
    private static TypeFields fields(ValueObject object) {
        List<FieldEntry> current = new ArrayList<>();
        for (Property property : object.properties()) {
            current.add(new FieldEntry(property.storedName(), property.name(), type(property.type()),
                    property.number()));
        }
        return new TypeFields(current, List.of());
    }

    private static Component component(IndexModel index) {
        return new Component(index.name(), index.signature());
    }

    private static Component component(CounterModel counter) {
        return new Component(counter.name(), counter.signature());
    }
}
