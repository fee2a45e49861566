package io.kvmapper.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The stable protobuf field number of a field, and its stored name (for renames). */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Field {
    /** The protobuf field number; {@code 0} lets the processor assign one. */
    int number() default 0;

    /** The stored name; defaults to the Java name. */
    String name() default "";
}
