package io.kvmapper.processor.write;

import io.kvmapper.processor.model.ValueType;

/**
 * A visitor for code that only ever meets the kinds that hold entries: a list or set, and a map (the
 * field of an element-wise change, a wrapper message). Any other kind reaching it is a bug of the caller,
 * and fails with the type named.
 *
 * @param <R> what the visitor returns
 */
abstract class ContainerVisitor<R> implements ValueType.Visitor<R> {
    @Override
    public final R scalar(ValueType.Scalar scalar) {
        throw notAContainer(scalar);
    }

    @Override
    public final R embedded(ValueType.Embedded embedded) {
        throw notAContainer(embedded);
    }

    @Override
    public final R optional(ValueType.OptionalOf optional) {
        throw notAContainer(optional);
    }

    @Override
    public final R databind(ValueType.Databind databind) {
        throw notAContainer(databind);
    }

    private static IllegalStateException notAContainer(ValueType type) {
        return new IllegalStateException("expected a collection or a map, not " + type.typeName());
    }
}
