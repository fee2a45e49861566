package io.kvmapper.it.fuzz;

import io.kvmapper.it.fuzz.Damage.Kind;
import io.kvmapper.it.fuzz.RawItems.Area;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;

/**
 * What a damage lets reads do and what {@code verify()} must find, worked out from the changes it made to the
 * store as it was ({@link Damage}). A change that means what the bytes meant before is no damage: writing the
 * same bytes, a counter group absent or at zero either way (zero reads as absent), an attribute item's
 * integrity check dropped (a value written before values had checks, read as such: docs/codecs.md).
 */
final class Expectation {
    /** Nothing damaged: every read exact, {@code verify()} clean. */
    static final Expectation NONE = new Expectation();

    /** Whether a fault changed what {@code verify()} recomputes or checks: a record, an index entry, a group. */
    boolean mustReport;
    /** The records whose items changed. */
    final Set<Id> touched = new HashSet<>();
    /**
     * The records that may read as an entity other than the one written: forged ones, and attribute-per-key
     * records that lost an item whole, which the per-item check cannot see (docs/codecs.md).
     */
    final Set<Id> relaxed = new HashSet<>();
    /** Keys changed in the records area that lie under no record key of the entity. */
    final List<byte[]> stray = new ArrayList<>();
    final Set<String> indexes = new HashSet<>();
    final Set<String> counters = new HashSet<>();
    /** The metadata keys changed. */
    final List<byte[]> meta = new ArrayList<>();
    /** How many changes were damage (not the same meaning). */
    int changes;

    private Expectation() {
    }

    static Expectation of(SpecimenKind kind, NavigableMap<byte[], byte[]> before, Damage damage) {
        Expectation expectation = new Expectation();
        for (Map.Entry<byte[], byte[]> change : damage.changes().entrySet()) {
            byte[] key = change.getKey();
            byte[] was = before.get(key);
            byte[] now = change.getValue();
            Area area = RawItems.areaOf(kind, key, Damager.INDEXES, Damager.COUNTERS);
            if (Arrays.equals(was, now) || area == Area.COUNTER && RawItems.sameCount(was, now)
                    || area == Area.RECORDS && uncheckedOf(was, now)) {
                continue;
            }
            expectation.changes++;
            boolean fault = damage.kindOf(key) == Kind.FAULT;
            switch (area) {
                case RECORDS -> {
                    Id id = RawItems.idOf(kind, key);
                    if (id == null) {
                        expectation.stray.add(key);
                        expectation.mustReport |= fault;
                        continue;
                    }
                    expectation.touched.add(id);
                    boolean lostItem = kind.attributePerKey() && now == null
                            && !Arrays.equals(key, RawItems.recordKey(kind, id));
                    if (!fault || lostItem) {
                        expectation.relaxed.add(id);
                    }
                    expectation.mustReport |= fault && !lostItem;
                }
                case INDEX -> {
                    expectation.indexes.add(RawItems.componentOf(kind, key, "i", Damager.INDEXES));
                    expectation.mustReport = true;
                }
                case COUNTER -> {
                    expectation.counters.add(RawItems.componentOf(kind, key, "c", Damager.COUNTERS));
                    expectation.mustReport = true;
                }
                case META -> expectation.meta.add(key);
                default -> {
                }
            }
        }
        return expectation;
    }

    /** Whether {@code now} is {@code was} without its integrity check: the same item, as an older version wrote it. */
    private static boolean uncheckedOf(byte[] was, byte[] now) {
        return was != null && now != null && Damager.isChecked(was)
                && Arrays.equals(was, 5, was.length, now, 0, now.length);
    }

    boolean touchesRecords() {
        return !touched.isEmpty() || !stray.isEmpty();
    }

    @Override
    public String toString() {
        return "expected: " + (mustReport ? "verify() reports it" : "verify() need not report it") + "; records "
                + touched + (relaxed.isEmpty() ? "" : " (may read otherwise: " + relaxed + ")")
                + (stray.isEmpty() ? "" : "; " + stray.size() + " key(s) under no record") + "; indexes " + indexes
                + "; counters " + counters + (meta.isEmpty() ? "" : "; " + meta.size() + " metadata key(s)");
    }
}
