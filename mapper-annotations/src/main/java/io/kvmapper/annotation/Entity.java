package io.kvmapper.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record, or a class with a no-argument constructor, as a stored entity. The annotation
 * processor generates {@code <SimpleName>Repository} in the same package.
 *
 * <p>Every entity needs at least one {@link Key} component. Fields of a class must be non-private or
 * have JavaBean accessors ({@code getX}/{@code isX} and {@code setX}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Entity {
    /** The stored name of the entity, which prefixes every key it owns; defaults to the simple class name. */
    String name() default "";

    /** How the entity is laid out in the store. */
    Layout layout() default Layout.MONOLITHIC;

    /** How values are encoded. */
    Codec codec() default Codec.JSON;
}
