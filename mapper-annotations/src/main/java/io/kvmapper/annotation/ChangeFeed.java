package io.kvmapper.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Keeps a feed of the entity's committed changes: every insert, save, update, element-wise change, delete and
 * expiry appends one change in the same unit of work, which the generated repository's {@code changes(PageRequest)}
 * pages through and {@code onChange(Consumer)} delivers in this process. See {@code docs/expiry-and-changes.md}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ChangeFeed {
    /**
     * How long a change stays in the feed, as an ISO-8601 duration ({@code java.time.Duration.parse}): older
     * changes are removed in the background. Default seven days.
     */
    String retention() default "P7D";
}
