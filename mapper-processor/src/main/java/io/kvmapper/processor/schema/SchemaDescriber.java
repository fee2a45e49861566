package io.kvmapper.processor.schema;

import io.kvmapper.processor.model.CounterModel;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.IndexModel;
import io.kvmapper.processor.model.KeyPart;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.model.ValueType;
import io.kvmapper.processor.schema.SchemaDocument.Component;
import io.kvmapper.processor.schema.SchemaDocument.FieldEntry;
import io.kvmapper.processor.schema.SchemaDocument.KeyComponent;
import io.kvmapper.processor.schema.SchemaDocument.TypeFields;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

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
        String entityClass = model.element().getQualifiedName().toString();
        Map<String, TypeFields> embedded = new TreeMap<>();
        previous.ifPresent(p -> embedded.putAll(p.embedded()));
        for (Map.Entry<String, ValueObject> object : embeddedObjects(model.value()).entrySet()) {
            embedded.put(object.getKey(), fields(object.getValue(),
                    previous.map(p -> p.embeddedFields(object.getKey())).orElse(TypeFields.NONE)));
        }
        List<Component> indexes = model.indexes().stream().map(SchemaDescriber::component).toList();
        List<Component> counters = model.counters().stream().map(SchemaDescriber::component).toList();
        SchemaDocument document = new SchemaDocument(entityClass, model.storedName(), 1, model.layout(), model.codec(),
                key(model), fields(model.value(), previous.map(SchemaDocument::fields).orElse(TypeFields.NONE)),
                Collections.unmodifiableMap(embedded), indexes, counters);
        if (previous.isEmpty()) {
            return document;
        }
        int version = previous.get().version();
        return document.withVersion(version).equals(previous.get()) ? previous.get() : document.withVersion(version + 1);
    }

    /** The key components of {@code model}, in key order. */
    public static List<KeyComponent> key(EntityModel model) {
        List<KeyComponent> key = new ArrayList<>();
        for (KeyPart part : model.keyParts()) {
            key.add(new KeyComponent(part.property().storedName(), SchemaTypes.describe(part.property().type()),
                    part.partition(), part.descending()));
        }
        return List.copyOf(key);
    }

    /** Every object embedded in {@code object}, directly or deeper, by qualified name, in name order. */
    public static Map<String, ValueObject> embeddedObjects(ValueObject object) {
        Map<String, ValueObject> found = new TreeMap<>();
        collectEmbedded(object, found);
        return found;
    }

    /**
     * The fields of {@code object}: its properties now, and as removed every field {@code recorded} had or
     * remembered that it no longer has.
     */
    private static TypeFields fields(ValueObject object, TypeFields recorded) {
        List<FieldEntry> current = new ArrayList<>();
        for (Property property : object.properties()) {
            current.add(new FieldEntry(property.storedName(), property.name(), SchemaTypes.describe(property.type()),
                    property.number()));
        }
        Set<String> names = current.stream().map(FieldEntry::name).collect(Collectors.toSet());
        List<FieldEntry> removed = new ArrayList<>();
        for (FieldEntry field : recorded.removed()) {
            if (!names.contains(field.name())) {
                removed.add(field);
            }
        }
        for (FieldEntry field : recorded.current()) {
            if (!names.contains(field.name())) {
                removed.add(new FieldEntry(field.name(), null, field.type(), field.number()));
            }
        }
        return new TypeFields(List.copyOf(current), List.copyOf(removed));
    }

    private static void collectEmbedded(ValueObject object, Map<String, ValueObject> found) {
        for (Property property : object.properties()) {
            collectEmbedded(property.type(), found);
        }
    }

    private static void collectEmbedded(ValueType type, Map<String, ValueObject> found) {
        if (type instanceof ValueType.Embedded embedded) {
            if (found.putIfAbsent(embedded.object().className().canonicalName(), embedded.object()) == null) {
                collectEmbedded(embedded.object(), found);
            }
        } else if (type instanceof ValueType.CollectionOf collection) {
            collectEmbedded(collection.element(), found);
        } else if (type instanceof ValueType.MapOf map) {
            collectEmbedded(map.value(), found);
        } else if (type instanceof ValueType.OptionalOf optional) {
            collectEmbedded(optional.value(), found);
        }
    }

    private static Component component(IndexModel index) {
        return new Component(index.name(), index.signature());
    }

    private static Component component(CounterModel counter) {
        return new Component(counter.name(), counter.signature());
    }
}
