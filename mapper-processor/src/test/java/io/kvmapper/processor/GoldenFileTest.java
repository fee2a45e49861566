package io.kvmapper.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.ObjectMapper;

/**
 * Compares what the processor writes for two representative entities with reviewed copies under
 * {@code src/test/resources/golden/}: {@code Event}, a record with a three-part key (one component
 * descending), an embedded object and a list; and {@code Order}, a record with a unique, a collection
 * and a composite index through an embedded object, a count and a sum over one and two groups, and a
 * version field; {@code Profile}, a record in the attribute-per-key layout with embedded objects two
 * levels deep, a map, a list, an indexed set, a map of lists and a counter over an embedded path; and
 * {@code Product}, a Protobuf entity with a stated and assigned field numbers, an enum, an Optional, a
 * map, and embedded objects holding a nested list, whose codec and exported {@code .proto} file are
 * compared; and {@code Bookmark}, a JSON entity with fields of types KV Mapper generates no code for
 * ({@code URI}, {@code List<URI>}, {@code Optional<Duration>}, a record not marked {@code @Embedded}
 * inside an embedded one), which its codec writes with Jackson databind; and {@code Session}, which expires
 * ({@code @Expires}) and keeps a change feed ({@code @ChangeFeed}), with an enum and a descending instant in its key.
 * The schema files of {@code Order} and {@code Product} (written to a temporary schema directory) are compared too,
 * and so is {@code Orders_Impl}, the implementation of {@code Orders}, a query interface over {@code Order} with one
 * method of each kind of plan.
 *
 * <p>After an intended change to the generated code, regenerate the copies and review the diff:
 *
 * <pre>
 * mvn -pl mapper-processor -am test -Dtest=GoldenFileTest -Dsurefire.failIfNoSpecifiedTests=false -Dgolden.update=true
 * git diff mapper-processor/src/test/resources/golden/
 * </pre>
 *
 * <p>The compilation uses a fixed class path, with jackson-databind (for {@code Bookmark}) and without
 * jakarta.inject, so the copies do not depend on which optional libraries the test class path happens to
 * hold.
 */
class GoldenFileTest {
    private static final String GOLDEN = "golden/";
    private static final boolean UPDATE = Boolean.getBoolean("golden.update");

    private static final RecordingProcessor PROCESSOR = new RecordingProcessor();
    private static Compilation compilation;

    @TempDir
    static Path schemaDirectory;

    @BeforeAll
    static void compileTheRepresentativeEntities() {
        List<String> options = new ArrayList<>(Compilations.OPTIONS);
        options.add("-Akvmapper.schemaDir=" + schemaDirectory);
        compilation = Compilations.compiler(PROCESSOR)
                .withOptions(options)
                .withClasspath(Compilations.minimalClasspath(ObjectMapper.class, JsonInclude.class))
                .compile(TestSource.of("com.example.events.Event", read("Event.java")).file(),
                        TestSource.of("com.example.shop.Order", read("Order.java")).file(),
                        TestSource.of("com.example.shop.Orders", read("Orders.java")).file(),
                        TestSource.of("com.example.people.Profile", read("Profile.java")).file(),
                        TestSource.of("com.example.catalog.Product", read("Product.java")).file(),
                        TestSource.of("com.example.links.Bookmark", read("Bookmark.java")).file(),
                        TestSource.of("com.example.web.Session", read("Session.java")).file());
    }

    @Test
    void attributePerKeyRepositoryMatchesTheGoldenFile() {
        assertMatchesGolden("com.example.people.ProfileRepository", "ProfileRepository.java");
    }

    @Test
    void attributePerKeyMappingMatchesTheGoldenFile() {
        assertMatchesGolden("com.example.people.Profile_KvMapping", "Profile_KvMapping.java");
    }

    @Test
    void attributeCodecMatchesTheGoldenFile() {
        assertMatchesGolden("com.example.people.Profile_KvAttributeCodec", "Profile_KvAttributeCodec.java");
    }

    @Test
    void repositoryMatchesTheGoldenFile() {
        assertMatchesGolden("com.example.events.EventRepository", "EventRepository.java");
    }

