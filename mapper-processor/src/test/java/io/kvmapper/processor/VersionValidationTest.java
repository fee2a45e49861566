package io.kvmapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** The {@code @Version} field: one per entity, a primitive {@code long}, never part of the key. */
class VersionValidationTest {

    @Test
    void versionOfATypeOtherThanLongIsRejected() {
        TestSource document = TestSource.of("example.Document", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Version;

                @Entity
                public class Document {
                    @Key long id;
                    @Version int revision;
                }
                """);
        TestSource note = TestSource.of("example.Note", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Version;

                @Entity
                public record Note(
                        @Key long id,
                        @Version Long version) {
                }
                """);

        Compilation compilation = compile(document, note);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Version field 'revision' has type int; a version is a long")
                .inFile(document.file()).onLine(document.line("int revision"))
                .atColumn(document.column("@Version int", "@"));
        assertThat(compilation).hadErrorContaining("@Version field 'version' has type Long; a version is a long")
                .inFile(note.file()).onLine(note.line("Long version"))
                .atColumn(note.column("@Version Long", "@"));
    }

    @Test
    void versionThatIsAlsoAKeyIsRejected() {
        TestSource document = TestSource.of("example.Document", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Version;

                @Entity
                public record Document(@Key String name, @Key @Version long revision, String text) {
                }
                """);

        Compilation compilation = compile(document);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Version field 'revision' is also a @Key; the version changes on "
                        + "every save, so it cannot identify the entity")
                .inFile(document.file()).onLine(document.line("public record Document"))
                .atColumn(document.column("@Version long", "@"));
    }

    @Test
    void secondVersionFieldIsRejected() {
        TestSource document = TestSource.of("example.Document", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Version;

                @Entity
                public class Document {
                    @Key long id;
                    @Version long version;
                    @Version long revision;
                }
                """);

        Compilation compilation = compile(document);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Version field 'revision': Document already has the @Version field "
                        + "'version'; keep one")
                .inFile(document.file()).onLine(document.line("long revision"))
                .atColumn(document.column("@Version long revision", "@"));
    }
}
