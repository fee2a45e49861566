package io.kvmapper.it.reliability;

import io.kvmapper.KvStore;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The items of a store behind the repositories' back, in the documented key layout, as damage makes them. */
final class RawStore {
    private RawStore() {
    }

    /** Every item in the records area of {@code entity}: each record's value, or its head and attribute items. */
    static List<KeyValue> records(KvStore store, String entity) {
        return scan(store, new KeyLayout(entity, 1).records());
    }

    /** Every item under the entity's name: records, index entries, counters and metadata. */
    static List<KeyValue> entity(KvStore store, String entity) {
        byte[] name = Tuples.encode(entity);
        byte[] prefix = new byte[1 + name.length];
        prefix[0] = 0x05; // every key's first element is a nested tuple that starts with the entity name
        System.arraycopy(name, 0, prefix, 1, name.length);
        return scan(store, KeyRange.startingWith(prefix));
    }

    static List<KeyValue> scan(KvStore store, KeyRange range) {
        List<KeyValue> items = new ArrayList<>();
        try (KvCursor cursor = store.unwrap(KvBackend.class).scan(range, ScanOptions.FORWARD)) {
            cursor.forEachRemaining(items::add);
        }
        return items;
    }

    /**
     * {@code value} as written before values had an integrity check: without its first five bytes, the marker
     * {@code 0xFF} and the CRC32C (see docs/codecs.md); {@code value} itself if it has none.
     */
    static byte[] unchecked(byte[] value) {
        return value.length >= 5 && value[0] == (byte) 0xFF ? Arrays.copyOfRange(value, 5, value.length) : value;
    }

    /** Writes {@code value} under {@code key}, as a faulty disk or another program might. */
    static void put(KvStore store, byte[] key, byte[] value) {
        store.transact(tx -> tx.unwrap(KvTransaction.class).put(key, value));
    }

    static void delete(KvStore store, byte[] key) {
        store.transact(tx -> tx.unwrap(KvTransaction.class).delete(key));
    }

    /**
     * {@code bytes} with every occurrence of {@code find} replaced by {@code replacement} (of equal length);
     * {@code bytes} itself if there is none.
     */
    static byte[] replaceAll(byte[] bytes, byte[] find, byte[] replacement) {
        byte[] result = bytes;
        for (int i = 0; i + find.length <= result.length; i++) {
            if (Arrays.equals(result, i, i + find.length, find, 0, find.length)) {
                result = result == bytes ? bytes.clone() : result;
                System.arraycopy(replacement, 0, result, i, replacement.length);
                i += find.length - 1;
            }
        }
        return result;
    }
}
