package io.kvmapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/**
 * What the attribute-per-key layout needs beyond the monolithic one: set elements that fit in a key,
 * and no value codec, since every attribute is a tuple-encoded key of its own.
 */
class AttributeLayoutValidationTest {

    private static TestSource entity(String layout) {
        return TestSource.of("example.Trip", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Layout;
                import java.util.List;
                import java.util.Map;
                import java.util.Set;

                @Entity(layout = Layout.%s)
                public record Trip(
                        @Key long id,
                        @Embedded Set<Stop> stops,
                        Map<String, Set<List<String>>> routes,
                        @Embedded Leg leg,
                        Set<String> tags) {
                    public record Stop(String name) {
                    }

                    public record Leg(@Embedded Set<Stop> via) {
                    }
                }
                """.formatted(layout));
    }

    @Test
    void aSetOfNonScalarsIsRejectedInTheAttributePerKeyLayout() {
        TestSource trip = entity("ATTRIBUTE_PER_KEY");

        Compilation compilation = compile(trip);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(3);
        assertThat(compilation).hadErrorContaining("field 'stops' stores a java.util.Set<example.Trip.Stop>; in the "
                        + "attribute-per-key layout each set element is stored in a key, so a set's elements must be "
                        + "scalars; use a List, or Layout.MONOLITHIC for this entity")
                .inFile(trip.file()).onLine(trip.line("Set<Stop> stops")).atColumn(trip.column("Set<Stop> stops", "stops"));
        assertThat(compilation).hadErrorContaining("field 'routes' stores a java.util.Set<java.util.List<java.lang.String>>")
                .inFile(trip.file()).onLine(trip.line("routes,"));
        assertThat(compilation).hadErrorContaining("field 'via' stores a java.util.Set<example.Trip.Stop>")
                .inFile(trip.file()).onLine(trip.line("Set<Stop> via"));
    }

    @Test
    void aSetOfNonScalarsInsideAnOptionalEmbeddedObjectIsRejectedInTheAttributePerKeyLayout() {
        TestSource trip = TestSource.of("example.Trip", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Layout;
                import java.util.Optional;
                import java.util.Set;

                @Entity(layout = Layout.ATTRIBUTE_PER_KEY)
                public record Trip(@Key long id, @Embedded Optional<Leg> leg) {
                    public record Stop(String name) {
                    }

                    public record Leg(@Embedded Set<Stop> via) {
                    }
                }
                """);

        Compilation compilation = compile(trip);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("field 'via' stores a java.util.Set<example.Trip.Stop>; in the "
                        + "attribute-per-key layout each set element is stored in a key")
                .inFile(trip.file()).onLine(trip.line("Set<Stop> via"));
    }

    @Test
    void theSameEntityCompilesInTheMonolithicLayout() {
        Compilation compilation = compile(entity("MONOLITHIC"));

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("example.Trip_KvJsonCodec");
    }

    @Test
    void aProtobufCodecIsRejectedInTheAttributePerKeyLayout() {
        TestSource note = TestSource.of("example.Note", """
                package example;

                import io.kvmapper.annotation.Codec;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Layout;

                @Entity(layout = Layout.ATTRIBUTE_PER_KEY, codec = Codec.PROTOBUF)
                public record Note(@Key long id, String text) {
                }
                """);

        Compilation compilation = compile(note);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Entity Note: Codec.PROTOBUF encodes the values of the monolithic "
                        + "layout; in the attribute-per-key layout every attribute is a tuple-encoded key of its own, so "
                        + "no codec applies; remove codec, or use Layout.MONOLITHIC")
                .inFile(note.file()).onLine(note.line("@Entity(layout"))
                .atColumn(note.column("Codec.PROTOBUF)", "."));
    }
}
