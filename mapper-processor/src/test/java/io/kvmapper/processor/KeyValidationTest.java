package io.kvmapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** The primary key: present, made of scalars, ordered consistently, partition components first. */
class KeyValidationTest {

    @Test
    void entityWithoutKeyIsRejected() {
        TestSource note = TestSource.of("example.Note", """
                package example;

                import io.kvmapper.annotation.Entity;

                @Entity
                public record Note(String text) {
                }
                """);

        Compilation compilation = compile(note);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Entity Note has no @Key field; mark the field or fields that "
                        + "identify an entity with @Key")
                .inFile(note.file()).onLine(note.line("public record Note"));
    }

    @Test
    void keyComponentOfANonScalarTypeIsRejected() {
        TestSource basket = TestSource.of("example.Basket", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.util.List;
                import java.util.Map;

                @Entity
                public record Basket(
                        @Key List<String> items,
                        @Key Map<String, Long> counts,
                        @Key Object owner) {
                }
                """);

        Compilation compilation = compile(basket);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(3);
        assertThat(compilation).hadErrorContaining("@Key field 'items' has type java.util.List<java.lang.String>; "
                        + "a key component must be a scalar: a primitive or its box, String, byte[], an enum, UUID, "
                        + "Instant, LocalDate, LocalDateTime, BigDecimal or BigInteger")
                .inFile(basket.file()).onLine(basket.line("items")).atColumn(basket.column("> items", "items"));
        assertThat(compilation).hadErrorContaining("@Key field 'counts' has type java.util.Map<java.lang.String, java.lang.Long>")
                .inFile(basket.file()).onLine(basket.line("counts"));
        assertThat(compilation).hadErrorContaining("@Key field 'owner' has type java.lang.Object")
                .inFile(basket.file()).onLine(basket.line("owner"));
    }

    @Test
    void negativeKeyOrderIsRejectedAtTheOrder() {
        TestSource item = TestSource.of("example.Item", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Item {
                    @Key(order = -2) long id;
                }
                """);

        Compilation compilation = compile(item);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Key field 'id' has order -2; an order is 0 or more "
                        + "(or -1, the default, for declaration order)")
                .inFile(item.file()).onLine(item.line("long id")).atColumn(item.column("@Key(order = -2)", "-2"));
    }

    @Test
    void twoKeyComponentsWithTheSameOrderAreRejectedAtTheSecondOrder() {
        TestSource visit = TestSource.of("example.Visit", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public record Visit(
                        @Key(order = 0) String site,
                        @Key(order = 1) String page,
                        @Key(order = 1) long time) {
                }
                """);

        Compilation compilation = compile(visit);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Key field 'time' has order 1, like field 'page'; "
                        + "give each key component its own order")
                .inFile(visit.file()).onLine(visit.line("long time"))
                .atColumn(visit.column("@Key(order = 1) long time", "1"));
    }

    @Test
    void keyOrderOnSomeComponentsButNotOthersIsRejectedOnTheOneWithout() {
        TestSource visit = TestSource.of("example.Visit", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Visit {
                    @Key(order = 1) String site;
                    @Key long time;
                }
                """);

        Compilation compilation = compile(visit);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Key field 'time' has no order while field 'site' has one; "
                        + "give every key component an order, or none")
                .inFile(visit.file()).onLine(visit.line("long time")).atColumn(visit.column("@Key long time", "@Key"));
    }

    @Test
    void partitionComponentAfterANonPartitionComponentIsRejectedAtItsPartitionFlag() {
        TestSource reading = TestSource.of("example.Reading", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public record Reading(
                        @Key(partition = true) String sensor,
                        @Key long time,
                        @Key(partition = true) String region) {
                }
                """);

        Compilation compilation = compile(reading);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Key field 'region' is a partition component but follows field "
                        + "'time', which is not; partition components must lead the key, so give them the lowest orders")
                .inFile(reading.file()).onLine(reading.line("String region"))
                .atColumn(reading.column("@Key(partition = true) String region", "true"));
    }

    @Test
    void partitionComponentOrderedAfterANonPartitionComponentIsRejected() {
        TestSource reading = TestSource.of("example.Reading", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Reading {
                    @Key(order = 1, partition = true) String sensor;
                    @Key(order = 0) long time;
                }
                """);

        Compilation compilation = compile(reading);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Key field 'sensor' is a partition component but follows field 'time'")
                .inFile(reading.file()).onLine(reading.line("String sensor"))
                .atColumn(reading.column("partition = true) String sensor", "true"));
    }

    @Test
    void keyComponentThatIsAlsoTransientIsRejected() {
        TestSource account = TestSource.of("example.Account", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Transient;

                @Entity
                public class Account {
                    @Key String bank;
                    @Key @Transient String number;
                }
                """);

        Compilation compilation = compile(account);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("field 'number' is both @Key and @Transient; a key component is "
                        + "always stored, so remove one of them")
                .inFile(account.file()).onLine(account.line("String number"));
    }
}
