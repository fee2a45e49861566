package io.kvmapper.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * How the processor behaves around errors: it reports everything wrong with a type at once, abandons
 * only that type, and never crashes the compiler.
 */
class ErrorRecoveryTest {

    @Test
    void everyProblemOfOneEntityIsReportedInOneCompilation() {
        TestSource messy = TestSource.of("example.Messy", """
                package example;

                import io.kvmapper.annotation.Codec;
                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Field;
                import io.kvmapper.annotation.Key;
                import java.io.File;

                @Entity(name = " ", codec = Codec.PROTOBUF)
                public class Messy {
                    @Key long id;
                    @Field(number = 19001) long code;
                    private String secret;
                    File attachment;
                    @Embedded String label;
                }
                """);

        Compilation compilation = compile(messy);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("@Entity name of Messy is blank")
                .inFile(messy.file()).onLine(messy.line("@Entity(name"));
        assertThat(compilation).hadErrorContaining("field 'code' has @Field number 19001")
                .inFile(messy.file()).onLine(messy.line("long code;"));
        assertThat(compilation).hadErrorContaining("field 'secret' of Messy is private and has no getter")
                .inFile(messy.file()).onLine(messy.line("private String secret"));
        assertThat(compilation).hadErrorContaining("field 'secret' of Messy is private and has no setter")
                .inFile(messy.file()).onLine(messy.line("private String secret"));
        assertThat(compilation).hadErrorContaining("field 'attachment' has type java.io.File")
                .inFile(messy.file()).onLine(messy.line("File attachment"));
        assertThat(compilation).hadErrorContaining("@Embedded field 'label' has type java.lang.String")
                .inFile(messy.file()).onLine(messy.line("@Embedded String label"));
        assertThat(compilation).hadErrorCount(6);
    }

    /** Indexes, counters and the version are checked independently, so one bad one does not hide another. */
    @Test
    void everyIndexCounterAndVersionProblemOfOneEntityIsReportedInOneCompilation() {
        TestSource order = TestSource.of("example.Order", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Version;
                import java.util.List;

                @Entity
                @Counter(name = "revenue", groupBy = "lines", sum = "note")
                public class Order {
                    @Key long id;
                    @Index(name = "by status") String status;
                    @Index(fields = "status") String note;
                    List<String> lines;
                    @Version int version;
                }
                """);

        Compilation compilation = compile(order);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("@Index \"by status\": \"by status\" is not a Java identifier")
                .inFile(order.file()).onLine(order.line("String status"));
        assertThat(compilation).hadErrorContaining("@Index on field 'note' indexes that field")
                .inFile(order.file()).onLine(order.line("String note"));
        assertThat(compilation).hadErrorContaining("@Counter \"revenue\": \"lines\" has type "
                        + "java.util.List<java.lang.String>, which cannot be encoded in a key")
                .inFile(order.file()).onLine(order.line("@Counter"));
        assertThat(compilation).hadErrorContaining("@Counter \"revenue\": sum field \"note\" is a String")
                .inFile(order.file()).onLine(order.line("@Counter"));
        assertThat(compilation).hadErrorContaining("@Version field 'version' has type int")
                .inFile(order.file()).onLine(order.line("int version"));
        assertThat(compilation).hadErrorCount(5);
    }

    /** A missing key is independent of other problems of the entity, so it is reported alongside them. */
    @Test
    void missingKeyIsReportedAlongsideOtherProblemsOfTheEntity() {
        TestSource draft = TestSource.of("example.Draft", """
                package example;

                import io.kvmapper.annotation.Entity;

                @Entity(name = " ")
                public record Draft(String text) {
                }
                """);

        Compilation compilation = compile(draft);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("@Entity name of Draft is blank")
                .inFile(draft.file()).onLine(draft.line("@Entity(name"));
        assertThat(compilation).hadErrorContaining("@Entity Draft has no @Key field")
                .inFile(draft.file()).onLine(draft.line("public record Draft"));
        assertThat(compilation).hadErrorCount(2);
    }

    @Test
    void errorInOneEntityDoesNotStopAnotherEntityFromBeingGenerated() {
        TestSource broken = TestSource.of("example.Broken", """
                package example;

                import io.kvmapper.annotation.Entity;

                @Entity
                public record Broken(String text) {
                }
                """);
        TestSource fine = TestSource.of("example.Fine", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public record Fine(@Key long id, String text) {
                }
                """);
        RecordingProcessor processor = new RecordingProcessor();

        Compilation compilation = Compilations.compiler(processor).compile(broken.file(), fine.file());

        assertThat(compilation).hadErrorContaining("@Entity Broken has no @Key field")
                .inFile(broken.file()).onLine(broken.line("public record Broken"));
        assertThat(processor.created().stream().map(RecordingProcessor.CreatedFile::name).toList())
                .containsExactly("example.FineRepository", "example.Fine_KvMapping", "example.Fine_KvJsonCodec");
        assertThat(errorsIn(compilation, broken.file())).hasSize(1);
    }

    /**
     * A type that never exists is javac's error to report; the processor defers the entity, says at
     * the end which type it waited for, and does not crash.
     */
    @Test
    void entityReferringToATypeThatNeverExistsIsReportedOnceAtTheEnd() {
        TestSource order = TestSource.of("example.Order", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Order {
                    @Key long id;
                    Customer customer;
                }
                """);
        RecordingProcessor processor = new RecordingProcessor();

        Compilation compilation = Compilations.compiler(processor).compile(order.file());

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("cannot find symbol")
                .inFile(order.file()).onLine(order.line("Customer customer"));
        assertThat(compilation).hadErrorContaining("Order refers to types that never became available: Customer; "
                        + "check the imports, and that any processor generating them runs in the same compilation")
                .inFile(order.file()).onLine(order.line("public class Order"));
        assertThat(compilation).hadErrorCount(2);
        assertThat(processor.created()).isEmpty();
    }

    private static List<Diagnostic<? extends JavaFileObject>> errorsIn(Compilation compilation, JavaFileObject file) {
        return compilation.errors().stream()
                .filter(d -> d.getSource() != null && d.getSource().toUri().equals(file.toUri()))
                .toList();
    }
}
