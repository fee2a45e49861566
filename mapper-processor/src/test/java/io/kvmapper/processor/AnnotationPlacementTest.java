package io.kvmapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** Annotations on elements where they mean nothing are errors, not silently ignored. */
class AnnotationPlacementTest {

    @Test
    void keyOnAFieldOfAClassOrRecordThatIsNotAnEntityIsRejected() {
        TestSource address = TestSource.of("example.Address", """
                package example;

                public class Address {
                    @io.kvmapper.annotation.Key String street;
                }
                """);
        TestSource range = TestSource.of("example.Range", """
                package example;

                import io.kvmapper.annotation.Key;

                public record Range(@Key long from, long to) {
                }
                """);

        Compilation compilation = compile(address, range);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Key on 'Address.street' means nothing here: it applies to fields "
                        + "of an @Entity record or class, or of an abstract class that entities extend")
                .inFile(address.file()).onLine(address.line("String street"))
                .atColumn(address.column("@io.kvmapper.annotation.Key String street", "@"));
        assertThat(compilation).hadErrorContaining("@Key on 'Range.from' means nothing here")
                .inFile(range.file()).onLine(range.line("@Key long from"))
                .atColumn(range.column("@Key long from", "@Key"));
    }

    /** An embedded object's field is indexed from the entity, with a class-level @Index over its path. */
    @Test
    void indexOrVersionOnAFieldOfAnEmbeddedObjectIsRejected() {
        TestSource customer = TestSource.of("example.Customer", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Version;

                @Entity
                public class Customer {
                    @Key long id;
                    @Embedded Address address;

                    public record Address(@Index String city, @Version long version) {
                    }
                }
                """);

        Compilation compilation = compile(customer);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Index on 'Address.city' means nothing here: it applies to fields "
                        + "of an @Entity record or class, or of an abstract class that entities extend")
                .inFile(customer.file()).onLine(customer.line("record Address"))
                .atColumn(customer.column("@Index String city", "@Index"));
        assertThat(compilation).hadErrorContaining("@Version on 'Address.version' means nothing here")
                .inFile(customer.file()).onLine(customer.line("record Address"))
                .atColumn(customer.column("@Version long version", "@Version"));
    }

    /** An abstract class may declare the key of the entities that extend it. */
    @Test
    void keyOnAFieldOfAnAbstractBaseClassIsAccepted() {
        TestSource keyed = TestSource.of("example.Keyed", """
                package example;

                import io.kvmapper.annotation.Key;

                public abstract class Keyed {
                    @Key long id;
                }
                """);

        Compilation compilation = compile(keyed);

        assertThat(compilation).succeededWithoutWarnings();
    }

    @Test
    void keyOrTransientOnAStaticFieldIsRejected() {
        TestSource counter = TestSource.of("example.Counter", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Transient;

                @Entity
                public class Counter {
                    @Key static long next;
                    @Transient static String cache;
                    @Key long id;
                }
                """);

        Compilation compilation = compile(counter);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Key on static field 'next' means nothing: static fields are not stored")
                .inFile(counter.file()).onLine(counter.line("static long next"))
                .atColumn(counter.column("@Key static long next", "@Key"));
        assertThat(compilation).hadErrorContaining("@Transient on static field 'cache' means nothing")
                .inFile(counter.file()).onLine(counter.line("static String cache"))
                .atColumn(counter.column("@Transient static", "@Transient"));
    }
}
