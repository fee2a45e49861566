package io.kvmapper.it.databind;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * An interface with Jackson type information, so that databind writes which implementation a value is
 * and builds that one when reading it back (without it, the processor refuses a field of this type).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({@JsonSubTypes.Type(value = Shape.Circle.class, name = "circle"),
        @JsonSubTypes.Type(value = Shape.Square.class, name = "square")})
public interface Shape {
    /** A circle. */
    record Circle(double radius) implements Shape {
    }

    /** A square. */
    record Square(double side) implements Shape {
    }
}
