package io.kvmapper.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/**
 * Counters: groups and summed fields that exist and are scalars, sums over integral fields only, and
 * valid, unique names whose getters do not collide.
 */
class CounterValidationTest {

    @Test
    void unknownGroupOrSumFieldIsRejectedAtThatMember() {
        TestSource sale = TestSource.of("example.Sale", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                @Counter(name = "revenueByRegion", groupBy = {"region"}, sum = "amount")
                public record Sale(@Key long id, String country, long cents) {
                }
                """);

        Compilation compilation = compile(sale);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Counter \"revenueByRegion\": Sale has no stored field 'region'; "
                        + "name a field, or a dotted path through @Embedded fields such as \"address.city\"")
                .inFile(sale.file()).onLine(sale.line("@Counter"))
                .atColumn(sale.column("groupBy = {", "{"));
        assertThat(compilation).hadErrorContaining("@Counter \"revenueByRegion\": Sale has no stored field 'amount'")
                .inFile(sale.file()).onLine(sale.line("@Counter"))
                .atColumn(sale.column("sum = \"amount\"", "\""));
    }

    /** Unlike an index, a counter group holds one value per entity, so a collection cannot form it. */
    @Test
    void groupByACollectionIsRejected() {
        TestSource post = TestSource.of("example.Post", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.util.Set;

                @Entity
                @Counter(name = "byTag", groupBy = "tags")
                public record Post(@Key long id, Set<String> tags) {
                }
                """);

        Compilation compilation = compile(post);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Counter \"byTag\": \"tags\" has type java.util.Set<java.lang.String>, "
                        + "which cannot be encoded in a key; use a scalar field")
                .inFile(post.file()).onLine(post.line("@Counter"))
                .atColumn(post.column("groupBy = \"tags\"", "\""));
        assertThat(compilation.errors().get(0).getMessage(null)).endsWith("use a scalar field");
    }

    @Test
    void counterNameThatIsNotAJavaIdentifierIsRejectedAtTheName() {
        TestSource ticket = TestSource.of("example.Ticket", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                @Counter(name = "by status", groupBy = "status")
                public record Ticket(@Key long id, String status) {
                }
                """);
        TestSource task = TestSource.of("example.Task", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                @Counter(name = "class")
                public record Task(@Key long id) {
                }
                """);

        Compilation compilation = compile(ticket, task);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Counter \"by status\": \"by status\" is not a Java identifier, and "
                        + "it names generated methods; choose a name such as \"byStatus\"")
                .inFile(ticket.file()).onLine(ticket.line("@Counter"))
                .atColumn(ticket.column("name = \"by status\"", "\""));
        assertThat(compilation).hadErrorContaining("@Counter \"class\": \"class\" is not a Java identifier")
                .inFile(task.file()).onLine(task.line("@Counter"))
                .atColumn(task.column("name = \"class\"", "\""));
    }

    /** Two counters are two repeated annotations, which javac cannot place, so the error is on the class. */
    @Test
    void twoCountersWithOneNameAreRejected() {
        TestSource ticket = TestSource.of("example.Ticket", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                @Counter(name = "open", groupBy = "status")
                @Counter(name = "open", groupBy = "queue")
                public record Ticket(@Key long id, String status, String queue) {
                }
                """);

        Compilation compilation = compile(ticket);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Counter \"open\": Ticket already has a counter named \"open\"; "
                        + "give each its own name")
                .inFile(ticket.file()).onLine(ticket.line("public record Ticket"));
    }

    @Test
    void sumOverAStringIsRejectedAtTheSum() {
        TestSource sale = TestSource.of("example.Sale", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                @Counter(name = "revenue", sum = "label")
                public record Sale(@Key long id, String label) {
                }
                """);

        Compilation compilation = compile(sale);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Counter \"revenue\": sum field \"label\" is a String; sum needs a "
                        + "numeric field (int, long, short, byte, or their boxes)")
                .inFile(sale.file()).onLine(sale.line("@Counter"))
                .atColumn(sale.column("sum = \"label\"", "\""));
    }

    /** Sums are exact 64-bit integers; floating-point and decimal fields have no such sum. */
    @Test
    void sumOverADoubleOrABigDecimalIsRejected() {
        TestSource measurement = TestSource.of("example.Measurement", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                @Counter(name = "rainfall", sum = "millimetres")
                public class Measurement {
                    @Key long id;
                    double millimetres;
                }
                """);
        TestSource payment = TestSource.of("example.Payment", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.math.BigDecimal;

                @Entity
                @Counter(name = "paid", groupBy = "currency", sum = "amount")
                public record Payment(@Key long id, String currency, BigDecimal amount) {
                }
                """);

        Compilation compilation = compile(measurement, payment);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Counter \"rainfall\": sum field \"millimetres\" is a double; "
                        + "sum needs a numeric field")
                .inFile(measurement.file()).onLine(measurement.line("@Counter"))
                .atColumn(measurement.column("sum = \"millimetres\"", "\""));
        assertThat(compilation).hadErrorContaining("@Counter \"paid\": sum field \"amount\" is a BigDecimal; "
                        + "sum needs a numeric field")
                .inFile(payment.file()).onLine(payment.line("@Counter"))
                .atColumn(payment.column("sum = \"amount\"", "\""));
    }

    /**
     * "total" and "Total" are different names but the same getter, and a single-group counter also has
     * the getter without arguments that lists every group.
     */
    @Test
    void countersWhoseGettersCoincideAreRejected() {
        TestSource ticket = TestSource.of("example.Ticket", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                @Counter(name = "total")
                @Counter(name = "Total", groupBy = "status")
                public record Ticket(@Key long id, String status) {
                }
                """);

        Compilation compilation = compile(ticket);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Counter \"Total\" would generate countTotal(), which the "
                        + "repository already has for counter \"total\"; rename it")
                .inFile(ticket.file()).onLine(ticket.line("public record Ticket"));
    }

    @Test
    void problemInOneOfTwoRepeatedCountersIsReportedOnTheClass() {
        TestSource sale = TestSource.of("example.Sale", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                @Counter(name = "total")
                @Counter(name = "revenue", sum = "label")
                public class Sale {
                    @Key long id;
                    String label;
                }
                """);

        Compilation compilation = compile(sale);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Counter \"revenue\": sum field \"label\" is a String")
                .inFile(sale.file()).onLine(sale.line("public class Sale"));
    }
}
