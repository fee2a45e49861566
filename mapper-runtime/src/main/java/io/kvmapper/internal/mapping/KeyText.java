package io.kvmapper.internal.mapping;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.internal.tuple.TypeCodes;
import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaJson;
import io.kvmapper.tuple.Tuples;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * An entity's record keys as people read them, for messages: each component named and typed, from the key the
 * entity's schema describes, so a descending component shows its value rather than its inverted bytes and an
 * {@code Instant} shows as an instant rather than nanoseconds: {@code (userId=1,
 * placedAt=2026-11-02T10:15:30Z, orderId="o-1")}. {@link Tuples#toString} stays the schema-less form, which any
 * key has; a key that does not fit the schema is printed that way.
 */
public final class KeyText {
    /** Per mapping (one instance per entity class); weak, so that an application's classes can be unloaded. */
    private static final Map<EntityMapping<?>, KeyText> CACHE = Collections.synchronizedMap(new WeakHashMap<>());

    private final List<SchemaDocument.KeyComponent> components;

    private KeyText(List<SchemaDocument.KeyComponent> components) {
        this.components = components;
    }

    /** The key text of the entity {@code mapping} describes; schema-less if its schema cannot be read. */
    public static KeyText of(EntityMapping<?> mapping) {
        return CACHE.computeIfAbsent(mapping, m -> {
            try {
                return new KeyText(SchemaJson.read(m.schema(), m.entityName() + "'s schema").key());
            } catch (RuntimeException e) {
                return new KeyText(List.of());
            }
        });
    }

    /** For a key described by {@code components} directly. */
    public static KeyText of(List<SchemaDocument.KeyComponent> components) {
        return new KeyText(List.copyOf(components));
    }

    /**
     * The record key {@code recordKey} ({@code ((entity, "r", partition...), rest...)}) as people read it; the
     * schema-less {@link Tuples#toString} form if it does not have the described shape.
     */
    public String describe(byte[] recordKey) {
        if (components.isEmpty() || recordKey == null) {
            return Tuples.toString(recordKey);
        }
        try {
            TupleReader reader = new TupleReader(recordKey);
            StringBuilder out = new StringBuilder("(");
            reader.beginNested();
            reader.skip();
            reader.skip();
            int i = 0;
            for (; i < components.size() && components.get(i).partition(); i++) {
                append(out, i, reader);
            }
            reader.endNested();
            for (; i < components.size(); i++) {
                append(out, i, reader);
            }
            if (reader.hasNext()) {
                return Tuples.toString(recordKey);
            }
            return out.append(')').toString();
        } catch (CorruptDataException | IllegalStateException e) {
            return Tuples.toString(recordKey);
        }
    }

    private void append(StringBuilder out, int i, TupleReader reader) {
        SchemaDocument.KeyComponent component = components.get(i);
        if (i > 0) {
            out.append(", ");
        }
        out.append(component.field()).append('=');
        if (component.descending()) {
            reader.descending();
        }
        if (reader.nextIsNull()) {
            reader.readNull();
            out.append("null");
            return;
        }
        Object value = switch (component.type()) {
            case "Instant" -> reader.readInstant();
            case "LocalDate" -> reader.readLocalDate();
            case "LocalDateTime" -> reader.readLocalDateTime();
            case "BigDecimal" -> reader.readBigDecimal().toPlainString();
            default -> reader.peekType() == TypeCodes.NESTED ? null : reader.read();
        };
        if (value == null) {
            throw new IllegalStateException("a nested key component");
        }
        if (value instanceof String s && !component.type().startsWith("enum ")) {
            String quoted = Tuples.toString(Tuples.encode(s));   // ("...") with escapes, as Tuples.toString quotes
            out.append(quoted, 1, quoted.length() - 1);
        } else {
            out.append(value);
        }
    }
}
