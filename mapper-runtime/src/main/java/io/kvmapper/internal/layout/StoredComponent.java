package io.kvmapper.internal.layout;

import io.kvmapper.CorruptDataException;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An index or counter as the metadata area records it: the value of {@code ((entity, "m"), kind,
 * name)} is the tuple {@code (signature, state, detail)}, readable without a schema.
 *
 * @param name the component name
 * @param signature its definition when it was stored
 * @param state {@code READY}, {@code BUILDING}, {@code CLEARING} (to be built from scratch once the items of
 *     an earlier definition or build are deleted), {@code FAILED} or {@code DROPPING}
 * @param detail why a build failed, or empty
 */
public record StoredComponent(String name, String signature, String state, String detail) {
    public static final String READY = "READY";
    public static final String BUILDING = "BUILDING";
    public static final String CLEARING = "CLEARING";
    public static final String FAILED = "FAILED";
    public static final String DROPPING = "DROPPING";

    /** Whether this is stored with {@code signature} in {@code state}. */
    public boolean is(String signature, String state) {
        return this.signature.equals(signature) && this.state.equals(state);
    }

    /** Whether no build, clearing or drop is working on the component. */
    public boolean isSettled() {
        return state.equals(READY) || state.equals(FAILED);
    }

    /** Every component of {@code kind} (an index or counter kind of {@link MetaKinds}) that the entity records. */
    public static Map<String, StoredComponent> readAll(KvTransaction kv, KeyLayout layout, String kind) {
        Map<String, StoredComponent> stored = new LinkedHashMap<>();
        try (KvCursor cursor = kv.scan(layout.meta(kind), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                List<Object> key = Tuples.decode(item.key());
                if (key.size() != 3 || !(key.get(2) instanceof String name)) {
                    throw new CorruptDataException("schema entry " + Tuples.toString(item.key()) + " names no "
                            + kind + ": expected ((entity, \"m\"), \"" + kind + "\", name)");
                }
                stored.put(name, parse(name, item.key(), item.value()));
            }
        }
        return stored;
    }

    /** The component whose metadata key is {@code metaKey}, which must exist. */
    public static StoredComponent read(KvTransaction kv, byte[] metaKey) {
        byte[] value = kv.get(metaKey);
        if (value == null) {
            throw new CorruptDataException("schema entry " + Tuples.toString(metaKey) + " vanished during a build");
        }
        List<Object> key = Tuples.decode(metaKey);
        String name = (String) key.get(key.size() - 1);
        return parse(name, metaKey, value);
    }

    /** Records a component. */
    public static void write(KvTransaction kv, byte[] metaKey, String signature, String state, String detail) {
        kv.put(metaKey, Tuples.encode(signature, state, detail));
    }

    /**
     * The component stored under the metadata key {@code key} as {@code value}.
     *
     * @throws CorruptDataException if the value is not a component
     */
    public static StoredComponent parse(String name, byte[] key, byte[] value) {
        List<Object> fields = Tuples.decode(value);
        if (fields.size() != 3 || !(fields.get(0) instanceof String signature) || !(fields.get(1) instanceof String state)
                || !(fields.get(2) instanceof String detail)) {
            throw new CorruptDataException("schema entry " + Tuples.toString(key) + " holds " + Tuples.toString(value)
                    + "; expected (signature, state, detail)");
        }
        return new StoredComponent(name, signature, state, detail);
    }
}
