package io.kvmapper.internal.index;

import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.mapping.ExpiryDefinition;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.spi.KeyRange;
import java.time.Instant;

/**
 * The expiry index of an entity with an {@code @Expires} field: one entry per record that expires, keyed by the
 * instant and then the record's key, with an empty value, in an area of its own
 * ({@code ((entity, "x", field), instant, k1..kn)}). The entries sort by instant, so the reaper finds every record
 * expired by now with one range scan from the start. Kept in step by the one write path like any index (a save
 * that moves or clears the expiry moves or removes the entry in the same unit of work), built online when the field
 * is added to an entity with records, and checked by {@code verify()} and {@code repair()}; no finder reads it.
 *
 * @param <E> the entity type
 */
public final class ExpiryIndexMaintainer<E> extends ValueIndexMaintainer<E> {
    private final ExpiryDefinition<E> expiry;

    ExpiryIndexMaintainer(KeyLayout layout, ExpiryDefinition<E> expiry, ComponentStates states) {
        super(ComponentKind.EXPIRY, layout, definition(expiry), states);
        this.expiry = expiry;
    }

    /** The index over the instants: one value for an entity that expires, none for one that never does. */
    private static <E> IndexDefinition<E> definition(ExpiryDefinition<E> expiry) {
        return new IndexDefinition<>(expiry.field(), false, 1, expiry.signature(), (entity, out) -> {
            Instant at = expiry.expiresAt().apply(entity);
            if (at != null) {
                out.add(instant(at));
            }
        });
    }

    /** The entity's expiry definition. */
    public ExpiryDefinition<E> expiry() {
        return expiry;
    }

    /** Every entry of a record that has expired at {@code now}: its instant is not after {@code now}. */
    public KeyRange expiredBy(Instant now) {
        return new KeyRange(prefix, KeyRange.tuplePrefix(KeyLayout.uniqueEntry(prefix, instant(now))).end());
    }

    private static byte[] instant(Instant at) {
        return new TupleWriter(16).writeInstant(at).toByteArray();
    }
}
