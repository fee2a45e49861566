package io.kvmapper.processor.validate;

import io.kvmapper.annotation.Field;
import io.kvmapper.processor.ErrorReporter;
import io.kvmapper.processor.Message;
import io.kvmapper.processor.model.Property;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.TypeElement;

/**
 * Gives each stored field of a record or class its Protobuf field number: the number its
 * {@code @Field(number)} states, otherwise the lowest number not yet taken, in declaration order. This
 * is the one place numbers are chosen, so that numbers recorded by an earlier build can be fed in here
 * and never change.
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
     * number that is out of range, reserved by Protobuf, or stated twice, and returns empty then.
     */
    static Optional<List<Property>> assign(TypeElement owner, List<Property> properties, ErrorReporter reporter) {
        Map<Integer, Property> stated = new HashMap<>();
        boolean ok = true;
        for (Property property : properties) {
            int number = statedNumber(property);
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
                }
            }
        }
        if (!ok) {
            return Optional.empty();
        }
        List<Property> numbered = new ArrayList<>();
        int next = 1;
        for (Property property : properties) {
            int number = statedNumber(property);
            if (number == 0) {
                while (stated.containsKey(next) || isReserved(next)) {
                    next++;
                }
                number = next++;
            }
            numbered.add(property.withNumber(number));
        }
        return Optional.of(List.copyOf(numbered));
    }

    private static int statedNumber(Property property) {
        Field field = property.element().getAnnotation(Field.class);
        return field == null ? 0 : field.number();
    }

    private static boolean isReserved(int number) {
        return number >= RESERVED_FIRST && number <= RESERVED_LAST;
    }
}
