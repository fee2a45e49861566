package io.kvmapper.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The {@code java.time.Instant} field that says when the entity expires; {@code null} means never. From that
 * instant on the entity is absent to every read, whether or not it has been deleted yet; the store's reaper
 * then deletes it with its index entries and counter contributions (until then counters still include it).
 * One field per entity, not a key component. See {@code docs/expiry-and-changes.md}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Expires {
}
