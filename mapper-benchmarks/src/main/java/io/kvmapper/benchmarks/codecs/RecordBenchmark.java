package io.kvmapper.benchmarks.codecs;

import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.internal.record.RecordLayout;
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
 * The order of {@link CodecBenchmark} written and read by its record layout, the code a save and a read run
 * between the repository and the store: {@code write} encodes the entity into what the store is given (the
 * value, its header and check, or the attribute-per-key layout's items), {@code read} turns what the store
 * gives back into the entity (checking header, check and key fields, or walking the items). The store is a map
 * in memory holding one record ({@link OneRecordStore}), so no store's cost is in the figures. See
 * docs/codecs.md for the figures and the command.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class RecordBenchmark {
    /** {@code json} or {@code protobuf} (monolithic layout), or {@code attributes} (attribute-per-key layout). */
    @Param({"json", "protobuf", "attributes"})
    public String layout;

    private Subject<?> subject;

    /** One entity's layout, its order and its key, behind one face. */
    private static final class Subject<E> {
        private final RecordLayout<E> records;
        private final E order;
        private final byte[] key;
        private final OneRecordStore stored = new OneRecordStore();
        private final OneRecordStore sink = new OneRecordStore().discarding();

        Subject(EntityMapping<E> mapping, E order) {
            this.records = RecordLayout.of(mapping, stored);
            this.order = order;
            this.key = mapping.keyOf(order);
            records.write(stored, key, null, order);
        }

        void write() {
            records.write(sink, key, null, order);
        }

        E read() {
            return records.find(stored, key);
        }
    }

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
        subject = switch (layout) {
            case "json" -> new Subject<>(JsonOrder_KvMapping.INSTANCE, new JsonOrder(42, placedAt, "o-000042-7",
                    29_985, Status.PAID, "EUR", address, items, attributes));
            case "protobuf" -> new Subject<>(ProtoOrder_KvMapping.INSTANCE, new ProtoOrder(42, placedAt,
                    "o-000042-7", 29_985, Status.PAID, "EUR", address, items, attributes));
            case "attributes" -> new Subject<>(AttributeOrder_KvMapping.INSTANCE, new AttributeOrder(42, placedAt,
                    "o-000042-7", 29_985, Status.PAID, "EUR", address, items, attributes));
            default -> throw new IllegalArgumentException("no layout " + layout);
        };
        if (!subject.order.equals(subject.read())) {
            throw new IllegalStateException(layout + ": the order does not read back as written");
        }
        System.out.println(layout + ": the stored record has " + subject.stored.size());
    }

    /** Entity to what the store is given. */
    @Benchmark
    public OneRecordStore write() {
        subject.write();
        return subject.sink;
    }

    /** What the store gives back to entity. */
    @Benchmark
    public Object read() {
        return subject.read();
    }
}
