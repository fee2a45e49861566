package io.kvmapper.it.indexes;

import io.kvmapper.spi.KvBackend;
import io.kvmapper.KvStore;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads and builds raw keys behind the repositories' back, with the documented key layout
 * ({@link KeyLayout}) and tuple encoding ({@link Tuples}).
 */
final class Raw {
    static final String MEMBER = "IxMember";
    static final String TICKET = "IxTicket";
    static final String READING = "IxReading";

    static final KeyLayout MEMBERS = new KeyLayout(MEMBER, 1);
    static final KeyLayout TICKETS = new KeyLayout(TICKET, 1);
    static final KeyLayout READINGS = new KeyLayout(READING, 2);

    private Raw() {
    }

    /** The record key of a member: {@code (("IxMember", "r", id))}. */
    static byte[] memberKey(long id) {
        return Tuples.encode(List.of(MEMBER, "r", id));
    }

    /** The record key of a ticket: {@code (("IxTicket", "r", project), number)}. */
    static byte[] ticketKey(String project, long number) {
        return Tuples.encode(List.of(TICKET, "r", project), number);
    }

    /** The record key of a reading: {@code (("IxReading", "r", site, sensor), at)}. */
    static byte[] readingKey(String site, int sensor, long at) {
        return Tuples.encode(List.of(READING, "r", site, sensor), at);
    }

    /** Every item in {@code range}, keys in order. */
    static List<KeyValue> scan(KvStore store, KeyRange range) {
        List<KeyValue> items = new ArrayList<>();
        try (KvCursor cursor = store.unwrap(KvBackend.class).scan(range, ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                items.add(cursor.next());
            }
        }
        return items;
    }

    /**
     * Every entry of an index as its decoded tuple after the index prefix: the value elements, then
     * (for a non-unique index) the primary-key components.
     */
    static List<List<Object>> entries(KvStore store, KeyLayout layout, String index) {
        byte[] prefix = layout.indexPrefix(index);
        List<List<Object>> entries = new ArrayList<>();
        for (KeyValue item : scan(store, KeyRange.startingWith(prefix))) {
            entries.add(Tuples.decode(item.key(), prefix.length, item.key().length - prefix.length));
        }
        return entries;
    }

    /** A unique index's entries: value tuple (as a list) to the decoded record key it points at. */
    static Map<List<Object>, List<Object>> uniqueEntries(KvStore store, KeyLayout layout, String index) {
        byte[] prefix = layout.indexPrefix(index);
        Map<List<Object>, List<Object>> entries = new LinkedHashMap<>();
        for (KeyValue item : scan(store, KeyRange.startingWith(prefix))) {
            entries.put(Tuples.decode(item.key(), prefix.length, item.key().length - prefix.length),
                    Tuples.decode(item.value()));
        }
        return entries;
    }

    /** Every stored group of a counter, zero-valued ones included: group tuple to value, in key order. */
    static Map<List<Object>, Long> counterGroups(KvStore store, KeyLayout layout, String counter) {
        byte[] prefix = layout.counterPrefix(counter);
        Map<List<Object>, Long> groups = new LinkedHashMap<>();
        for (KeyValue item : scan(store, KeyRange.startingWith(prefix))) {
            groups.put(Tuples.decode(item.key(), prefix.length, item.key().length - prefix.length),
                    Counters.decode(item.key(), item.value()));
        }
        return groups;
    }

    /**
     * Every group of a counter that holds a value other than zero. A backend that detects conflicts removes a
     * group that falls to zero, so none holding zero may be stored there (asserted); elsewhere such a group
     * stays, holding zero, which reads as absent.
     */
    static Map<List<Object>, Long> liveGroups(KvStore store, KeyLayout layout, String counter) {
        Map<List<Object>, Long> groups = counterGroups(store, layout, counter);
        if (store.unwrap(KvBackend.class).detectsConflicts()) {
            org.junit.jupiter.api.Assertions.assertFalse(groups.containsValue(0L),
                    "counter " + counter + " keeps a group at zero: " + groups);
        }
        groups.values().removeIf(value -> value == 0);
        return groups;
    }

    /** The key of a counter group. */
    static byte[] counterKey(KeyLayout layout, String counter, Object... group) {
        return KeyLayout.counterKey(layout.counterPrefix(counter), Tuples.encode(group));
    }

    /** The key of a non-unique index entry for {@code value} (its elements) and the record under {@code recordKey}. */
    static byte[] entryKey(KeyLayout layout, String index, byte[] recordKey, Object... value) {
        return layout.entry(layout.indexPrefix(index), Tuples.encode(value), recordKey);
    }

    /** The key of a unique index entry for {@code value}. */
    static byte[] uniqueKey(KeyLayout layout, String index, Object... value) {
        return KeyLayout.uniqueEntry(layout.indexPrefix(index), Tuples.encode(value));
    }

    /** Every item of the whole store, as printable key to hex value, for "the store is unchanged" checks. */
    static Map<String, String> dump(KvStore store) {
        Map<String, String> all = new TreeMap<>();
        for (KeyValue item : scan(store, new KeyRange(new byte[0], new byte[] {(byte) 0xFF, (byte) 0xFF}))) {
            all.put(HexFormat.of().formatHex(item.key()) + " " + Tuples.toString(item.key()),
                    HexFormat.of().formatHex(item.value()));
        }
        return all;
    }

    /** Whether {@code key} is stored. */
    static boolean exists(KvStore store, byte[] key) {
        return store.unwrap(KvBackend.class).get(key) != null;
    }

    static boolean sameBytes(byte[] a, byte[] b) {
        return Arrays.equals(a, b);
    }
}
