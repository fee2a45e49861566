package io.kvmapper.processor.validate;

import io.kvmapper.processor.annotations.Annotations;
import io.kvmapper.processor.diagnostic.ErrorReporter;
import io.kvmapper.processor.diagnostic.Message;
import io.kvmapper.processor.model.Property;
import io.kvmapper.processor.model.ValueObject;
import java.util.ArrayList;
import java.util.List;
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
        List<ValueObject> objects = new ArrayList<>();
        objects.add(value);
        objects.addAll(value.embedded().values());
        for (ValueObject object : objects) {
            for (Property property : object.properties()) {
                if (!FIELD_NAME.matcher(property.storedName()).matches()) {
                    reporter.error(property.element(), Annotations.FIELD, "name", Message.PROTO_NAME, property.name(),
                            property.storedName(), entity.getSimpleName());
                }
            }
        }
    }
}
