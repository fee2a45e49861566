package io.kvmapper.benchmarks.codecs;

import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.internal.codec.ValueBuffer;
import io.kvmapper.internal.codec.ValueCodec;
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
 * The generated JSON and Protobuf codecs on one order with five line items: {@code encode} is what a
 * save pays to turn the entity into value bytes, {@code decode} what a read pays to turn them back (the
 * few bytes of the value header and the check that the key fields match the key are left out). No store
 * is involved. See docs/codecs.md for the figures and the command.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class CodecBenchmark {
    /** Which codec: {@code json} or {@code protobuf}. */
    @Param({"json", "protobuf"})
    public String codec;

    private Codec<?> subject;

    /** One generated codec and the order it encodes, behind one face. */
    private static final class Codec<E> {
        private final ValueCodec<E> codec;
        private final E order;
        private final byte[] value;

        Codec(EntityMapping<E> mapping, E order) {
            this.codec = mapping.codec();
            this.order = order;
            this.value = encode();
        }

        byte[] encode() {
            ValueBuffer out = new ValueBuffer(256);
            codec.encode(order, out);
            return out.toByteArray();
        }

        Object decode() {
            return codec.decode(value, 0, value.length);
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
        subject = codec.equals("json")
                ? new Codec<>(JsonOrder_KvMapping.INSTANCE, new JsonOrder(42, placedAt, "o-000042-7", 29_985,
                        Status.PAID, "EUR", address, items, attributes))
                : new Codec<>(ProtoOrder_KvMapping.INSTANCE, new ProtoOrder(42, placedAt, "o-000042-7", 29_985,
                        Status.PAID, "EUR", address, items, attributes));
        System.out.println(codec + ": the stored value has " + subject.value.length + " bytes");
    }

    /** Entity to value bytes. */
    @Benchmark
    public byte[] encode() {
        return subject.encode();
    }

    /** Value bytes to entity. */
    @Benchmark
    public Object decode() {
        return subject.decode();
    }
}
