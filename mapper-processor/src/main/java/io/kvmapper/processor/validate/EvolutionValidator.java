package io.kvmapper.processor.validate;

import io.kvmapper.processor.annotations.AnnotationReader;
import io.kvmapper.processor.annotations.AnnotationReader.CounterAnnotation;
import io.kvmapper.processor.annotations.AnnotationReader.IndexAnnotation;
import io.kvmapper.processor.annotations.Annotations;
import io.kvmapper.processor.diagnostic.ErrorReporter;
import io.kvmapper.processor.diagnostic.Message;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.model.KeyPart;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.schema.SchemaDescriber;
import io.kvmapper.schema.document.Redefinition;
import io.kvmapper.schema.document.SchemaCompatibility;
import io.kvmapper.schema.document.SchemaDifference;
import io.kvmapper.schema.document.SchemaDifference.CodecChanged;
import io.kvmapper.schema.document.SchemaDifference.FieldNumberChanged;
import io.kvmapper.schema.document.SchemaDifference.FieldNumberTaken;
import io.kvmapper.schema.document.SchemaDifference.FieldTypeChanged;
import io.kvmapper.schema.document.SchemaDifference.KeyComponentChanged;
import io.kvmapper.schema.document.SchemaDifference.KeyLengthChanged;
import io.kvmapper.schema.document.SchemaDifference.LayoutChanged;
import io.kvmapper.schema.document.SchemaDifference.NameChanged;
import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaDocument.FieldEntry;
import io.kvmapper.schema.document.SchemaDocument.KeyComponent;
import java.nio.file.Path;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Compares an entity with the schema its schema file records, by the rules of {@link SchemaCompatibility},
 * and reports every change stored data would not survive on the element that makes it: a changed stored
 * name, layout or codec (on {@code @Entity}), a changed key (on {@code @Entity} for the number of
 * components, on the {@code @Key} of a changed component), a field type that stored values cannot be read
 * as (on the field), and an index or counter redefined under its name (on its annotation). Field numbers
 * are checked where they are chosen, in {@code FieldNumbers}, which reports on the {@code @Field(number)}
 * that states one; an entity whose numbers were chosen has none the rules refuse. Everything else (fields
 * added, removed or renamed in Java, indexes and counters added or removed) is compatible.
 */
public final class EvolutionValidator {
    private static final String REMOVED = " (a removed field, whose values stored records may still hold)";

    private final AnnotationReader annotations;

    /** A validator using the compiler's element utilities. */
    public EvolutionValidator(Elements elements) {
        this.annotations = new AnnotationReader(elements);
    }

    /**
     * Reports every incompatible difference between {@code previous}, kept in {@code file}, and
     * {@code current}, the document of {@code model}.
     */
    public void check(EntityModel model, SchemaDocument previous, SchemaDocument current, Path file,
            ErrorReporter reporter) {
        for (SchemaDifference difference : SchemaCompatibility.differences(previous, current)) {
            report(model, difference, file, reporter);
        }
        for (Redefinition redefinition : SchemaCompatibility.redefinitions(previous, current)) {
            if (redefinition.kind() == Redefinition.Kind.INDEX) {
                reportOnIndex(model, redefinition, reporter);
            } else {
                reportOnCounter(model, redefinition, reporter);
            }
        }
    }

