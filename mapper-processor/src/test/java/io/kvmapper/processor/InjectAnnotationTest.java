package io.kvmapper.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import jakarta.inject.Inject;
import java.io.File;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The repository constructor carries {@code @jakarta.inject.Inject} exactly when the user's class path has it. */
class InjectAnnotationTest {
    private static final TestSource USER = TestSource.of("example.User", """
            package example;

            import io.kvmapper.annotation.Entity;
            import io.kvmapper.annotation.Key;

            @Entity
            public record User(@Key String email, String name) {
            }
            """);

    @Test
    void repositoryConstructorIsInjectableWhenJakartaInjectIsOnTheClassPath() {
        RecordingProcessor processor = new RecordingProcessor();

        Compilation compilation = compileWith(processor, Compilations.minimalClasspath(Inject.class));

        assertThat(compilation).succeededWithoutWarnings();
        String repository = processor.source("example.UserRepository").orElseThrow().text();
        assertThat(repository).contains("import jakarta.inject.Inject;\n");
        assertThat(repository).contains("    @Inject\n    public UserRepository(KvStore store) {\n");
    }

    @Test
    void repositoryConstructorHasNoInjectAnnotationWithoutJakartaInject() {
        RecordingProcessor processor = new RecordingProcessor();

        Compilation compilation = compileWith(processor, Compilations.minimalClasspath());

        assertThat(compilation).succeededWithoutWarnings();
        String repository = processor.source("example.UserRepository").orElseThrow().text();
        assertThat(repository).doesNotContain("jakarta");
        assertThat(repository).doesNotContain("@Inject");
        assertThat(repository).contains("    public UserRepository(KvStore store) {\n");
    }

    private static Compilation compileWith(RecordingProcessor processor, List<File> classpath) {
        return Compilations.compiler(processor).withClasspath(classpath).compile(USER.file());
    }
}
