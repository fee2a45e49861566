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

                import io.kvmapper.annotation.Codec;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Field;
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
    void protobufCodecIsNotSupportedYet() {
        TestSource user = user("@Entity(codec = Codec.PROTOBUF)", "");

        Compilation compilation = compile(user);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("Codec.PROTOBUF is not supported yet; use Codec.JSON (the default) for now")
                .inFile(user.file()).onLine(user.line("@Entity(codec"))
                .atColumn(user.column("Codec.PROTOBUF)", "."));
    }

    @Test
    void fieldNumberIsNotSupportedYet() {
        TestSource user = user("@Entity", "@Field(number = 3)");

        Compilation compilation = compile(user);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Field(number) is not supported yet; field numbers belong to the "
                        + "Protobuf codec; remove the number for now")
                .inFile(user.file()).onLine(user.line("String email")).atColumn(user.column("@Field(number = 3)", "3"));
    }
}
