package io.kvmapper.it.evolution;

import static io.kvmapper.it.evolution.EvolutionScenario.assertSameItems;
import static io.kvmapper.it.evolution.EvolutionScenario.everything;
import static java.util.stream.Collectors.counting;
import static java.util.stream.Collectors.groupingBy;
import static java.util.stream.Collectors.mapping;
import static java.util.stream.Collectors.toList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.SchemaMismatchException;
import io.kvmapper.it.TestStores;
import io.kvmapper.it.evolution.SubscriberVersions.Seen;
import io.kvmapper.it.evolution.SubscriberVersions.Version1;
import io.kvmapper.it.evolution.SubscriberVersions.Version2;
import io.kvmapper.it.evolution.SubscriberVersions.Version3;
import io.kvmapper.processor.KvMapperProcessor;
import io.kvmapper.spi.KeyValue;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.LongStream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One entity class, {@code demo.Subscriber}, compiled three times the way three releases of one code base
 * compile it: javac with the KV Mapper processor, each version into a class directory of its own, all three
 * against one schema directory; then each version runs, in a class loader of its own, against one store.
 * Pins down that
 * <ul>
 * <li>version 2's compilation checks against, and updates, the schema file version 1's compilation wrote;
 * <li>version 2 (a field removed, one renamed through {@code @Field(name)} and indexed, an integer widened, a
 * field added with an index, a counter added) reads what version 1 wrote: the added field empty, the renamed
 * one with its values, the new indexes and counter built online and equal to a recount, {@code verify()}
 * clean; and its own writes keep them so;
 * <li>version 3 (the key's type changed) does not compile against that schema file: the error names the key
 * change and the ways forward, and the file is left as it was;
 * <li>version 3 compiled without the schema file (as if it had been deleted) is refused on first use by the
 * store with {@link SchemaMismatchException}, which names the entity and the difference, and the store is
 * left as it was.
 * </ul>
 * Unlike {@link EvolutionScenario}, whose versions are three classes of one compilation with a hand-seeded
 * schema file history, here the history is written by the compilations themselves. The versions' sources
 * are test resources ({@code evolution/v1}, {@code v2}, {@code v3}), each with a driver that the test sees
 * through {@link SubscriberVersions}.
 */
class SeparateCompilationEvolutionTest {
    private static final int COUNT = 30;
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final List<String> SOURCES = List.of("demo/Subscriber.java", "demo/SubscriberDriver.java");
    private static final String DRIVER = "demo.SubscriberDriver";
    private static final String SCHEMA_FILE = "demo/Subscriber.json";

    /** The compilations: their sources, class directories, and the schema directory versions 1 and 2 share. */
    @TempDir
    static Path build;

    private static Path schemaDirectory;
    private static Path version1Classes;
    private static Path version2Classes;
    private static String schemaFileOfVersion1;
    private static String schemaFileOfVersion2;

    /** The store's directory. */
    @TempDir
    Path dir;

    @BeforeAll
    static void compileVersions1And2() throws IOException {
        schemaDirectory = Files.createDirectory(build.resolve("kvmapper"));
        version1Classes = compile("v1", schemaDirectory).succeeded();
        schemaFileOfVersion1 = read(schemaDirectory.resolve(SCHEMA_FILE));
        version2Classes = compile("v2", schemaDirectory).succeeded();
        schemaFileOfVersion2 = read(schemaDirectory.resolve(SCHEMA_FILE));
    }

    @Test
    void version2sCompilationChecksAndUpdatesTheSchemaFileVersion1sWrote() {
        assertTrue(schemaFileOfVersion1.contains("  \"class\": \"demo.Subscriber\",\n  \"entity\": \"Subscriber\",\n"
                + "  \"version\": 1,\n"), schemaFileOfVersion1);
        assertTrue(schemaFileOfVersion1.contains(
                "{\"name\": \"nick\", \"java\": \"nick\", \"type\": \"String\", \"number\": 3}"), schemaFileOfVersion1);

        assertTrue(schemaFileOfVersion2.contains("  \"class\": \"demo.Subscriber\",\n  \"entity\": \"Subscriber\",\n"
                + "  \"version\": 2,\n"), schemaFileOfVersion2);
        assertTrue(schemaFileOfVersion2.contains("""
                  "fields": [
                    {"name": "id", "java": "id", "type": "long", "number": 1},
                    {"name": "email", "java": "email", "type": "String", "number": 2},
                    {"name": "plan", "java": "tier", "type": "String", "number": 4},
                    {"name": "age", "java": "age", "type": "long", "number": 5},
                    {"name": "region", "java": "region", "type": "String", "number": 6}
                  ],
                  "removed": [
                    {"name": "nick", "type": "String", "number": 3}
                  ],
                """), "version 2's numbers continue version 1's: " + schemaFileOfVersion2);
        assertTrue(schemaFileOfVersion2.contains("""
                  "indexes": [
                    {"name": "email", "signature": "unique(email:STRING)"},
                    {"name": "tier", "signature": "index(plan:STRING)"},
                    {"name": "region", "signature": "index(region:STRING)"}
                  ],
                  "counters": [
                    {"name": "total", "signature": "count()"},
                    {"name": "byTier", "signature": "count(plan:STRING)"}
                  ]
                """), schemaFileOfVersion2);
    }

    @Test
    void version2ReadsWhatVersion1WroteWithItsIndexesAndCounters() throws IOException {
        writeVersion1();
        try (URLClassLoader version2 = load(version2Classes)) {
            try (KvStore store = TestStores.open(dir)) {
                Version2 v2 = open(version2, Version2.class, store);
                assertTrue(store.awaitSchemaBuilds(WAIT), "the new indexes and counter were not built in time");
                assertEquals(asVersion2SeesVersion1(), byId(v2.all()),
                        "the removed field is gone, the renamed one has its values, the added one is empty");
                assertEquals(List.of(3L, 6L, 9L, 12L, 15L, 18L, 21L, 24L, 27L, 30L), v2.idsByTier("gold"),
                        "the index on the renamed field, built from version 1's records");
                assertEquals(Map.of("basic", 20L, "gold", 10L), v2.countsByTier(), "the added counter, built online");
                assertEquals(List.of(), v2.idsByRegion("north"), "the index on the added field");
                assertMatchesARecount(v2);

                v2.save(new Seen(7, "s7@example.com", "gold", 5_000_000_000L, "north"));
                v2.save(new Seen(100, "s100@example.com", "basic", 40, "north"));
                assertEquals(List.of(7L, 100L), v2.idsByRegion("north"));
                assertMatchesARecount(v2);
            }
            try (KvStore store = TestStores.open(dir)) {
                Version2 v2 = open(version2, Version2.class, store);
                assertEquals(Optional.of(new Seen(7, "s7@example.com", "gold", 5_000_000_000L, "north")), v2.find(7),
                        "a widened field holds what its old type could not");
                assertEquals(Map.of("basic", 20L, "gold", 11L), v2.countsByTier());
                assertEquals(COUNT + 1, v2.total());
                assertMatchesARecount(v2);
            }
        }
    }

    @Test
    void version3WithAnotherKeyTypeDoesNotCompileAgainstTheSchemaFile() throws IOException {
        Compilation version3 = compile("v3", schemaDirectory);

        assertFalse(version3.passed(), version3.toString());
        assertEquals(1, version3.errors().size(), version3.toString());
        Diagnostic<? extends JavaFileObject> error = version3.errors().get(0);
        assertEquals("@Key field 'id': key component 1 was \"id\" long, partition, ascending and is \"id\" String, "
                + "partition, ascending now; records are found by their key, so the new code would not find the "
                + "stored ones. Revert the component; to change it, store the entity under a new @Entity(name) and "
                + "copy the records, or, for a store you can rebuild from scratch, delete the schema file "
                + schemaDirectory.resolve(SCHEMA_FILE) + " to start a new history", error.getMessage(Locale.ROOT));
        assertTrue(error.getSource().toUri().getPath().endsWith("/v3/src/demo/Subscriber.java"),
                error.getSource().toUri().toString());
        assertEquals(lineOf("v3", "demo/Subscriber.java", "@Key String id"), error.getLineNumber());
        assertEquals(schemaFileOfVersion2, read(schemaDirectory.resolve(SCHEMA_FILE)),
                "a refused compilation leaves the schema file as it was");
    }

    @Test
    void version3CompiledWithoutTheSchemaFileIsRefusedByTheStoreAndChangesNothing(@TempDir Path freshSchemaDirectory)
            throws IOException {
        Path version3Classes = compile("v3", freshSchemaDirectory).succeeded();
        assertTrue(read(freshSchemaDirectory.resolve(SCHEMA_FILE)).contains("  \"version\": 1,\n"),
                "a deleted schema file starts a new history");
        writeVersion1();
        try (URLClassLoader version2 = load(version2Classes); KvStore store = TestStores.open(dir)) {
            open(version2, Version2.class, store);
            assertTrue(store.awaitSchemaBuilds(WAIT));
        }

        try (URLClassLoader version3 = load(version3Classes); KvStore store = TestStores.open(dir)) {
            List<KeyValue> before = everything(store);
            SchemaMismatchException e = assertThrows(SchemaMismatchException.class,
                    () -> open(version3, Version3.class, store));
            assertTrue(e.getMessage().startsWith("Subscriber: the stored schema does not match the code: key "
                    + "component 1 is \"id\" long, partition, ascending in the store and \"id\" String, partition, "
                    + "ascending in the code. The store was last opened with schema version 2 of demo.Subscriber, the "
                    + "code has version 1 of demo.Subscriber; nothing was changed."), e.getMessage());
            assertSameItems(before, everything(store));
            assertThrows(SchemaMismatchException.class, () -> open(version3, Version3.class, store),
                    "refused again, not half-recorded");
        }

        try (URLClassLoader version2 = load(version2Classes); KvStore store = TestStores.open(dir)) {
            Version2 v2 = open(version2, Version2.class, store);
            assertEquals(asVersion2SeesVersion1(), byId(v2.all()), "version 2 still reads everything");
            assertMatchesARecount(v2);
        }
    }

    private static String emailOf(long id) {
        return "s" + id + "@example.com";
    }

    private static String planOf(long id) {
        return id % 3 == 0 ? "gold" : "basic";
    }

    private void writeVersion1() throws IOException {
        try (URLClassLoader version1 = load(version1Classes); KvStore store = TestStores.open(dir)) {
            Version1 v1 = open(version1, Version1.class, store);
            for (long id = 1; id <= COUNT; id++) {
                v1.save(id, emailOf(id), "nick" + id, planOf(id), (int) (20 + id));
            }
        }
    }

    /** What version 1 wrote, as version 2 reads it. */
    private static List<Seen> asVersion2SeesVersion1() {
        return LongStream.rangeClosed(1, COUNT).mapToObj(id -> new Seen(id, emailOf(id), planOf(id), 20 + id, null))
                .toList();
    }

    /** {@code subscribers} by id: {@code findAll()} follows the backend's scan order, which is key order only on some. */
    private static List<Seen> byId(List<Seen> subscribers) {
        return subscribers.stream().sorted(Comparator.comparingLong(Seen::id)).toList();
    }

    /** Asserts that version 2's finders and counters give what counting its records gives. */
    private static void assertMatchesARecount(Version2 v2) {
        List<Seen> all = byId(v2.all());
        Map<String, List<Long>> idsByTier = all.stream()
                .collect(groupingBy(Seen::tier, TreeMap::new, mapping(Seen::id, toList())));
        Map<String, List<Long>> idsByRegion = all.stream().filter(s -> s.region() != null)
                .collect(groupingBy(Seen::region, TreeMap::new, mapping(Seen::id, toList())));
        Map<String, Long> countsByTier = all.stream().collect(groupingBy(Seen::tier, counting()));

        assertEquals(countsByTier, v2.countsByTier(), "counter byTier");
        idsByTier.forEach((tier, ids) -> {
            assertEquals(ids, v2.idsByTier(tier), "index tier, " + tier);
            assertEquals(ids.size(), v2.countByTier(tier), "counter byTier, " + tier);
        });
        idsByRegion.forEach((region, ids) -> assertEquals(ids, v2.idsByRegion(region), "index region, " + region));
        all.forEach(s -> assertEquals(Optional.of(s.id()), v2.idByEmail(s.email()), "index email, " + s.email()));
        assertEquals(all.size(), v2.total(), "counter total");
        assertTrue(v2.verify().isClean(), v2.verify().toString());
    }

    /** Loads one version's classes in a class loader of their own, over the test's (which holds the runtime). */
    private static URLClassLoader load(Path classes) {
        try {
            return new URLClassLoader(new URL[] {classes.toUri().toURL()},
                    SeparateCompilationEvolutionTest.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(classes.toString(), e);
        }
    }

    /** Creates {@code version}'s repository on {@code store}, which checks the store's schema, and its view. */
    private static <V> V open(ClassLoader version, Class<V> view, KvStore store) {
        Function<?, ?> driver;
        try {
            driver = version.loadClass(DRIVER).asSubclass(Function.class).getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(DRIVER + " cannot be created", e);
        }
        @SuppressWarnings("unchecked")
        Function<KvStore, ?> opener = (Function<KvStore, ?>) driver;
        return view.cast(opener.apply(store));
    }

    /**
     * Compiles one version's sources (the test resources under {@code evolution/<version>}), copied into a
     * source tree of their own, with the KV Mapper processor keeping schema files in {@code schemaDirectory}.
     */
    private static Compilation compile(String version, Path schemaDirectory) throws IOException {
        Path root = Files.createTempDirectory(build, version + "-");
        Path sources = root.resolve(version).resolve("src");
        Path generated = Files.createDirectories(root.resolve("generated"));
        Path classes = Files.createDirectories(root.resolve("classes"));
        List<Path> files = new ArrayList<>();
        for (String source : SOURCES) {
            Path file = sources.resolve(source);
            Files.createDirectories(file.getParent());
            try (InputStream text = resource(version, source)) {
                Files.copy(text, file);
            }
            files.add(file);
        }

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager fileManager = javac.getStandardFileManager(diagnostics, Locale.ROOT,
                StandardCharsets.UTF_8)) {
            fileManager.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(classes));
            fileManager.setLocationFromPaths(StandardLocation.SOURCE_OUTPUT, List.of(generated));
            fileManager.setLocationFromPaths(StandardLocation.CLASS_PATH, testClassPath());
            JavaCompiler.CompilationTask task = javac.getTask(null, fileManager, diagnostics,
                    List.of("-Xlint:all,-processing", "-Akvmapper.schemaDir=" + schemaDirectory), null,
                    fileManager.getJavaFileObjectsFromPaths(files));
            task.setProcessors(List.of(new KvMapperProcessor()));
            boolean passed = task.call();
            return new Compilation(version, passed, diagnostics.getDiagnostics(), classes);
        }
    }

    /**
     * The test's class path: the annotations, the runtime and its libraries, and this module's test classes
     * (which hold {@link SubscriberVersions}). Surefire starts the test JVM from a jar whose manifest holds the
     * class path, and then sets {@code java.class.path} to the class path itself.
     */
    private static List<Path> testClassPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of).toList();
    }

    private static InputStream resource(String version, String source) {
        String name = "/evolution/" + version + "/" + source;
        return Objects.requireNonNull(SeparateCompilationEvolutionTest.class.getResourceAsStream(name), name);
    }

    private static long lineOf(String version, String source, String snippet) throws IOException {
        try (InputStream text = resource(version, source)) {
            List<String> lines = new String(text.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains(snippet)) {
                    return i + 1;
                }
            }
        }
        throw new IllegalArgumentException("\"" + snippet + "\" is not in " + version + "/" + source);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One version's compilation: whether javac passed, what it reported, and where its classes went. */
    private record Compilation(String version, boolean passed, List<Diagnostic<? extends JavaFileObject>> diagnostics,
            Path classes) {
        /** The errors, in the order javac reported them. */
        List<Diagnostic<? extends JavaFileObject>> errors() {
            return diagnostics.stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR).toList();
        }

        /** Asserts that javac passed without warnings, and returns the class directory. */
        Path succeeded() {
            assertTrue(passed && diagnostics.stream().noneMatch(d -> d.getKind() == Diagnostic.Kind.WARNING
                    || d.getKind() == Diagnostic.Kind.MANDATORY_WARNING), toString());
            return classes;
        }

        @Override
        public String toString() {
            StringBuilder text = new StringBuilder("compiling " + version + (passed ? " passed" : " failed"));
            diagnostics.forEach(d -> text.append('\n').append(d));
            return text.toString();
        }
    }
}
