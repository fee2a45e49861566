package io.kvmapper.benchmarks.codecs;

import io.kvmapper.internal.codec.ValueCheck;
import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The values' integrity check alone ({@link ValueCheck}), on the stored record of {@link RecordBenchmark}: what
 * a write and a read of it add, one seal and one verification of each of its values (one for a monolithic
 * record, 38 items in the attribute-per-key layout). Within one process, so that the figure does not depend on
 * comparing two builds on a busy machine. See docs/codecs.md for the figures and the command.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class ValueCheckBenchmark {
    /** {@code json} or {@code protobuf} (monolithic layout), or {@code attributes} (attribute-per-key layout). */
    @Param({"json", "protobuf", "attributes"})
    public String layout;

    private byte[][] keys;
    private byte[][] values;

    @Setup
    public void setUp() {
        Instant placedAt = Instant.parse("2026-11-24T09:30:12.345Z");
        Address address = new Address("12 Rue de la Paix", "Paris", "75002", "FR");
        List<LineItem> items = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            items.add(new LineItem("SKU-" + (100_000 + i * 7919), "Item number " + i + " of the catalog", 1 + i,
                    1_999L * (i + 1)));
        }
        Map<String, String> attributes = Map.of("channel", "web", "coupon", "WINTER26");
        List<KeyValue> stored = switch (layout) {
            case "json" -> store(JsonOrder_KvMapping.INSTANCE, new JsonOrder(42, placedAt, "o-000042-7", 29_985,
                    Status.PAID, "EUR", address, items, attributes));
            case "protobuf" -> store(ProtoOrder_KvMapping.INSTANCE, new ProtoOrder(42, placedAt, "o-000042-7",
                    29_985, Status.PAID, "EUR", address, items, attributes));
            case "attributes" -> store(AttributeOrder_KvMapping.INSTANCE, new AttributeOrder(42, placedAt,
                    "o-000042-7", 29_985, Status.PAID, "EUR", address, items, attributes));
            default -> throw new IllegalArgumentException("no layout " + layout);
        };
        keys = new byte[stored.size()][];
        values = new byte[stored.size()][];
        for (int i = 0; i < stored.size(); i++) {
            keys[i] = stored.get(i).key();
            values[i] = stored.get(i).value().clone();
        }
    }

    private static <E> List<KeyValue> store(EntityMapping<E> mapping, E entity) {
        OneRecordStore store = new OneRecordStore();
        RecordLayout.of(mapping, store).write(store, mapping.keyOf(entity), null, entity);
        List<KeyValue> items = new ArrayList<>();
        try (KvCursor cursor = store.scan(new KeyRange(new byte[0], new byte[] {(byte) 0xFF}), ScanOptions.FORWARD)) {
            cursor.forEachRemaining(items::add);
        }
        return items;
    }

    /** Seals every value of the record (a write) and verifies it (a read). */
    @Benchmark
    public int sealAndVerify() {
        int offsets = 0;
        for (int i = 0; i < keys.length; i++) {
            ValueCheck.sealInPlace(keys[i], values[i]);
            offsets += ValueCheck.bodyOffset(keys[i], values[i]);
        }
        return offsets;
    }
}
