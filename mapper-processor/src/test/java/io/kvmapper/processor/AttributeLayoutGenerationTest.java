package io.kvmapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/**
 * Entities in the attribute-per-key layout generate an attribute codec instead of a JSON codec, and
 * compile cleanly whatever their shape: classes with accessors and inherited keys, versions, every
 * collection kind, optional fields, and properties named like the generated code's own variables.
 */
class AttributeLayoutGenerationTest {

    @Test
    void aJavaBeanWithEveryShapeAndClashingNamesCompilesCleanly() {
        TestSource base = TestSource.of("example.Owned", """
                package example;

                import io.kvmapper.annotation.Key;

                public abstract class Owned {
                    @Key(partition = true) String owner;
                }
                """);
        TestSource bean = TestSource.of("example.Board", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Layout;
                import io.kvmapper.annotation.Version;
                import java.time.Instant;
                import java.util.Collection;
                import java.util.List;
                import java.util.Map;
                import java.util.Optional;
                import java.util.Set;
                import java.util.UUID;

                @Entity(layout = Layout.ATTRIBUTE_PER_KEY)
                @Counter(name = "byScope", groupBy = "scope")
                public class Board extends Owned {
                    @Key(descending = true) Instant at;
                    @Key String current;
                    String out;
                    String in;
                    String key;
                    String recordKey;
                    int mark;
                    @Index String scope;
                    int value;
                    String path;
                    @Embedded Part entity;
                    @Embedded List<Part> parts;
                    private Map<UUID, List<Map<String, Integer>>> position;
                    Set<Level> element;
                    Collection<byte[]> at1;
                    @Index List<String> entry;
                    @Embedded Map<Level, Part> byLevel;
                    Optional<String> nickname;
                    @Embedded Optional<Inner> spare;
                    @Version long version;

                    public Map<UUID, List<Map<String, Integer>>> getPosition() {
                        return position;
                    }

                    public void setPosition(Map<UUID, List<Map<String, Integer>>> position) {
                        this.position = position;
                    }

                    public enum Level { LOW, HIGH }

                    public static class Part {
                        String out;
                        @Embedded Inner scope;
                    }

                    public static class Inner {
                        char in;
                        Set<Integer> value;
                    }
                }
                """);

        Compilation compilation = compile(base, bean);

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("example.BoardRepository");
        assertThat(compilation).generatedSourceFile("example.Board_KvMapping");
        assertThat(compilation).generatedSourceFile("example.Board_KvAttributeCodec");
    }

    /** Two embedded types that share a simple name get codec methods of their own, in both layouts. */
    @Test
    void embeddedTypesWithOneSimpleNameFromTwoPackagesCompile() {
        TestSource home = TestSource.of("example.home.Address", """
                package example.home;

                public record Address(String street) {
                }
                """);
        TestSource work = TestSource.of("example.work.Address", """
                package example.work;

                public record Address(String building, int floor) {
                }
                """);
        for (String layout : java.util.List.of("MONOLITHIC", "ATTRIBUTE_PER_KEY")) {
            TestSource person = TestSource.of("example.Person", """
                    package example;

                    import io.kvmapper.annotation.Embedded;
                    import io.kvmapper.annotation.Entity;
                    import io.kvmapper.annotation.Key;
                    import io.kvmapper.annotation.Layout;

                    @Entity(layout = Layout.%s)
                    public record Person(@Key long id, @Embedded example.home.Address home,
                            @Embedded example.work.Address work) {
                    }
                    """.formatted(layout));

            Compilation compilation = compile(home, work, person);

            assertThat(compilation).succeededWithoutWarnings();
        }
    }
}
