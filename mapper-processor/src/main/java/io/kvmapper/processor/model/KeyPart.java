package io.kvmapper.processor.model;

/**
 * One primary-key component.
 *
 * @param property the field it comes from; its type is always a {@link ValueType.Scalar}
 * @param partition whether it belongs to the partition
 * @param descending whether it sorts in reverse
 */
public record KeyPart(Property property, boolean partition, boolean descending) {
    /** The scalar type of the component. */
    public ValueType.Scalar scalar() {
        return (ValueType.Scalar) property.type();
    }

    /** The Java name of the component. */
    public String name() {
        return property.name();
    }
}
