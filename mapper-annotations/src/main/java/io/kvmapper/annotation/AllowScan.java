package io.kvmapper.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a method of a {@link Repository} interface: that method may scan every entity when no key prefix or
 * index serves it. Without it such a method is a compile error naming the {@link Index} that would serve it,
 * so a full scan is always a decision written in the code, never an accident.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface AllowScan {
}
