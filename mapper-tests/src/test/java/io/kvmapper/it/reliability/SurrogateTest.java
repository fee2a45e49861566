package io.kvmapper.it.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.it.TestStores;
import io.kvmapper.spi.KeyValue;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A Java string may hold an unpaired surrogate, which UTF-8, and so a key, cannot hold. Given as input, such
 * a string in a key component, a unique or collection index, or (except for JSON, which escapes it) any
 * field is an {@link InvalidRequestException} naming the entity and the component, index or field, and
 * nothing is written; already stored (a JSON value escapes it), it makes its record a
 * {@link CorruptDataException} naming the entity and the key, never an {@code IllegalArgumentException}.
 */
class SurrogateTest {
    private static final String HIGH = "a\ud800b";
    private static final String LOW = "\udc00";
    private static final String TRAILING = "end\ud83d";

    @TempDir
    Path dir;

    static Stream<Arguments> entities() {
        return Stream.of(Arguments.of(Named.of("JsonSample", Samples.ALL.get(0))),
                Arguments.of(Named.of("ProtoSample", Samples.ALL.get(1))),
                Arguments.of(Named.of("ApkSample", Samples.ALL.get(2))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entities")
    void aKeyComponentWithAnUnpairedSurrogateIsAnInvalidRequestAndWritesNothing(Function<KvStore, Samples> open) {
        try (KvStore store = TestStores.open(dir)) {
            Samples samples = open.apply(store);
            List<String> before = items(store, samples);
            for (String site : List.of(HIGH, LOW, TRAILING)) {
                assertInvalid(samples, "key component 'site'",
                        () -> samples.save(sample(samples, site).strings("h", Set.of("t"), "l")));
                assertInvalid(samples, "key component 'site'",
                        () -> samples.insert(sample(samples, site).strings("h", Set.of("t"), "l")));
                assertInvalid(samples, "key component 'site'", () -> samples.findById(site, 1, 1f));
                assertInvalid(samples, "key component 'site'", () -> samples.deleteById(site, 1, 1f));
                assertInvalid(samples, "key component 'site'", () -> samples.updateLabel(site, 1, 1f, "l"));
            }
            assertEquals(before, items(store, samples));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entities")
    void anIndexedValueWithAnUnpairedSurrogateIsAnInvalidRequestAndWritesNothing(Function<KvStore, Samples> open) {
        try (KvStore store = TestStores.open(dir)) {
            Samples samples = open.apply(store);
            samples.save(sample(samples, "s").strings("kept", Set.of("t"), "l"));
            List<String> before = items(store, samples);
            for (String bad : List.of(HIGH, LOW, TRAILING)) {
                assertInvalid(samples, "'handle'",
                        () -> samples.save(sample(samples, "s").strings(bad, Set.of("t"), "l")));
                assertInvalid(samples, "'handle'",
                        () -> samples.insert(sample(samples, "new").numbers(2.0, 2f).strings(bad, Set.of("t"), "l")));
                assertInvalid(samples, "'tags'",
                        () -> samples.save(sample(samples, "s").strings("h", Set.of("ok", bad), "l")));
                assertInvalid(samples, "'handle'", () -> samples.updateHandle("s", 1, 1f, bad));
                assertInvalid(samples, "'tags'", () -> samples.addTags("s", 1, 1f, bad));
                assertThrows(InvalidRequestException.class, () -> samples.findByHandle(bad));
                assertThrows(InvalidRequestException.class, () -> samples.findByTags(bad));
            }
            assertEquals(before, items(store, samples));
            assertEquals("kept", samples.findById("s", 1, 1f).orElseThrow().handle);
            assertClean(samples.verify());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entities")
    void aPlainFieldWithAnUnpairedSurrogateIsKeptByJsonAndRejectedElsewhere(Function<KvStore, Samples> open) {
        try (KvStore store = TestStores.open(dir)) {
            Samples samples = open.apply(store);
            samples.save(sample(samples, "s").strings("h", Set.of("t"), "plain"));
            if (samples instanceof Samples.Json) {
                samples.save(sample(samples, "s").strings("h", Set.of("t"), HIGH));
                assertEquals(HIGH, samples.findById("s", 1, 1f).orElseThrow().label);
                assertTrue(samples.updateLabel("s", 1, 1f, LOW));
                assertEquals(LOW, samples.findAll().get(0).label);
                assertClean(samples.verify());
                return;
            }
            List<String> before = items(store, samples);
            for (String bad : List.of(HIGH, LOW, TRAILING)) {
                assertInvalid(samples, "unpaired surrogate",
                        () -> samples.save(sample(samples, "s").strings("h", Set.of("t"), bad)));
                assertInvalid(samples, "unpaired surrogate", () -> samples.updateLabel("s", 1, 1f, bad));
            }
            assertEquals(before, items(store, samples));
        }
    }

    /**
     * JSON escapes an unpaired surrogate, so a stored JSON value can hold one where no key can: in a key field
     * (a value written by another program, or damaged), or in a field indexed after it was written.
     */
    @Test
    void aStoredJsonRecordWhoseKeyOrIndexedStringHasAnUnpairedSurrogateIsCorruptData() {
        try (KvStore store = TestStores.open(dir)) {
            Samples samples = Samples.ALL.get(0).apply(store);
            samples.save(sample(samples, "s").strings("h", Set.of("t"), "l"));
            KeyValue record = RawStore.records(store, samples.entityName()).get(0);
            // as another program writes it: without the integrity check, which it need not know
            String json = new String(RawStore.unchecked(record.value()), StandardCharsets.UTF_8);
            int start = json.indexOf('{');
            String header = json.substring(0, start);
            for (String damaged : List.of(json.replace("\"site\":\"s\"", "\"site\":\"\\ud800\""),
                    json.replace("\"handle\":\"h\"", "\"handle\":\"h\\udfff\""),
                    json.replace("\"tags\":[\"t\"]", "\"tags\":[\"t\",\"\\ud83d\"]"))) {
                assertTrue(damaged.startsWith(header) && !damaged.equals(json), damaged);
                RawStore.put(store, record.key(), damaged.getBytes(StandardCharsets.UTF_8));

                String context = damaged.substring(start);
                CorruptDataException read = assertThrows(CorruptDataException.class,
                        () -> samples.findById("s", 1, 1f), context);
                assertTrue(read.getMessage().startsWith("JsonSample ((\"JsonSample\", \"r\", \"s\"), 1.0, "),
                        read.getMessage());
                assertTrue(read.getMessage().contains("unpaired surrogate"), read.getMessage());
                assertEquals(List.of(), samples.findAll(), "a scan skips the record and goes on (logged): " + context);
                assertThrows(CorruptDataException.class, () -> samples.updateLabel("s", 1, 1f, "x"), context);
                assertThrows(CorruptDataException.class, () -> samples.findByScore(1.0), context);
                IntegrityReport report = samples.verify();
                assertFalse(report.isClean(), context);
                assertTrue(report.problems().stream().anyMatch(p -> p.contains("unpaired surrogate")),
                        report.problems()::toString);
            }
        }
    }

    private static SampleData sample(Samples samples, String site) {
        return samples.create().key(site, 1, 1f).numbers(1.0, 1f);
    }

    /** Every item under the entity's name, as text: what a test compares to see that nothing was written. */
    private static List<String> items(KvStore store, Samples samples) {
        return RawStore.entity(store, samples.entityName()).stream()
                .map(item -> HexFormat.of().formatHex(item.key()) + "=" + HexFormat.of().formatHex(item.value()))
                .toList();
    }

    private static void assertInvalid(Samples samples, String names, Executable call) {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, call);
        assertTrue(e.getMessage().startsWith(samples.entityName() + ":"), e.getMessage());
        assertTrue(e.getMessage().contains(names), e.getMessage());
    }

    private static void assertClean(IntegrityReport report) {
        assertTrue(report.isClean(), report.problems()::toString);
    }
}
