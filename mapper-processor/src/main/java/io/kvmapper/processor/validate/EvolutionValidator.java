package io.kvmapper.processor.validate;

import io.kvmapper.processor.ErrorReporter;
import io.kvmapper.processor.Message;
import io.kvmapper.processor.model.CounterModel;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.IndexModel;
import io.kvmapper.processor.model.KeyPart;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.schema.SchemaDescriber;
import io.kvmapper.processor.schema.SchemaDocument;
import io.kvmapper.processor.schema.SchemaDocument.Component;
import io.kvmapper.processor.schema.SchemaDocument.FieldEntry;
import io.kvmapper.processor.schema.SchemaDocument.KeyComponent;
import io.kvmapper.processor.schema.SchemaDocument.TypeFields;
import io.kvmapper.processor.schema.SchemaTypes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Compares an entity with the schema its schema file records, and reports every change stored data
 * would not survive, on the element that makes it: a changed stored name, layout or codec (on
 * {@code @Entity}), a changed key (on {@code @Entity} for the number of components, on the {@code @Key}
 * of a changed component), a field type that stored values cannot be read as (on the field), and an
 * index or counter redefined under its name (on its annotation). Field numbers are checked where they
 * are chosen, in {@code FieldNumbers}. Everything else (fields added, removed or renamed in Java,
 * indexes and counters added or removed) is compatible.
 */
public final class EvolutionValidator {
    private static final String REMOVED = " (a removed field, whose values stored records may still hold)";

    private final AnnotationReader annotations;

    /** A validator using the compiler's element utilities. */
    public EvolutionValidator(Elements elements) {
        this.annotations = new AnnotationReader(elements);
    }

    /** Reports every incompatible difference between {@code model} and {@code previous}, kept in {@code file}. */
    public void check(EntityModel model, SchemaDocument previous, Path file, ErrorReporter reporter) {
        TypeElement type = model.element();
        if (!model.storedName().equals(previous.storedName())) {
            reporter.error(type, Annotations.ENTITY, "name", Message.EVOLVED_NAME, type.getSimpleName(),
                    previous.storedName(), model.storedName(), file);
            return;
        }
        if (model.layout() != previous.layout()) {
            reporter.error(type, Annotations.ENTITY, "layout", Message.EVOLVED_STORAGE, type.getSimpleName(), "layout",
                    previous.layout(), model.layout(), "layout", file);
        }
        if (model.codec() != previous.codec()) {
            reporter.error(type, Annotations.ENTITY, "codec", Message.EVOLVED_STORAGE, type.getSimpleName(), "codec",
                    previous.codec(), model.codec(), "codec", file);
        }
        checkKey(model, previous.key(), file, reporter);
        checkFields(model.value(), previous, model, reporter);
        SchemaDescriber.embeddedObjects(model.value()).forEach((name, object) -> checkFields(object, previous, model,
                reporter));
        checkIndexes(model, previous.indexes(), reporter);
        checkCounters(model, previous.counters(), reporter);
    }

    private static void checkKey(EntityModel model, List<KeyComponent> recorded, Path file, ErrorReporter reporter) {
        List<KeyComponent> key = SchemaDescriber.key(model);
        if (key.size() != recorded.size()) {
            reporter.error(model.element(), Annotations.ENTITY, null, Message.EVOLVED_KEY_SIZE,
                    model.element().getSimpleName(), recorded.size(), describe(recorded), key.size(), describe(key),
                    file);
            return;
        }
        for (int i = 0; i < key.size(); i++) {
            if (!key.get(i).equals(recorded.get(i))) {
                KeyPart part = model.keyParts().get(i);
                reporter.error(part.property().element(), Annotations.KEY, null, Message.EVOLVED_KEY_COMPONENT,
                        part.name(), i + 1, recorded.get(i).describe(), key.get(i).describe(), file);
            }
        }
    }

    private static String describe(List<KeyComponent> key) {
        return key.stream().map(KeyComponent::describe).collect(Collectors.joining("; "));
    }

    /**
     * Checks the fields of {@code object} against what the file records for its type; the entity's key
     * fields have their own check.
     */
    private static void checkFields(ValueObject object, SchemaDocument previous, EntityModel model,
            ErrorReporter reporter) {
        TypeFields recorded = object == model.value() ? previous.fields()
                : previous.embeddedFields(object.className().canonicalName());
        for (Property property : object.properties()) {
            if (object == model.value() && model.keyParts().stream().anyMatch(k -> k.property().equals(property))) {
                continue;
            }
            Optional<FieldEntry> entry = recorded.find(property.storedName());
            String type = SchemaTypes.describe(property.type());
            if (entry.isPresent() && !SchemaTypes.readableAs(entry.get().type(), type)) {
                reporter.error(property.element(), Message.EVOLVED_FIELD_TYPE, property.name(), type, entry.get().type(),
                        property.storedName(), recorded.isRemoved(entry.get()) ? REMOVED : "");
            }
        }
    }

    private void checkIndexes(EntityModel model, List<Component> recorded, ErrorReporter reporter) {
        Map<String, String> signatures = signatures(recorded);
        for (IndexModel index : model.indexes()) {
            String before = signatures.get(index.name());
            if (before != null && !SchemaTypes.sameEntries(before, index.signature())) {
                reportOnIndex(model, index, before, reporter);
            }
        }
    }

    /** Reports a redefined index on the {@code @Index} that declares it, on its field or on the class. */
    private void reportOnIndex(EntityModel model, IndexModel index, String before, ErrorReporter reporter) {
        String name = index.name();
        Object[] args = {name, before, index.signature()};
        for (Property property : model.value().properties()) {
            AnnotationMirror mirror = ErrorReporter.annotation(property.element(), Annotations.INDEX);
            if (mirror != null && name.equals(annotations.string(mirror, "name").isEmpty() ? property.name()
                    : annotations.string(mirror, "name"))) {
                reporter.error(property.element(), mirror, null, Message.EVOLVED_INDEX, args);
                return;
            }
        }
        TypeElement type = model.element();
        for (AnnotationMirror mirror : annotations.repeated(type, Annotations.INDEX, Annotations.INDEX_LIST)) {
            String declared = annotations.string(mirror, "name");
            if (name.equals(declared.isEmpty() ? SchemaValidator.defaultName(annotations.strings(mirror, "fields"))
                    : declared)) {
                reporter.error(type, mirror, null, Message.EVOLVED_INDEX, args);
                return;
            }
        }
        reporter.error(type, Message.EVOLVED_INDEX, args);
    }

    private void checkCounters(EntityModel model, List<Component> recorded, ErrorReporter reporter) {
        Map<String, String> signatures = signatures(recorded);
        TypeElement type = model.element();
        for (CounterModel counter : model.counters()) {
            String before = signatures.get(counter.name());
            if (before == null || SchemaTypes.sameEntries(before, counter.signature())) {
                continue;
            }
            AnnotationMirror on = annotations.repeated(type, Annotations.COUNTER, Annotations.COUNTER_LIST).stream()
                    .filter(mirror -> annotations.string(mirror, "name").equals(counter.name()))
                    .findFirst().orElse(null);
            reporter.error(type, on, null, Message.EVOLVED_COUNTER, counter.name(), before, counter.signature());
        }
    }

    private static Map<String, String> signatures(List<Component> components) {
        return components.stream().collect(Collectors.toMap(Component::name, Component::signature, (a, b) -> a));
    }
}
