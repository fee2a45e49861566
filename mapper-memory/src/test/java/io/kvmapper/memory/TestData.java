package io.kvmapper.memory;

import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Keys, values and small helpers shared by this module's tests. */
final class TestData {
    /** Every key {@link #key} makes. */
    static final KeyRange ALL = KeyRange.tuplePrefix(Tuples.encode("t"));

    private TestData() {
    }

    /** The tuple {@code ("t", i)}: keys in the order of {@code i}. */
    static byte[] key(long i) {
        return Tuples.encode("t", i);
    }

    static byte[] value(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static String text(byte[] value) {
        return value == null ? null : new String(value, StandardCharsets.UTF_8);
    }

    /** Runs {@code work} in one transaction and commits it. */
    static void commit(MemoryBackend backend, Consumer<KvTransaction> work) {
        try (KvTransaction tx = backend.beginTransaction()) {
            work.accept(tx);
            tx.commit();
        }
    }

    /** Every item of {@code range}, read with one cursor that is closed afterwards. */
    static List<KeyValue> scan(KvReader reader, KeyRange range) {
        List<KeyValue> items = new ArrayList<>();
        try (KvCursor cursor = reader.scan(range, ScanOptions.FORWARD)) {
            cursor.forEachRemaining(items::add);
        }
        return items;
    }
}