    @Test
    void keyMappingMatchesTheGoldenFile() {
        assertMatchesGolden("com.example.events.Event_KvMapping", "Event_KvMapping.java");
    }

    @Test
    void jsonCodecMatchesTheGoldenFile() {
        assertMatchesGolden("com.example.events.Event_KvJsonCodec", "Event_KvJsonCodec.java");
    }

    @Test
    void repositoryWithIndexesAndCountersMatchesTheGoldenFile() {
        assertMatchesGolden("com.example.shop.OrderRepository", "OrderRepository.java");
    }

    @Test
    void queryImplementationMatchesTheGoldenFile() {
        assertMatchesGolden("com.example.shop.Orders_Impl", "Orders_Impl.java");
    }

    @Test
    void keyMappingWithIndexesAndCountersMatchesTheGoldenFile() {
        assertMatchesGolden("com.example.shop.Order_KvMapping", "Order_KvMapping.java");
    }

    @Test
    void jsonCodecOfAnEntityWithAVersionMatchesTheGoldenFile() {
        assertMatchesGolden("com.example.shop.Order_KvJsonCodec", "Order_KvJsonCodec.java");
    }

    @Test
    void repositoryWithAChangeFeedMatchesTheGoldenFile() {
        assertMatchesGolden("com.example.web.SessionRepository", "SessionRepository.java");
    }

    @Test
    void keyMappingWithAnExpiryAndAChangeFeedMatchesTheGoldenFile() {
        assertMatchesGolden("com.example.web.Session_KvMapping", "Session_KvMapping.java");
    }

    @Test
    void jsonCodecWithDatabindFieldsMatchesTheGoldenFile() {
        assertMatchesGolden("com.example.links.Bookmark_KvJsonCodec", "Bookmark_KvJsonCodec.java");
    }

    @Test
    void protobufCodecMatchesTheGoldenFile() {
        assertMatchesGolden("com.example.catalog.Product_KvProtoCodec", "Product_KvProtoCodec.java");
    }

    @Test
    void exportedProtoFileMatchesTheGoldenFile() {
        assertMatchesGolden("META-INF/kvmapper/com/example/catalog/Product.proto", "Product.proto");
    }

    @Test
    void schemaFileMatchesTheGoldenFile() {
        assertFileMatchesGolden(schemaDirectory.resolve("com/example/shop/Order.json"), "Order.json");
    }

    @Test
    void schemaFileOfAProtobufEntityMatchesTheGoldenFile() {
        assertFileMatchesGolden(schemaDirectory.resolve("com/example/catalog/Product.json"), "Product.json");
    }

    @Test
    void generatedCodeCompilesWithoutWarnings() {
        assertThat(compilation).succeededWithoutWarnings();
    }

    @Test
    void generatedFilesReadLikeHandWrittenCode() {
        for (String type : List.of("events.EventRepository", "events.Event_KvMapping", "events.Event_KvJsonCodec",
                "shop.OrderRepository", "shop.Order_KvMapping", "shop.Order_KvJsonCodec",
                "catalog.ProductRepository", "catalog.Product_KvMapping", "catalog.Product_KvProtoCodec",
                "links.Bookmark_KvJsonCodec", "shop.Orders_Impl")) {
            String text = generated("com.example." + type);
            assertWithMessage(type).that(text)
                    .contains("@Generated(\"io.kvmapper.processor.KvMapperProcessor\")\n");
            assertWithMessage(type).that(text).doesNotContainMatch("(?m)^import java\\.lang\\.[A-Z]");
            assertWithMessage(type).that(text).doesNotContain("date =");
            assertWithMessage(type).that(text).doesNotContain("\t");
            assertWithMessage(type).that(text).doesNotContain("java.lang.reflect");
        }
        assertThat(generated("com.example.events.EventRepository"))
                .contains("\npublic final class EventRepository implements CrudRepository<Event, EventRepository.Key> {");
        assertThat(generated("com.example.shop.OrderRepository"))
                .contains("\npublic final class OrderRepository implements CrudRepository<Order, OrderRepository.Key> {");
    }

