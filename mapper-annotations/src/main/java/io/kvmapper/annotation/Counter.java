package io.kvmapper.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A maintained aggregate: the number of entities per group, or with {@link #sum()} the sum of a
 * numeric field per group. Without {@link #groupBy()} it is one global figure.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(Counter.List.class)
public @interface Counter {
    /** The counter name, which also names its generated getters. */
    String name();

    /** The fields whose values form a group. */
    String[] groupBy() default {};

    /** A numeric field to sum instead of counting entities. */
    String sum() default "";

    /** Holds repeated {@link Counter} annotations. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        /** The repeated counters. */
        Counter[] value();
    }
}
