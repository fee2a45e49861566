package io.kvmapper.it.layout;

import io.kvmapper.spi.KvBackend;
import io.kvmapper.KvStore;
import io.kvmapper.it.StoredValues;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Raw views of a store behind the repositories' back, with the documented key layout. */
final class Raw {
    private Raw() {
    }

    /** The record key of an entity with one key component: {@code ((entity, "r", id))}. */
    static byte[] recordKey(String entity, Object id) {
        return Tuples.encode(List.of(entity, "r", id));
    }

    /** Every item in {@code range}, in key order. */
    static List<KeyValue> scan(KvReader reader, KeyRange range) {
        List<KeyValue> items = new ArrayList<>();
        try (KvCursor cursor = reader.scan(range, ScanOptions.FORWARD)) {
            cursor.forEachRemaining(items::add);
        }
        return items;
    }

    /** Every item of the record under {@code recordKey}: the keys in its tuple prefix. */
    static List<KeyValue> record(KvStore store, byte[] recordKey) {
        return scan(store.unwrap(KvBackend.class), KeyRange.tuplePrefix(recordKey));
    }

    /**
     * The items of an attribute-per-key record, each as {@code "<key tuple> = <value>"}: the head's value
     * in hex, a container as {@code {}}, anything else decoded as a tuple (so the null marker is {@code (null)}).
     */
    static List<String> describe(KvStore store, byte[] recordKey) {
        List<String> lines = new ArrayList<>();
        for (KeyValue item : record(store, recordKey)) {
            String value;
            byte[] body = StoredValues.body(item.value());
            if (java.util.Arrays.equals(item.key(), recordKey)) {
                value = "head " + HexFormat.of().formatHex(body);
            } else if (body.length == 0) {
                value = "{}";
            } else {
                value = Tuples.toString(body);
            }
            lines.add(Tuples.toString(item.key()) + " = " + value);
        }
        return lines;
    }

    /**
     * The items of a record as paths below its key, each {@code "<path tuple> = <value hex>"} (the head
     * as {@code "() = ..."}), values without their integrity check (which covers the key): equal for two
     * records that hold the same entity under different keys.
     */
    static List<String> paths(KvStore store, byte[] recordKey) {
        List<String> lines = new ArrayList<>();
        for (KeyValue item : record(store, recordKey)) {
            byte[] path = java.util.Arrays.copyOfRange(item.key(), recordKey.length, item.key().length);
            lines.add(Tuples.toString(path) + " = " + HexFormat.of().formatHex(StoredValues.body(item.value())));
        }
        return lines;
    }

    /** Items as {@code "<key hex> = <value hex>"}, for comparing two reads of the same keys. */
    static List<String> hex(List<KeyValue> items) {
        List<String> lines = new ArrayList<>();
        for (KeyValue item : items) {
            lines.add(HexFormat.of().formatHex(item.key()) + " = " + HexFormat.of().formatHex(item.value()));
        }
        return lines;
    }

    /** Every item of the store, printable key to hex value, for "the store is unchanged" checks. */
    static Map<String, String> dump(KvStore store) {
        Map<String, String> all = new LinkedHashMap<>();
        for (KeyValue item : scan(store.unwrap(KvBackend.class), new KeyRange(new byte[0], new byte[] {(byte) 0xFF, (byte) 0xFF}))) {
            all.put(HexFormat.of().formatHex(item.key()) + " " + Tuples.toString(item.key()),
                    HexFormat.of().formatHex(item.value()));
        }
        return all;
    }
}
