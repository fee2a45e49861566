package io.kvmapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/**
 * Annotations and settings the API declares but the processor does not implement yet are compile
 * errors that name the feature, never silently ignored.
 */
class NotSupportedYetTest {

    private static TestSource user(String classAnnotations, String fieldAnnotations) {
        return TestSource.of("example.User", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Layout;

                %s
                public class User {
                    @Key long id;
                    %s String email;
                }
                """.formatted(classAnnotations, fieldAnnotations));
    }

    @Test
    void attributePerKeyLayoutIsNotSupportedYet() {
        TestSource user = user("@Entity(layout = Layout.ATTRIBUTE_PER_KEY)", "");

        Compilation compilation = compile(user);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("Layout.ATTRIBUTE_PER_KEY is not supported yet; "
                        + "use Layout.MONOLITHIC (the default) for now")
                .inFile(user.file()).onLine(user.line("@Entity(layout"))
                .atColumn(user.column("Layout.ATTRIBUTE_PER_KEY)", "."));
    }
}
