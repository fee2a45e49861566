package io.kvmapper.processor.validate;

import io.kvmapper.processor.annotations.Annotations;
import io.kvmapper.processor.diagnostic.ErrorReporter;
import io.kvmapper.processor.diagnostic.Message;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.ValueObject;
import io.kvmapper.processor.model.ValueType;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;
import javax.lang.model.element.TypeElement;

/**
 * The checks only a Protobuf entity needs: every stored name, in the entity and in the objects it
 * embeds, must be a field name in the exported {@code .proto} file. Everything else a Protobuf entity
 * can hold, a JSON entity can hold too, and the other way round.
 */
final class ProtobufValidator {
    private static final Pattern FIELD_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private ProtobufValidator() {
    }

    /** Reports every stored name under {@code value} that is not a Protobuf field name. */
    static void check(TypeElement entity, ValueObject value, ErrorReporter reporter) {
        check(entity, value, reporter, new HashSet<>());
    }

    private static void check(TypeElement entity, ValueObject object, ErrorReporter reporter, Set<ValueObject> seen) {
        if (!seen.add(object)) {
            return;
        }
        for (Property property : object.properties()) {
            if (!FIELD_NAME.matcher(property.storedName()).matches()) {
                reporter.error(property.element(), Annotations.FIELD, "name", Message.PROTO_NAME, property.name(),
                        property.storedName(), entity.getSimpleName());
            }
            embedded(property.type(), entity, reporter, seen);
        }
    }

    private static void embedded(ValueType type, TypeElement entity, ErrorReporter reporter, Set<ValueObject> seen) {
        if (type instanceof ValueType.Embedded e) {
            check(entity, e.object(), reporter, seen);
        } else if (type instanceof ValueType.OptionalOf o) {
            embedded(o.value(), entity, reporter, seen);
        } else if (type instanceof ValueType.CollectionOf c) {
            embedded(c.element(), entity, reporter, seen);
        } else if (type instanceof ValueType.MapOf m) {
            embedded(m.value(), entity, reporter, seen);
        }
    }
}
