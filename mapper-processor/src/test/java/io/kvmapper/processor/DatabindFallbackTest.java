package io.kvmapper.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON codec's fallback to Jackson databind for field types KV Mapper generates no code for: a note
 * on each such field when databind is on the class path, the error that names both ways out when it is
 * not, the errors for Protobuf entities and the attribute-per-key layout, and a databind field kept out
 * of keys, indexes, counters and element-wise methods. The test class path holds jackson-databind;
 * {@link Compilations#minimalClasspath} does not.
 */
class DatabindFallbackTest {
    private static final String NOTE = " is written by Jackson databind (reflection) instead of generated code, "
            + "because KV Mapper generates no code for ";

    /** A JSON entity with databind fields next to generated ones, in the entity and in an embedded record. */
    private static final TestSource BOOKMARK = TestSource.of("example.Bookmark", """
            package example;

            import io.kvmapper.annotation.Embedded;
            import io.kvmapper.annotation.Entity;
            import io.kvmapper.annotation.Index;
            import io.kvmapper.annotation.Key;
            import java.net.URI;
            import java.time.Duration;
            import java.util.List;
            import java.util.Map;
            import java.util.Optional;

            @Entity
            public record Bookmark(
                    @Key long id,
                    @Index String title,
                    URI link,
                    List<URI> mirrors,
                    Optional<Duration> ttl,
                    @Embedded Meta meta) {

                public record Meta(String owner, Money price, Map<String, Money> offers) {
                }

                public record Money(long cents, String currency) {
                }
            }
            """);

    @TempDir
    Path schemaDirectory;

    @Test
    void eachFieldOfATypeWithoutGeneratedCodeGetsANoteOnItsLine() {
        RecordingProcessor processor = new RecordingProcessor();

        Compilation compilation = Compilations.compiler(processor).compile(BOOKMARK.file());

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).hadNoteContaining("field 'link' of type java.net.URI" + NOTE + "java.net.URI: saving "
                        + "and reading it costs more, and that it reads back as saved is not checked at compile time; "
                        + "mark the field @Embedded to have code generated if java.net.URI is a value object (a record "
                        + "or class), or store it as supported types (see docs/codecs.md)")
                .inFile(BOOKMARK.file()).onLine(BOOKMARK.line("URI link,"))
                .atColumn(BOOKMARK.column("URI link,", "link"));
        assertThat(compilation).hadNoteContaining("field 'mirrors' of type java.util.List<java.net.URI>" + NOTE
                        + "java.net.URI:")
                .inFile(BOOKMARK.file()).onLine(BOOKMARK.line("List<URI> mirrors,"));
        assertThat(compilation).hadNoteContaining("field 'ttl' of type java.util.Optional<java.time.Duration>" + NOTE
                        + "java.time.Duration:")
                .inFile(BOOKMARK.file()).onLine(BOOKMARK.line("Optional<Duration> ttl,"));
        assertThat(compilation).hadNoteContaining("field 'price' of type example.Bookmark.Money" + NOTE
                        + "example.Bookmark.Money:")
                .inFile(BOOKMARK.file()).onLine(BOOKMARK.line("public record Meta("))
                .atColumn(BOOKMARK.column("Money price", "price"));
        assertThat(compilation).hadNoteContaining("field 'offers' of type java.util.Map<java.lang.String, "
                        + "example.Bookmark.Money>" + NOTE + "example.Bookmark.Money:")
                .inFile(BOOKMARK.file()).onLine(BOOKMARK.line("public record Meta("));
        assertThat(databindNotes(compilation)).hasSize(5);
    }

    @Test
    void aDatabindFieldHasAPartialUpdateButNoElementWiseMethods() {
        RecordingProcessor processor = new RecordingProcessor();

        assertThat(Compilations.compiler(processor).compile(BOOKMARK.file())).succeeded();

        String repository = processor.source("example.BookmarkRepository").orElseThrow().text();
        assertThat(repository).contains("public boolean updateMirrors(long id, List<URI> mirrors)");
        assertThat(repository).contains("public boolean updateTtl(long id, Optional<Duration> ttl)");
        assertThat(repository).doesNotContain("appendMirrors");
        assertThat(repository).doesNotContain("insertMirrors");
        assertThat(repository).doesNotContain("removeMirrorsAt");
        String codec = processor.source("example.Bookmark_KvJsonCodec").orElseThrow().text();
        assertThat(codec).contains("BOOKMARK_MIRRORS_TYPE = DATABIND.constructType(new TypeReference<List<URI>>() {});");
        assertThat(codec).contains("BOOKMARK_META_PRICE_TYPE = DATABIND.constructType(Bookmark.Money.class);");
    }

    @Test
    void withoutDatabindOnTheClassPathEachSuchFieldIsAnErrorNamingBothWaysOut() {
        Compilation compilation = Compilations.compiler().withClasspath(Compilations.minimalClasspath())
                .compile(BOOKMARK.file());

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(5);
        assertThat(compilation).hadErrorContaining("field 'link' has type java.net.URI, and KV Mapper generates no code "
                        + "for java.net.URI (")
                .inFile(BOOKMARK.file()).onLine(BOOKMARK.line("URI link,"));
        assertThat(compilation).hadErrorContaining("field 'mirrors' has type java.util.List<java.net.URI>, and KV Mapper "
                        + "generates no code for java.net.URI (")
                .inFile(BOOKMARK.file()).onLine(BOOKMARK.line("List<URI> mirrors,"));
        assertThat(compilation).hadErrorContaining("field 'ttl' has type java.util.Optional<java.time.Duration>, and KV "
                        + "Mapper generates no code for java.time.Duration (")
                .inFile(BOOKMARK.file()).onLine(BOOKMARK.line("Optional<Duration> ttl,"));
        assertThat(compilation).hadErrorContaining("field 'price' has type example.Bookmark.Money, and KV Mapper "
                        + "generates no code for example.Bookmark.Money (it writes scalars: primitives and boxes, "
                        + "String, byte[], enums, UUID, Instant, LocalDate, LocalDateTime, BigDecimal, BigInteger; List, "
                        + "Set and Map of them; Optional of a scalar; and @Embedded records and classes); if "
                        + "example.Bookmark.Money is a value object, mark the field @Embedded to have code generated for "
                        + "it, or add tools.jackson.core:jackson-databind (Jackson 3) to the compile class path to have "
                        + "the JSON codec write the field with Jackson databind")
                .inFile(BOOKMARK.file()).onLine(BOOKMARK.line("public record Meta("))
                .atColumn(BOOKMARK.column("Money price", "price"));
        assertThat(compilation).hadErrorContaining("field 'offers' has type java.util.Map<java.lang.String, "
                        + "example.Bookmark.Money>, and KV Mapper generates no code for example.Bookmark.Money (")
                .inFile(BOOKMARK.file()).onLine(BOOKMARK.line("public record Meta("));
        assertThat(databindNotes(compilation)).isEmpty();
    }

    @Test
    void protobufEntitiesKeepTheErrorAndSayWhy() {
        TestSource feed = TestSource.of("example.Feed", """
                package example;

                import io.kvmapper.annotation.Codec;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.net.URI;

                @Entity(codec = Codec.PROTOBUF)
                public record Feed(@Key long id, URI link) {
                }
                """);

        Compilation compilation = Compilations.compile(feed);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("field 'link' has type java.net.URI, and KV Mapper generates no code "
                        + "for java.net.URI; Feed uses Codec.PROTOBUF, whose values hold only what the exported .proto "
                        + "file describes, so the Jackson databind fallback of the JSON codec cannot write it; mark the "
                        + "field @Embedded if java.net.URI is a value object, or use Codec.JSON (with jackson-databind on "
                        + "the class path)")
                .inFile(feed.file()).onLine(feed.line("URI link"))
                .atColumn(feed.column("URI link", "link"));
        assertThat(databindNotes(compilation)).isEmpty();
    }

    @Test
    void theAttributePerKeyLayoutKeepsTheErrorAndSaysWhy() {
        TestSource feed = TestSource.of("example.Feed", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Layout;
                import java.net.URI;
                import java.util.List;

                @Entity(layout = Layout.ATTRIBUTE_PER_KEY)
                public class Feed {
                    @Key long id;
                    List<URI> links;
                }
                """);

        Compilation compilation = Compilations.compile(feed);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("field 'links' has type java.util.List<java.net.URI>, and KV Mapper "
                        + "generates no code for java.net.URI; Feed uses Layout.ATTRIBUTE_PER_KEY, which stores every "
                        + "attribute, element and embedded field under a tuple-encoded key of its own and so needs "
                        + "generated code for every part of a value, not one opaque value written by Jackson databind; "
                        + "mark the field @Embedded if java.net.URI is a value object, or use Layout.MONOLITHIC")
                .inFile(feed.file()).onLine(feed.line("List<URI> links;"));
    }

    @Test
    void aDatabindFieldCannotBeAKeyIndexedCountedOrSummed() {
        TestSource link = TestSource.of("example.Link", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;
                import java.net.URI;

                @Entity
                @Index(name = "byCurrency", fields = "price.currency")
                @Counter(name = "revenueByTarget", groupBy = "target", sum = "price")
                public record Link(
                        @Key long id,
                        @Index URI target,
                        Money price) {

                    public record Money(long cents, String currency) {
                    }
                }
                """);
        TestSource page = TestSource.of("example.Page", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.net.URI;

                @Entity
                public record Page(@Key URI address, String title) {
                }
                """);

        Compilation compilation = Compilations.compile(link, page);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(5);
        assertThat(compilation).hadErrorContaining("@Key field 'address' has type java.net.URI; a key component must "
                        + "be a scalar: a primitive or its box, String, byte[], an enum, UUID, Instant, LocalDate, "
                        + "LocalDateTime, BigDecimal or BigInteger (keys sort by their components, which neither an "
                        + "@Embedded object nor a value written by Jackson databind can be encoded for)")
                .inFile(page.file()).onLine(page.line("@Key URI address"));
        assertThat(compilation).hadErrorContaining("@Index \"target\": 'target' in path \"target\" has type "
                        + "java.net.URI and is written by Jackson databind as one opaque JSON value, which KV Mapper "
                        + "cannot look into or encode in a key, so it cannot be indexed, counted or summed; use a scalar "
                        + "field, or mark 'target' @Embedded and name a scalar field inside it")
                .inFile(link.file()).onLine(link.line("@Index URI target,"));
        assertThat(compilation).hadErrorContaining("@Index \"byCurrency\": 'price' in path \"price.currency\" has type "
                        + "example.Link.Money and is written by Jackson databind")
                .inFile(link.file()).onLine(link.line("@Index(name = \"byCurrency\""));
        assertThat(compilation).hadErrorContaining("@Counter \"revenueByTarget\": 'target' in path \"target\" has "
                        + "type java.net.URI and is written by Jackson databind")
                .inFile(link.file()).onLine(link.line("@Counter("))
                .atColumn(link.column("groupBy = \"target\"", "\""));
        assertThat(compilation).hadErrorContaining("@Counter \"revenueByTarget\": 'price' in path \"price\" has type "
                        + "example.Link.Money and is written by Jackson databind")
                .inFile(link.file()).onLine(link.line("@Counter("))
                .atColumn(link.column("sum = \"price\"", "\""));
    }

    @Test
    void aTypeThatLeavesDatabindNothingToReadBackAsIsAnError() {
        TestSource bag = TestSource.of("example.Bag", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.util.List;
                import java.util.Map;
                import java.util.Optional;

                @Entity
                public class Bag {
                    @Key long id;
                    Object payload;
                    Map<String, Object> attributes;
                    @SuppressWarnings("rawtypes") List<Comparable> raw;
                    Optional<Comparable<?>> wild;
                }
                """);

        Compilation compilation = Compilations.compile(bag);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(4);
        assertThat(compilation).hadErrorContaining("field 'payload' has type java.lang.Object, which KV Mapper would "
                        + "write with Jackson databind, but java.lang.Object gives databind no type to read a value back "
                        + "as (it would come back as a Map, List, String or number, not as what was saved); declare a "
                        + "concrete type, or use tools.jackson.databind.JsonNode for free-form JSON")
                .inFile(bag.file()).onLine(bag.line("Object payload;"));
        assertThat(compilation).hadErrorContaining("field 'attributes' has type java.util.Map<java.lang.String, "
                        + "java.lang.Object>, which KV Mapper would write with Jackson databind, but java.lang.Object "
                        + "gives databind no type")
                .inFile(bag.file()).onLine(bag.line("Map<String, Object> attributes;"));
        assertThat(compilation).hadErrorContaining("but the raw type java.lang.Comparable gives databind no type")
                .inFile(bag.file()).onLine(bag.line("List<Comparable> raw;"));
        assertThat(compilation).hadErrorContaining("but the wildcard ? gives databind no type")
                .inFile(bag.file()).onLine(bag.line("Optional<Comparable<?>> wild;"));
        assertThat(databindNotes(compilation)).isEmpty();
    }

    @Test
    void anAbstractTypeOfTheUsersNeedsJacksonTypeInformation() {
        TestSource drawing = TestSource.of("example.Drawing", """
                package example;

                import com.fasterxml.jackson.annotation.JsonSubTypes;
                import com.fasterxml.jackson.annotation.JsonTypeInfo;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.time.ZoneId;
                import java.util.List;
                import java.util.Map;
                import tools.jackson.databind.JsonNode;

                @Entity
                public record Drawing(
                        @Key long id,
                        Shape outline,
                        Map<String, List<Shape>> layers,
                        Stroke stroke,
                        Animal pet,
                        Cat cat,
                        ZoneId zone,
                        JsonNode extra) {

                    public interface Shape {
                    }

                    public abstract static class Stroke {
                    }

                    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME)
                    @JsonSubTypes(@JsonSubTypes.Type(value = Cat.class, name = "cat"))
                    public interface Animal {
                    }

                    public abstract static class Cat implements Animal {
                    }
                }
                """);

        Compilation compilation = Compilations.compile(drawing);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(3);
        assertThat(compilation).hadErrorContaining("field 'outline' has type example.Drawing.Shape, which KV Mapper would "
                        + "write with Jackson databind, but example.Drawing.Shape is an interface without Jackson type "
                        + "information: databind would write an implementation's properties (or none) and could not "
                        + "tell, reading them back, which class to build; annotate Shape with @JsonTypeInfo (and "
                        + "@JsonSubTypes) or @JsonDeserialize(as = ...), or declare a concrete type")
                .inFile(drawing.file()).onLine(drawing.line("Shape outline,"));
        assertThat(compilation).hadErrorContaining("field 'layers' has type java.util.Map<java.lang.String, "
                        + "java.util.List<example.Drawing.Shape>>, which KV Mapper would write with Jackson databind, but "
                        + "example.Drawing.Shape is an interface without Jackson type information")
                .inFile(drawing.file()).onLine(drawing.line("List<Shape>> layers,"));
        assertThat(compilation).hadErrorContaining("but example.Drawing.Stroke is an abstract class without Jackson "
                        + "type information")
                .inFile(drawing.file()).onLine(drawing.line("Stroke stroke,"));
        assertThat(databindNotes(compilation)).hasSize(4);
    }

    @Test
    void theRulesOnShapesStayErrorsWithDatabindToo() {
        TestSource shapes = TestSource.of("example.Shapes", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.net.URI;
                import java.util.List;
                import java.util.Map;
                import java.util.Optional;

                @Entity
                public record Shapes(
                        @Key long id,
                        Optional<List<URI>> optionalList,
                        List<Optional<URI>> listOfOptionals,
                        Map<URI, String> byLink) {
                }
                """);

        Compilation compilation = Compilations.compile(shapes);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(3);
        assertThat(compilation).hadErrorContaining("field 'optionalList' has type java.util.Optional<java.util.List<"
                        + "java.net.URI>>; an Optional holds a scalar or an @Embedded object")
                .inFile(shapes.file()).onLine(shapes.line("Optional<List<URI>> optionalList,"));
        assertThat(compilation).hadErrorContaining("field 'listOfOptionals' has type java.util.List<java.util.Optional<"
                        + "java.net.URI>>; an Optional holds")
                .inFile(shapes.file()).onLine(shapes.line("List<Optional<URI>> listOfOptionals,"));
        assertThat(compilation).hadErrorContaining("map field 'byLink' has key type java.net.URI; map keys must be "
                        + "String, an enum, UUID, or an integer type")
                .inFile(shapes.file()).onLine(shapes.line("Map<URI, String> byLink"));
    }

    @Test
    void theSchemaFileRecordsADatabindTypeAndAChangeOfItIsATypeChange() throws IOException {
        TestSource v1 = TestSource.of("example.Site", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.net.URI;
                import java.util.List;

                @Entity
                public record Site(@Key long id, List<URI> pages, Owner owner) {
                    public record Owner(String name) {
                    }
                }
                """);
        assertThat(compileWithSchemaFiles(v1)).succeededWithoutWarnings();
        Path file = schemaDirectory.resolve("example/Site.json");
        String before = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(before).contains("{\"name\": \"pages\", \"java\": \"pages\", \"type\": \"databind "
                + "java.util.List<java.net.URI>\", \"number\": 2}");
        assertThat(before).contains("{\"name\": \"owner\", \"java\": \"owner\", \"type\": \"databind "
                + "example.Site.Owner\", \"number\": 3}");

        TestSource v2 = TestSource.of("example.Site", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.net.URL;
                import java.util.List;

                @Entity
                public record Site(@Key long id, List<URL> pages, @Embedded Owner owner) {
                    public record Owner(String name) {
                    }
                }
                """);
        Compilation compilation = compileWithSchemaFiles(v2);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("field 'pages' has type databind java.util.List<java.net.URL>, but "
                        + "the schema file records type databind java.util.List<java.net.URI> for its stored name "
                        + "\"pages\"")
                .inFile(v2.file()).onLine(v2.line("public record Site("));
        assertThat(compilation).hadErrorContaining("field 'owner' has type embedded example.Site.Owner, but the schema "
                        + "file records type databind example.Site.Owner for its stored name \"owner\"")
                .inFile(v2.file()).onLine(v2.line("public record Site("));
        assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo(before);
    }

    private Compilation compileWithSchemaFiles(TestSource source) {
        List<String> options = new ArrayList<>(Compilations.OPTIONS);
        options.add("-Akvmapper.schemaDir=" + schemaDirectory);
        return Compilations.compiler().withOptions(options).compile(source.file());
    }

    private static List<Diagnostic<?>> databindNotes(Compilation compilation) {
        return compilation.notes().stream()
                .filter(d -> d.getMessage(Locale.ROOT).contains("is written by Jackson databind"))
                .<Diagnostic<?>>map(d -> d)
                .toList();
    }
}
