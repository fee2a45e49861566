package io.kvmapper.it.fuzz;

import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Bytes a fuzzer writes or deletes behind the mapper's back, each change with what it stands for:
 *
 * <ul>
 *   <li>a <b>fault</b> changes stored bytes the way a failing disk, a bad copy or a buggy tool would: the
 *       changed record value no longer matches its integrity check, the index entry or counter group no
 *       longer matches the records. What the mapper must notice: {@code verify()} reports it (docs/reliability.md);
 *   <li>a <b>forgery</b> writes a record value or item whose integrity check is valid but whose content is not
 *       what the entity's code writes (the check cannot tell it from a write of another program): it exercises
 *       the decoders behind the check. The mapper cannot tell such a value from a write, so all that is asked
 *       is that it reads as an entity with the right key or as {@code CorruptDataException}, and that
 *       {@code repair()} then makes indexes and counters follow whatever it reads as.
 * </ul>
 */
final class Damage {
    /** What one change stands for. */
    enum Kind {
        FAULT, FORGERY
    }

    private final List<String> descriptions = new ArrayList<>();
    private final NavigableMap<byte[], byte[]> changes = new TreeMap<>(Arrays::compareUnsigned);
    private final NavigableMap<byte[], Kind> kinds = new TreeMap<>(Arrays::compareUnsigned);
    private final NavigableMap<byte[], byte[]> before;

    /** @param before the store before the damage */
    Damage(NavigableMap<byte[], byte[]> before) {
        this.before = before;
    }

    /** Writes {@code value} under {@code key} (deletes it if null); a later change of one key replaces an earlier. */
    Damage change(Kind kind, String description, byte[] key, byte[] value) {
        descriptions.add(description + ": " + Tuples.toString(key) + " " + RawItems.hex(before.get(key)) + " -> "
                + RawItems.hex(value));
        changes.put(key, value);
        kinds.put(key, kind);
        return this;
    }

    /** The changes: value, or null to delete. */
    NavigableMap<byte[], byte[]> changes() {
        return changes;
    }

    Kind kindOf(byte[] key) {
        return kinds.get(key);
    }

    boolean isEmpty() {
        return changes.isEmpty();
    }

    @Override
    public String toString() {
        return String.join("; ", descriptions);
    }
}
