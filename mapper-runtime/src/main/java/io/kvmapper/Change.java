package io.kvmapper;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One committed change of an entity with a change feed ({@code @ChangeFeed}), as the generated repository's
 * {@code changes(PageRequest)} and {@code onChange(Consumer)} deliver it. Every insert, save, update,
 * element-wise change, delete and expiry of the entity appends one, in the same unit of work as the change
 * itself; a unit of work that does not commit appends none.
 *
 * <p>A consumer that applies changes elsewhere can make itself idempotent with {@link #position()}: positions
 * compare as strings in the feed's order, so a change at or before the last position applied (for its key) was
 * applied already. See {@code docs/expiry-and-changes.md} for the order each backend guarantees.
 *
 * @param kind whether the entity was written or removed
 * @param key the entity's key components, in key order, each as its Java type
 * @param entity the entity as the change left it; empty for a {@link Kind#DELETE}
 * @param committedAt when the unit of work made the change, by the store's clock (the clock retention uses)
 * @param position where the change lies in the feed: lowercase hexadecimal digits, which compare as strings in
 *     the feed's order; unique within the entity's feed
 * @param <E> the entity type
 */
public record Change<E>(Kind kind, List<Object> key, Optional<E> entity, Instant committedAt, String position) {
    /** What a change did to the entity. */
    public enum Kind {
        /** The entity was inserted or replaced, or a field or element of it changed: {@link #entity()} holds it. */
        PUT,
        /** The entity was deleted, or expired and was reaped. */
        DELETE
    }

    /** Checks the change: a put carries its entity, a delete none. */
    public Change {
        Objects.requireNonNull(kind, "kind");
        key = List.copyOf(key);
        Objects.requireNonNull(entity, "entity");
        Objects.requireNonNull(committedAt, "committedAt");
        Objects.requireNonNull(position, "position");
        if (entity.isPresent() != (kind == Kind.PUT)) {
            throw new IllegalArgumentException("a " + kind + " change " + (kind == Kind.PUT ? "carries" : "carries no")
                    + " entity");
        }
    }
}
