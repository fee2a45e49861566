package io.kvmapper.cli.entities;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kvmapper.internal.codec.AttributeReader;
import io.kvmapper.internal.codec.AttributeWriter;
import io.kvmapper.internal.codec.ValueBuffer;
import io.kvmapper.internal.mapping.CounterDefinition;
import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.internal.schemaless.GenericObject;
import io.kvmapper.internal.schemaless.SchemaMapping;
import io.kvmapper.schema.document.SchemaJson;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The mapping built from a recorded schema ({@link SchemaMapping}) against the processor's generated mapping of
 * the same entity, on random entities of every field type and shape, in both codecs and both layouts: the value
 * the generated codec writes decodes into a record that the schema-driven codec writes back byte for byte; the
 * record key, every index's values and every counter's group and amount are the same bytes; and key prefixes
 * scan the ranges the generated finders scan. This is what lets the command-line tool's verify, repair and import
 * run the runtime's own code on records decoded without the application's classes.
 */
class SchemaMappingMatchesGeneratedCodeTest {
    private static final int ENTITIES = 200;

    static Stream<Arguments> entities() {
        return Stream.of(
                Arguments.of("Gadget (JSON)", Gadget_KvMapping.INSTANCE, Gadget.class, true),
                Arguments.of("ProtoGadget (Protobuf)", ProtoGadget_KvMapping.INSTANCE, ProtoGadget.class, false),
                Arguments.of("AttrGadget (attribute-per-key)", AttrGadget_KvMapping.INSTANCE, AttrGadget.class, true),
                Arguments.of("Clip (databind)", Clip_KvMapping.INSTANCE, Clip.class, true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entities")
    <E> void recordsKeysIndexValuesAndCounterGroupsAreTheGeneratedCodesBytes(String name, EntityMapping<E> generated,
            Class<E> type, boolean nullElements) {
        SchemaMapping schema = SchemaMapping.of(SchemaJson.read(generated.schema(), name));
        assertEquals(generated.entityName(), schema.entityName());
        assertEquals(generated.keySize(), schema.keySize());
        assertEquals(generated.partitionSize(), schema.partitionSize());
        assertEquals(generated.schemaVersion(), schema.schemaVersion());
        assertEquals(generated.indexes().size(), schema.indexes().size());
        assertEquals(generated.counters().size(), schema.counters().size());
        RandomEntities random = new RandomEntities(name.hashCode(), nullElements);
        for (int i = 0; i < ENTITIES; i++) {
            E written = random.of(type);
            GenericObject record = roundTrip(generated, schema, written);
            E entity = generatedRead(generated, written);
            byte[] key = generated.keyOf(entity);
            assertArrayEquals(key, schema.keyOf(record), () -> "the key of " + entity);
            assertArrayEquals(key, schema.key(schema.decodeKey(key)), "key components decode and encode back");
            for (int j = 0; j < generated.indexes().size(); j++) {
                IndexDefinition<E> index = generated.indexes().get(j);
                IndexDefinition<GenericObject> rebuilt = schema.indexes().get(j);
                assertEquals(List.of(index.name(), index.unique(), index.arity(), index.signature()),
                        List.of(rebuilt.name(), rebuilt.unique(), rebuilt.arity(), rebuilt.signature()));
                List<byte[]> expected = new ArrayList<>();
                index.values().collect(entity, expected);
                List<byte[]> actual = new ArrayList<>();
                rebuilt.values().collect(record, actual);
                assertEquals(hex(expected), hex(actual), () -> "index " + index.name() + " of " + entity);
            }
            for (int j = 0; j < generated.counters().size(); j++) {
                CounterDefinition<E> counter = generated.counters().get(j);
                CounterDefinition<GenericObject> rebuilt = schema.counters().get(j);
                assertEquals(List.of(counter.name(), counter.signature(), counter.isSum()),
                        List.of(rebuilt.name(), rebuilt.signature(), rebuilt.isSum()));
                assertArrayEquals(counter.group().apply(entity), rebuilt.group().apply(record),
                        () -> "the group of counter " + counter.name() + " of " + entity);
                assertEquals(counter.amount().applyAsLong(entity), rebuilt.amount().applyAsLong(record),
                        () -> "the amount of counter " + counter.name() + " of " + entity);
            }
        }
    }

    @org.junit.jupiter.api.Test
    void keyPrefixesScanTheRangesOfTheGeneratedPrefixFinders() {
        SchemaMapping gadgets = SchemaMapping.of(SchemaJson.read(Gadget_KvMapping.INSTANCE.schema(), "Gadget"));
        SchemaMapping attrs = SchemaMapping.of(SchemaJson.read(AttrGadget_KvMapping.INSTANCE.schema(), "AttrGadget"));
        RandomEntities random = new RandomEntities(7, true);
        for (int i = 0; i < ENTITIES; i++) {
            Gadget g = random.of(Gadget.class);
            assertEquals(Gadget_KvMapping.allRecords(), gadgets.prefix(List.of()));
            assertEquals(Gadget_KvMapping.rangeByRegion(g.region()), gadgets.prefix(List.of(g.region())));
            assertEquals(Gadget_KvMapping.rangeByRegionAndZone(g.region(), g.zone()),
                    gadgets.prefix(List.of(g.region(), g.zone())));
            assertEquals(Gadget_KvMapping.rangeByRegionAndZoneAndAt(g.region(), g.zone(), g.at()),
                    gadgets.prefix(List.of(g.region(), g.zone(), g.at())));
            AttrGadget a = random.of(AttrGadget.class);
            assertEquals(AttrGadget_KvMapping.rangeByRegion(a.region()), attrs.prefix(List.of(a.region())));
            assertEquals(AttrGadget_KvMapping.rangeByRegionAndZone(a.region(), a.zone()),
                    attrs.prefix(List.of(a.region(), a.zone())));
            assertEquals(AttrGadget_KvMapping.rangeByRegionAndZoneAndAt(a.region(), a.zone(), a.at()),
                    attrs.prefix(List.of(a.region(), a.zone(), a.at())));
        }
    }

    /** {@code entity} as the generated code reads it back from the store: what verify() sees. */
    private static <E> E generatedRead(EntityMapping<E> generated, E entity) {
        if (generated.codec() != null) {
            ValueBuffer written = new ValueBuffer(256);
            generated.codec().encode(entity, written);
            byte[] bytes = written.toByteArray();
            return generated.codec().decode(bytes, 0, bytes.length);
        }
        List<KeyValue> items = items(generated.keyOf(entity), out -> {
            generated.attributeCodec().write(entity, out);
            return out;
        });
        return generated.attributeCodec().read(new AttributeReader(items));
    }

    /** The generated codec's encoding, decoded and re-encoded by the schema's: the same bytes. */
    private static <E> GenericObject roundTrip(EntityMapping<E> generated, SchemaMapping schema, E entity) {
        if (generated.codec() != null) {
            ValueBuffer written = new ValueBuffer(256);
            generated.codec().encode(entity, written);
            byte[] bytes = written.toByteArray();
            GenericObject record = schema.codec().decode(bytes, 0, bytes.length);
            ValueBuffer rewritten = new ValueBuffer(256);
            schema.codec().encode(record, rewritten);
            assertArrayEquals(bytes, rewritten.toByteArray(), () -> "the value of " + entity + ": "
                    + new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
            return record;
        }
        byte[] key = generated.keyOf(entity);
        List<KeyValue> items = items(key, out -> {
            generated.attributeCodec().write(entity, out);
            return out;
        });
        GenericObject record = schema.attributeCodec().read(new AttributeReader(items));
        List<KeyValue> rewritten = items(key, out -> {
            schema.attributeCodec().write(record, out);
            return out;
        });
        assertEquals(text(items), text(rewritten), () -> "the items of " + entity);
        return record;
    }

    /** The head and the items a codec writes, in key order, as the layout stores them. */
    private static List<KeyValue> items(byte[] key, Function<AttributeWriter, AttributeWriter> write) {
        AttributeWriter out = new AttributeWriter("test", key);
        out.items().add(new KeyValue(key, new byte[] {'A', 1}));
        List<KeyValue> items = new ArrayList<>(write.apply(out).items());
        items.sort((a, b) -> Arrays.compareUnsigned(a.key(), b.key()));
        return items;
    }

    private static List<String> text(List<KeyValue> items) {
        return items.stream().map(item -> Tuples.toString(item.key()) + " = " + HexFormat.of().formatHex(item.value()))
                .toList();
    }

    private static List<String> hex(List<byte[]> values) {
        return values.stream().map(HexFormat.of()::formatHex).toList();
    }
}
