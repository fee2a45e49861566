package io.kvmapper.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A query interface the processor implements. The interface extends {@code io.kvmapper.CrudRepository<E, K>}
 * for an {@link Entity} {@code E} with key type {@code K}, lives in {@code E}'s package, and declares derived
 * queries ({@code findByAgeBetween}, {@code findFirstByStatusOrderByJoinedAtDesc}, {@code countByStatus}, ...):
 * the processor parses each method name, checks that the key or an {@link Index} serves it, and generates
 * {@code <Interface>_Impl}, a {@code public final} class with a constructor taking a {@code KvStore}. A method
 * no key prefix or index can serve is a compile error, unless it carries {@link AllowScan}. Default methods
 * are kept. See {@code docs/queries.md}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Repository {
}