    /**
     * Generated code is compiled into users' programs, so it may depend only on KV Mapper's public API
     * ({@code io.kvmapper}, {@code io.kvmapper.annotation}), what is marked internal ({@code io.kvmapper.internal.*}),
     * the value codecs' libraries (Jackson, Protobuf), an optional {@code jakarta.inject} and the JDK: never on
     * the storage SPI or the tuple package, whose types users would otherwise meet in their own classes.
     */
    @Test
    void generatedCodeImportsOnlyThePublicApiInternalsCodecLibrariesAndTheJdk() {
        java.util.regex.Pattern allowed = java.util.regex.Pattern.compile(
                "io\\.kvmapper\\.[A-Z]\\w*|io\\.kvmapper\\.annotation\\.\\w+|io\\.kvmapper\\.internal\\.[\\w.]+"
                        + "|java\\.[\\w.]+|javax\\.annotation\\.processing\\.Generated|tools\\.jackson\\.[\\w.]+"
                        + "|com\\.google\\.protobuf\\.[\\w.]+|jakarta\\.inject\\.\\w+|com\\.example\\.[\\w.]+");
        int imports = 0;
        for (String type : List.of("events.EventRepository", "events.Event_KvMapping", "events.Event_KvJsonCodec",
                "shop.OrderRepository", "shop.Order_KvMapping", "shop.Order_KvJsonCodec",
                "catalog.ProductRepository", "catalog.Product_KvMapping", "catalog.Product_KvProtoCodec",
                "links.Bookmark_KvJsonCodec", "people.ProfileRepository", "people.Profile_KvMapping",
                "people.Profile_KvAttributeCodec", "web.SessionRepository", "web.Session_KvMapping",
                "shop.Orders_Impl")) {
            for (String line : generated("com.example." + type).split("\n")) {
                if (line.startsWith("import ")) {
                    String imported = line.substring("import ".length(), line.length() - 1).replace("static ", "");
                    assertWithMessage("%s imports %s", type, imported).that(allowed.matcher(imported).matches()).isTrue();
                    imports++;
                }
            }
        }
        assertThat(imports).isGreaterThan(50);
    }

    private static void assertMatchesGolden(String qualifiedName, String goldenFile) {
        String actual = generated(qualifiedName);
        if (UPDATE) {
            write(goldenFile, actual);
        }
        assertWithMessage("%s differs from %s%s; if the change is intended, regenerate with -Dgolden.update=true "
                        + "and review the diff", qualifiedName, GOLDEN, goldenFile)
                .that(actual).isEqualTo(read(goldenFile));
    }

    private static void assertFileMatchesGolden(Path file, String goldenFile) {
        String actual;
        try {
            actual = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError("the processor did not write " + file + "; diagnostics: "
                    + compilation.diagnostics(), e);
        }
        if (UPDATE) {
            write(goldenFile, actual);
        }
        assertWithMessage("%s differs from %s%s; if the change is intended, regenerate with -Dgolden.update=true "
                + "and review the diff", file, GOLDEN, goldenFile).that(actual).isEqualTo(read(goldenFile));
    }

    private static String generated(String qualifiedName) {
        return PROCESSOR.source(qualifiedName).or(() -> PROCESSOR.resource(qualifiedName))
                .orElseThrow(() -> new AssertionError("the processor did not write " + qualifiedName
                        + "; diagnostics: " + compilation.diagnostics()))
                .text();
    }

    private static String read(String name) {
        try (InputStream in = GoldenFileTest.class.getClassLoader().getResourceAsStream(GOLDEN + name)) {
            if (in == null) {
                throw new AssertionError(GOLDEN + name + " is missing; create it with -Dgolden.update=true");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes into the source tree (Maven runs tests in the module directory), and into the test class path. */
    private static void write(String name, String text) {
        Path module = Path.of(System.getProperty("basedir", System.getProperty("user.dir")));
        for (Path directory : List.of(module.resolve("src/test/resources/golden"), module.resolve("target/test-classes/golden"))) {
            try {
                Files.createDirectories(directory);
                Files.writeString(directory.resolve(name), text, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
