package io.kvmapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** Constructors and accessors that declare checked exceptions cannot be called from generated code. */
class CheckedExceptionTest {

    @Test
    void aConstructorDeclaringACheckedExceptionIsRejectedOnTheConstructor() {
        TestSource ctor = TestSource.of("example.Ctor", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Ctor {
                    @Key String a;

                    Ctor() throws Exception {
                    }
                }
                """);

        Compilation compilation = compile(ctor);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("the no-argument constructor of Ctor declares the checked "
                + "exception(s) java.lang.Exception, which generated code cannot let through")
                .inFile(ctor.file()).onLine(ctor.line("Ctor() throws Exception"));
    }

    @Test
    void accessorsDeclaringCheckedExceptionsAreNotUsed() {
        TestSource acc = TestSource.of("example.Acc", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.io.IOException;

                @Entity
                public class Acc {
                    @Key long id;
                    private String a;

                    public String getA() throws IOException {
                        return a;
                    }

                    public void setA(String a) {
                        this.a = a;
                    }
                }
                """);

        Compilation compilation = compile(acc);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("field 'a' of Acc is private and has no getter")
                .inFile(acc.file()).onLine(acc.line("private String a"));
    }
}
