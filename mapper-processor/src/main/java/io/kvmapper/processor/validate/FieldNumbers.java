package io.kvmapper.processor.validate;

import io.kvmapper.processor.annotations.AnnotationReader;
import io.kvmapper.processor.annotations.AnnotationReader.FieldAnnotation;
import io.kvmapper.processor.annotations.Annotations;
import io.kvmapper.processor.diagnostic.ErrorReporter;
import io.kvmapper.processor.diagnostic.Message;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.schema.SchemaDescriber;
import io.kvmapper.schema.document.SchemaCompatibility;
import io.kvmapper.schema.document.SchemaDifference;
import io.kvmapper.schema.document.SchemaDifference.FieldNumberChanged;
import io.kvmapper.schema.document.SchemaDifference.FieldNumberTaken;
import io.kvmapper.schema.document.SchemaDocument.FieldEntry;
import io.kvmapper.schema.document.SchemaDocument.TypeFields;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.TypeElement;

/**
 * Gives each stored field of a record or class its Protobuf field number: the number its
 * {@code @Field(number)} states; otherwise the number the schema file records for its stored name (a
 * field keeps its number from build to build, and a field that comes back gets its old one); otherwise
 * the lowest number neither stated, nor recorded for any field the type has or had, nor given already,
 * in declaration order. This is the one place numbers are chosen.
 */
final class FieldNumbers {
    /** The largest Protobuf field number, 2^29 - 1. */
    static final int MAX = (1 << 29) - 1;
    private static final int RESERVED_FIRST = 19_000;
    private static final int RESERVED_LAST = 19_999;

    private FieldNumbers() {
    }

    /**
     * The properties of {@code owner}, in the same order, each with its field number; reports a stated
     * number that is out of range, reserved by Protobuf, or stated twice, and, when {@code numbersStored}
     * (the values of a Protobuf entity hold them), one that differs from the number recorded for the field
     * or that another current or removed field has; returns empty then.
     *
     * @param recordedAs whose fields the schema file records {@code owner}'s as: empty for the entity, else
     *     the embedded type's qualified name
     * @param recorded the fields the schema file records for {@code owner}, or none
     */
    static Optional<List<Property>> assign(TypeElement owner, List<Property> properties, AnnotationReader annotations,
            String recordedAs,
            TypeFields recorded, boolean numbersStored, ErrorReporter reporter) {
        Map<Integer, Property> stated = new HashMap<>();
        boolean ok = true;
        for (Property property : properties) {
            int number = statedNumber(property, annotations);
            if (number == 0) {
                continue;
            }
            if (number < 0 || number > MAX) {
                reporter.error(property.element(), Annotations.FIELD, "number", Message.FIELD_NUMBER_RANGE,
                        property.name(), number);
                ok = false;
            } else if (isReserved(number)) {
                reporter.error(property.element(), Annotations.FIELD, "number", Message.FIELD_NUMBER_RESERVED,
                        property.name(), number);
                ok = false;
            } else {
                Property previous = stated.putIfAbsent(number, property);
                if (previous != null) {
                    reporter.error(property.element(), Annotations.FIELD, "number", Message.FIELD_NUMBER_DUPLICATE,
                            property.name(), number, previous.name(), owner.getSimpleName());
                    ok = false;
                } else if (numbersStored) {
                    Optional<SchemaDifference> conflict = SchemaCompatibility.numberDifference(recordedAs, recorded,
                            new FieldEntry(property.storedName(), property.name(),
                                    SchemaDescriber.type(property.type()), number));
                    conflict.ifPresent(difference -> report(property, difference, properties, reporter));
                    ok &= conflict.isEmpty();
                }
            }
        }
        if (!ok) {
            return Optional.empty();
        }
        Set<Integer> taken = new HashSet<>(stated.keySet());
        recorded.current().forEach(f -> taken.add(f.number()));
        recorded.removed().forEach(f -> taken.add(f.number()));
        Set<Integer> given = new HashSet<>(stated.keySet());
        List<Property> numbered = new ArrayList<>();
        int next = 1;
        for (Property property : properties) {
            int number = statedNumber(property, annotations);
            if (number == 0) {
                number = recorded.find(property.storedName()).map(FieldEntry::number)
                        .filter(n -> !given.contains(n)).orElse(0);
            }
            if (number == 0) {
                while (taken.contains(next) || given.contains(next) || isReserved(next)) {
                    next++;
                }
                number = next++;
            }
            given.add(number);
            numbered.add(property.withNumber(number));
        }
        return Optional.of(List.copyOf(numbered));
    }

    /**
     * Reports a number that differs from the one recorded for the field's stored name
     * ({@link FieldNumberChanged}), or that the record gives to another field ({@link FieldNumberTaken}), on
     * the field's {@code @Field(number)}; {@code properties} are the fields of its type now.
     */
    static void report(Property property, SchemaDifference difference, List<Property> properties,
            ErrorReporter reporter) {
        if (difference instanceof FieldNumberChanged changed) {
            int recorded = changed.recorded().number();
            reporter.error(property.element(), Annotations.FIELD, "number", Message.EVOLVED_NUMBER_CHANGED,
                    property.name(), changed.current().number(), recorded, property.storedName(), recorded);
            return;
        }
        FieldNumberTaken taken = (FieldNumberTaken) difference;
        FieldEntry other = taken.holder();
        int number = taken.current().number();
        boolean stillThere = !taken.holderRemoved()
                && properties.stream().anyMatch(p -> p.storedName().equals(other.name()));
        if (stillThere) {
            reporter.error(property.element(), Annotations.FIELD, "number", Message.EVOLVED_NUMBER_TAKEN,
                    property.name(), number, other.javaName(), other.name());
        } else {
            reporter.error(property.element(), Annotations.FIELD, "number", Message.EVOLVED_NUMBER_REUSED,
                    property.name(), number, other.name(), property.name(), other.name(), other.name());
        }
    }

    private static int statedNumber(Property property, AnnotationReader annotations) {
        return annotations.field(property.element()).map(FieldAnnotation::number).orElse(0);
    }

    private static boolean isReserved(int number) {
        return number >= RESERVED_FIRST && number <= RESERVED_LAST;
    }
}
