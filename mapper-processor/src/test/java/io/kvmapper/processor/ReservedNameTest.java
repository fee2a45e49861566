package io.kvmapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** Entity names starting with '$' are reserved for KV Mapper's own structures, such as multimaps. */
class ReservedNameTest {

    @Test
    void entityNameStartingWithADollarIsRejected() {
        TestSource tag = TestSource.of("example.Tag", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity(name = "$multimap")
                public record Tag(@Key String name) {
                }
                """);

        Compilation compilation = compile(tag);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Entity name \"$multimap\" starts with '$', which KV Mapper "
                + "reserves for its own structures (such as multimaps); choose a name without it")
                .inFile(tag.file()).onLine(tag.line("@Entity(name = \"$multimap\")"));
    }
}
