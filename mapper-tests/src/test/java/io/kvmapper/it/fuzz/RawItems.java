package io.kvmapper.it.fuzz;

import io.kvmapper.KvStore;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Descending;
import io.kvmapper.tuple.Tuples;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Every item of a store, read and written through its backend ({@code store.unwrap(KvBackend.class)}), behind
 * the repositories' back, and where each lies in the key layout (docs/key-encoding.md, docs/layouts.md).
 */
final class RawItems {
    /** Every key KV Mapper writes starts with a nested tuple (0x05); this range holds them all and more. */
    static final KeyRange EVERYTHING = new KeyRange(new byte[] {0x00}, new byte[] {(byte) 0xFF});

    private RawItems() {
    }

    /** Every item of the store, in key order. */
    static NavigableMap<byte[], byte[]> snapshot(KvStore store) {
        NavigableMap<byte[], byte[]> items = new TreeMap<>(Arrays::compareUnsigned);
        try (KvCursor cursor = store.unwrap(KvBackend.class).scan(EVERYTHING, ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                items.put(item.key(), item.value());
            }
        }
        return items;
    }

    /** Writes (a value) or deletes (null) each key, in one transaction of the backend. */
    static void write(KvStore store, Map<byte[], byte[]> changes) {
        try (KvTransaction tx = store.unwrap(KvBackend.class).beginTransaction()) {
            changes.forEach((key, value) -> {
                if (value == null) {
                    tx.delete(key);
                } else {
                    tx.put(key, value);
                }
            });
            tx.commit();
        }
    }

    /** The differences between two snapshots, one line per key, for failure messages; empty if there are none. */
    static String differences(NavigableMap<byte[], byte[]> before, NavigableMap<byte[], byte[]> after) {
        StringBuilder out = new StringBuilder();
        NavigableMap<byte[], byte[]> keys = new TreeMap<>(Arrays::compareUnsigned);
        keys.putAll(before);
        keys.putAll(after);
        for (byte[] key : keys.keySet()) {
            byte[] was = before.get(key);
            byte[] now = after.get(key);
            if (!Arrays.equals(was, now)) {
                out.append("\n  ").append(Tuples.toString(key)).append(": ").append(hex(was)).append(" -> ")
                        .append(hex(now));
            }
        }
        return out.toString();
    }

    static String hex(byte[] bytes) {
        if (bytes == null) {
            return "absent";
        }
        String hex = HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 48));
        return bytes.length > 48 ? hex + "...(" + bytes.length + " bytes)" : hex;
    }

    /** The record key of {@code id}: {@code ((entity, "r", tenant), seq, weight descending)}. */
    static byte[] recordKey(SpecimenKind kind, Id id) {
        return Tuples.encode(List.of(kind.entityName(), "r", id.tenant()), id.seq(), new Descending(id.weight()));
    }

    /**
     * The key of the record that {@code key} is (monolithic) or lies under (attribute-per-key), decoded, or
     * null if no record key of the entity starts it.
     */
    static Id idOf(SpecimenKind kind, byte[] key) {
        try {
            TupleReader reader = new TupleReader(key);
            reader.beginNested();
            if (!kind.entityName().equals(reader.readString()) || !"r".equals(reader.readString())) {
                return null;
            }
            String tenant = reader.readString();
            if (reader.hasNext()) {
                return null;
            }
            reader.endNested();
            long seq = reader.readLong();
            double weight = reader.descending().readDouble();
            Id id = new Id(tenant, seq, weight);
            byte[] recordKey = recordKey(kind, id);
            boolean under = kind.attributePerKey() ? KeyRange.tuplePrefix(recordKey).contains(key)
                    : Arrays.equals(recordKey, key);
            return under ? id : null;
        } catch (RuntimeException notOfARecord) {
            return null;
        }
    }

    /** Where a key lies in the layout of one entity. */
    enum Area {
        RECORDS, INDEX, COUNTER, META, ELSEWHERE
    }

    /**
     * Where {@code key} lies for the entity, by its bytes as the mapper's scans see it: in its records' range,
     * under the partition of an index or counter it has (by name), in its metadata area, or elsewhere.
     */
    static Area areaOf(SpecimenKind kind, byte[] key, List<String> indexes, List<String> counters) {
        if (new KeyLayout(kind.entityName(), 1).records().contains(key)) {
            return Area.RECORDS;
        }
        if (startsWith(key, Tuples.encode(List.of(kind.entityName(), "m")))) {
            return Area.META;
        }
        if (componentOf(kind, key, "i", indexes) != null) {
            return Area.INDEX;
        }
        return componentOf(kind, key, "c", counters) != null ? Area.COUNTER : Area.ELSEWHERE;
    }

    /** The index ("i") or counter ("c") among {@code names} under whose partition {@code key} lies, or null. */
    static String componentOf(SpecimenKind kind, byte[] key, String tag, List<String> names) {
        for (String name : names) {
            if (startsWith(key, componentPrefix(kind, tag, name))) {
                return name;
            }
        }
        return null;
    }

    static boolean startsWith(byte[] key, byte[] prefix) {
        return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
    }

    /** The partition element {@code ((entity, tag, name))} of an index ("i") or counter ("c"). */
    static byte[] componentPrefix(SpecimenKind kind, String tag, String name) {
        return Tuples.encode(List.of(kind.entityName(), tag, name));
    }

    /** Whether two values of a counter group mean the same: equal, or each absent or zero (which reads as absent). */
    static boolean sameCount(byte[] a, byte[] b) {
        return Arrays.equals(a, b) || isZero(a) && isZero(b);
    }

    private static boolean isZero(byte[] value) {
        return value == null || Arrays.equals(value, new byte[8]);
    }
}
