package io.kvmapper.processor.model;

import javax.lang.model.element.Element;

/**
 * One stored field of an entity or value object.
 *
 * @param name the Java name
 * @param storedName the name in stored values ({@code @Field(name)} or the Java name)
 * @param type the stored shape
 * @param read how to read it from an instance: {@code name()}, {@code getName()} or {@code name}
 * @param write how to set it on a class instance ({@code setName} or {@code name}); null for records
 * @param writeIsSetter whether {@code write} is a setter method rather than a field
 * @param element the field or record component, for diagnostics
 * @param number the field number in Protobuf values ({@code @Field(number)}, or assigned)
 */
public record Property(String name, String storedName, ValueType type, String read, String write,
        boolean writeIsSetter, Element element, int number) {

    /** This property with the field number {@code number}. */
    public Property withNumber(int number) {
        return new Property(name, storedName, type, read, write, writeIsSetter, element, number);
    }

    /** The Java expression reading this property from {@code instance}. */
    public String readFrom(String instance) {
        return instance + "." + read;
    }
}
