package io.kvmapper.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.kvmapper.CorruptDataException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.it.TestStores;
import io.kvmapper.spi.KeyValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A stored value that was cut short or had a byte changed is a {@link CorruptDataException} naming the entity
 * and the key, never an entity with fields silently reset or changed, and {@code verify()} reports it: in both
 * codecs, and in every item of the attribute-per-key layout. Values written before the check (without it) stay
 * readable.
 */
class ValueIntegrityTest {
    @TempDir
    Path dir;

    static Stream<Arguments> entities() {
        return Stream.of(Arguments.of(Named.of("JsonSample", Samples.ALL.get(0))),
                Arguments.of(Named.of("ProtoSample", Samples.ALL.get(1))),
                Arguments.of(Named.of("ApkSample", Samples.ALL.get(2))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entities")
    void aValueCutShortAnywhereIsCorruptData(Function<KvStore, Samples> open) {
        try (KvStore store = TestStores.open(dir)) {
            Samples samples = open.apply(store);
            SampleData saved = samples.save(sample(samples));
            int cuts = 0;
            for (KeyValue item : RawStore.records(store, samples.entityName())) {
                for (int length = 0; length < item.value().length; length++) {
                    RawStore.put(store, item.key(), Arrays.copyOf(item.value(), length));
                    assertCorrupt(samples, saved, "cut to " + length + " bytes: " + describe(item));
                    cuts++;
                }
                RawStore.put(store, item.key(), item.value());
            }
            assertTrue(cuts > 20, "cuts: " + cuts);
            assertEquals(saved.toString(), samples.findById("s", 1, 1f).orElseThrow().toString());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entities")
    void aValueWithAnyByteChangedIsCorruptData(Function<KvStore, Samples> open) {
        try (KvStore store = TestStores.open(dir)) {
            Samples samples = open.apply(store);
            SampleData saved = samples.save(sample(samples));
            int changes = 0;
            for (KeyValue item : RawStore.records(store, samples.entityName())) {
                for (int at = 0; at < item.value().length; at++) {
                    for (int bit : new int[] {0x01, 0x20, 0x80}) {
                        byte[] damaged = item.value().clone();
                        damaged[at] ^= bit;
                        RawStore.put(store, item.key(), damaged);
                        assertCorrupt(samples, saved, "byte " + at + " ^ " + bit + ": " + describe(item));
                        changes++;
                    }
                }
                RawStore.put(store, item.key(), item.value());
            }
            assertTrue(changes > 60, "changes: " + changes);
            IntegrityReport report = samples.verify();
            assertTrue(report.isClean(), report.problems()::toString);
        }
    }

    /**
     * {@code verify()} of a store whose one record is damaged reports it, for every cut of its value (or of an
     * attribute item), including the cuts of a Protobuf value at field boundaries, which decoded as an entity
     * with fields reset before values had a check.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("entities")
    void verifyReportsADamagedValue(Function<KvStore, Samples> open) {
        try (KvStore store = TestStores.open(dir)) {
            Samples samples = open.apply(store);
            samples.save(sample(samples));
            KeyValue item = RawStore.records(store, samples.entityName()).get(1 % RawStore.records(store,
                    samples.entityName()).size());
            for (int length = 0; length < item.value().length; length++) {
                RawStore.put(store, item.key(), Arrays.copyOf(item.value(), length));
                IntegrityReport report = samples.verify();
                assertFalse(report.isClean(), "cut to " + length + " bytes: " + describe(item));
            }
        }
    }

    /**
     * A store written before values had a check stays readable and writable: its values (every item, in the
     * attribute-per-key layout) are read without one; a change of one field writes checked items beside the
     * unchecked ones; a save rewrites every item, checked.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("entities")
    void valuesWrittenBeforeTheCheckStayReadableAndWritable(Function<KvStore, Samples> open) {
        try (KvStore store = TestStores.open(dir)) {
            Samples samples = open.apply(store);
            SampleData saved = samples.save(sample(samples));
            for (KeyValue item : RawStore.records(store, samples.entityName())) {
                RawStore.put(store, item.key(), RawStore.unchecked(item.value()));
            }
            assertTrue(RawStore.records(store, samples.entityName()).stream().noneMatch(ValueIntegrityTest::checked));

            assertEquals(saved.toString(), samples.findById("s", 1, 1f).orElseThrow().toString());
            assertEquals(1, samples.findAll().size());
            IntegrityReport report = samples.verify();
            assertTrue(report.isClean(), report.problems()::toString);

            assertTrue(samples.updateLabel("s", 1, 1f, "changed"));
            assertTrue(samples.addTags("s", 1, 1f, "blue"));
            SampleData changed = samples.findById("s", 1, 1f).orElseThrow();
            assertEquals("changed", changed.label);
            assertEquals(Set.of("red", "green", "blue"), changed.tags);
            assertTrue(samples.verify().isClean());

            samples.save(sample(samples));
            assertTrue(RawStore.records(store, samples.entityName()).stream().allMatch(ValueIntegrityTest::checked));
            assertEquals(saved.toString(), samples.findById("s", 1, 1f).orElseThrow().toString());
        }
    }

    private static boolean checked(KeyValue item) {
        return item.value().length >= 5 && item.value()[0] == (byte) 0xFF;
    }

    private static SampleData sample(Samples samples) {
        return samples.create().key("s", 1, 1f).numbers(29_985.5, 0.25f)
                .strings("handle-7", Set.of("red", "green"), "a label of some length");
    }

    /**
     * Reading the damaged record fails with CorruptDataException naming it, or gives exactly what was saved: an
     * attribute-per-key item that holds nothing but its check (a container, a set element) means the same cut
     * to nothing, as it was written before checks existed.
     */
    private static void assertCorrupt(Samples samples, SampleData saved, String context) {
        try {
            SampleData read = samples.findById("s", 1, 1f).orElse(null);
            if (!(samples instanceof Samples.Apk && read != null && read.toString().equals(saved.toString())
                    && context.startsWith("cut to 0 bytes"))) {
                fail("read " + read + " from a damaged value (" + context + "); saved " + saved);
            }
        } catch (CorruptDataException expected) {
            String message = expected.getMessage();
            assertTrue(message.startsWith(samples.entityName() + " ((\"" + samples.entityName() + "\", \"r\", \"s\")"),
                    message);
        }
    }

    private static String describe(KeyValue item) {
        return "item " + io.kvmapper.tuple.Tuples.toString(item.key()) + " = " + HexFormat.of().formatHex(item.value());
    }
}
