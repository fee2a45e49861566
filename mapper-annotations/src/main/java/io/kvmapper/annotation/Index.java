package io.kvmapper.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A secondary index. On a field it indexes that field; on the class it is a composite index over
 * {@link #fields()}, which may be dotted paths into embedded objects ({@code "address.city"}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.TYPE})
@Repeatable(Index.List.class)
public @interface Index {
    /**
     * The index name, which also names its finders ({@code findBy<Name>}); defaults to the field name,
     * or on the class to the camel-cased paths joined with "And" ({@code addressCityAndAge}).
     */
    String name() default "";

    /** Whether two entities may not share a value. */
    boolean unique() default false;

    /** For a class-level index: the indexed fields or dotted paths, in order. */
    String[] fields() default {};

    /** Holds repeated class-level {@link Index} annotations. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        /** The repeated indexes. */
        Index[] value();
    }
}
