package io.kvmapper.internal.mapping;

import java.time.Instant;
import java.util.Objects;
import java.util.function.Function;

/**
 * An entity's {@code @Expires} field, as the processor describes it.
 *
 * @param field the field's stored name, which names the entity's expiry index
 * @param expiresAt when an entity expires; null for never
 * @param <E> the entity type
 */
public record ExpiryDefinition<E>(String field, Function<E, Instant> expiresAt) {
    /** Checks the definition. */
    public ExpiryDefinition {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(expiresAt, "expiresAt");
    }

    /** A canonical description of the expiry index; one whose signature changes is rebuilt. */
    public String signature() {
        return "expires(" + field + ":INSTANT)";
    }

    /** Whether {@code entity} has expired at {@code now}: its expiry is set and not after {@code now}. */
    public boolean hasExpired(E entity, Instant now) {
        Instant at = expiresAt.apply(entity);
        return at != null && !at.isAfter(now);
    }
}