    private static void report(EntityModel model, SchemaDifference difference, Path file, ErrorReporter reporter) {
        TypeElement type = model.element();
        if (difference instanceof NameChanged name) {
            reporter.error(type, Annotations.ENTITY, "name", Message.EVOLVED_NAME, type.getSimpleName(),
                    name.recorded(), name.current(), file);
        } else if (difference instanceof LayoutChanged layout) {
            reporter.error(type, Annotations.ENTITY, "layout", Message.EVOLVED_STORAGE, type.getSimpleName(), "layout",
                    layout.recorded(), layout.current(), "layout", file);
        } else if (difference instanceof CodecChanged codec) {
            reporter.error(type, Annotations.ENTITY, "codec", Message.EVOLVED_STORAGE, type.getSimpleName(), "codec",
                    codec.recorded(), codec.current(), "codec", file);
        } else if (difference instanceof KeyLengthChanged key) {
            reporter.error(type, Annotations.ENTITY, null, Message.EVOLVED_KEY_SIZE, type.getSimpleName(),
                    key.recorded().size(), KeyComponent.describe(key.recorded()), key.current().size(),
                    KeyComponent.describe(key.current()), file);
        } else if (difference instanceof KeyComponentChanged component) {
            KeyPart part = model.keyParts().get(component.index());
            reporter.error(part.property().element(), Annotations.KEY, null, Message.EVOLVED_KEY_COMPONENT,
                    part.name(), component.index() + 1, component.recorded().describe(),
                    component.current().describe(), file);
        } else if (difference instanceof FieldTypeChanged field) {
            FieldEntry current = field.current();
            reporter.error(property(model, field.owner(), current).element(), Message.EVOLVED_FIELD_TYPE,
                    current.javaName(), current.type(), field.recorded().type(), current.name(),
                    field.removed() ? REMOVED : "");
        } else if (difference instanceof FieldNumberChanged number) {
            reportNumber(model, number.owner(), number.current(), difference, reporter);
        } else {
            FieldNumberTaken number = (FieldNumberTaken) difference;
            reportNumber(model, number.owner(), number.current(), difference, reporter);
        }
    }

    private static void reportNumber(EntityModel model, String owner, FieldEntry field, SchemaDifference difference,
            ErrorReporter reporter) {
        FieldNumbers.report(property(model, owner, field), difference, object(model, owner).properties(), reporter);
    }

    /** The object whose fields {@code owner} names: the entity's value, or an embedded object of it. */
    private static ValueObject object(EntityModel model, String owner) {
        return owner.isEmpty() ? model.value() : SchemaDescriber.embeddedObjects(model.value()).get(owner);
    }

    /** The property the current document describes as {@code field} of {@code owner}. */
    private static Property property(EntityModel model, String owner, FieldEntry field) {
        return object(model, owner).properties().stream().filter(p -> p.storedName().equals(field.name()))
                .findFirst().orElseThrow();
    }

    /** Reports a redefined index on the {@code @Index} that declares it, on its field or on the class. */
    private void reportOnIndex(EntityModel model, Redefinition index, ErrorReporter reporter) {
        String name = index.name();
        Object[] args = {name, index.recorded(), index.current()};
        for (Property property : model.value().properties()) {
            Optional<IndexAnnotation> declared = annotations.fieldIndex(property.element());
            if (declared.isPresent() && name.equals(SchemaValidator.fieldIndexName(declared.get(), property))) {
                reporter.error(property.element(), declared.get().mirror(), null, Message.EVOLVED_INDEX, args);
                return;
            }
        }
        TypeElement type = model.element();
        for (IndexAnnotation declared : annotations.typeIndexes(type)) {
            if (name.equals(SchemaValidator.typeIndexName(declared))) {
                reporter.error(type, declared.mirror(), null, Message.EVOLVED_INDEX, args);
                return;
            }
        }
        reporter.error(type, Message.EVOLVED_INDEX, args);
    }

    /** Reports a redefined counter on the {@code @Counter} that declares it. */
    private void reportOnCounter(EntityModel model, Redefinition counter, ErrorReporter reporter) {
        TypeElement type = model.element();
        AnnotationMirror on = annotations.counters(type).stream()
                .filter(declared -> declared.name().equals(counter.name()))
                .map(CounterAnnotation::mirror).findFirst().orElse(null);
        reporter.error(type, on, null, Message.EVOLVED_COUNTER, counter.name(), counter.recorded(), counter.current());
    }
}
