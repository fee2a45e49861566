package io.kvmapper.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A primary-key component. Several components make a composite key, in declaration order unless
 * {@link #order()} is given on every component.
 *
 * <p>The leading components marked {@link #partition()} form the partition: items of one partition
 * stay together (on one replica set of a distributed backend). If no component says {@code partition},
 * the first component is the partition.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Key {
    /** The position of this component in the key, starting at 0; {@code -1} means declaration order. */
    int order() default -1;

    /** Whether this component belongs to the partition; partition components must lead the key. */
    boolean partition() default false;

    /** Whether this component sorts in descending order (for "newest first" scans). */
    boolean descending() default false;
}
