package io.kvmapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/**
 * {@code @Expires}: one per entity, a {@code java.time.Instant}, never part of the key; {@code @ChangeFeed}: a
 * positive ISO-8601 retention, on an entity.
 */
class ExpiryAndChangeFeedValidationTest {

    @Test
    void anEntityWithAnExpiryAndAChangeFeedCompiles() {
        TestSource session = TestSource.of("example.Session", """
                package example;

                import io.kvmapper.annotation.ChangeFeed;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Expires;
                import io.kvmapper.annotation.Key;
                import java.time.Instant;

                @Entity
                @ChangeFeed(retention = "P1D")
                public class Session {
                    @Key String id;
                    @Expires Instant expiresAt;
                }
                """);

        assertThat(compile(session)).succeededWithoutWarnings();
    }

    @Test
    void anExpiryOfATypeOtherThanInstantIsRejected() {
        TestSource session = TestSource.of("example.Session", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Expires;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Session {
                    @Key String id;
                    @Expires long expiresAtMillis;
                }
                """);
        TestSource token = TestSource.of("example.Token", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Expires;
                import io.kvmapper.annotation.Key;
                import java.time.LocalDateTime;

                @Entity
                public record Token(
                        @Key String id,
                        @Expires LocalDateTime validUntil) {
                }
                """);

        Compilation compilation = compile(session, token);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Expires field 'expiresAtMillis' has type long; an expiry is a "
                        + "java.time.Instant (null for an entity that never expires)")
                .inFile(session.file()).onLine(session.line("long expiresAtMillis"))
                .atColumn(session.column("@Expires long", "@"));
        assertThat(compilation).hadErrorContaining("@Expires field 'validUntil' has type LocalDateTime; an expiry is a "
                        + "java.time.Instant")
                .inFile(token.file()).onLine(token.line("LocalDateTime validUntil"))
                .atColumn(token.column("@Expires LocalDateTime", "@"));
    }

    @Test
    void anExpiryThatIsAlsoAKeyIsRejected() {
        TestSource lease = TestSource.of("example.Lease", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Expires;
                import io.kvmapper.annotation.Key;
                import java.time.Instant;

                @Entity
                public record Lease(@Key String resource, @Key @Expires Instant until, String holder) {
                }
                """);

        Compilation compilation = compile(lease);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Expires field 'until' is also a @Key; a key identifies the entity "
                        + "for good, while its expiry moves with each save; keep the expiry in a field of its own")
                .inFile(lease.file()).onLine(lease.line("public record Lease"))
                .atColumn(lease.column("@Expires Instant", "@"));
    }

    @Test
    void aSecondExpiryFieldIsRejected() {
        TestSource session = TestSource.of("example.Session", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Expires;
                import io.kvmapper.annotation.Key;
                import java.time.Instant;

                @Entity
                public class Session {
                    @Key String id;
                    @Expires Instant idleUntil;
                    @Expires Instant absoluteUntil;
                }
                """);

        Compilation compilation = compile(session);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Expires field 'absoluteUntil': Session already has the @Expires "
                        + "field 'idleUntil'; an entity expires at one instant, keep one")
                .inFile(session.file()).onLine(session.line("Instant absoluteUntil"))
                .atColumn(session.column("@Expires Instant absoluteUntil", "@"));
    }

    @Test
    void anExpiryOnATransientFieldOrOutsideAnEntityIsRejected() {
        TestSource session = TestSource.of("example.Session", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Expires;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Transient;
                import java.time.Instant;

                @Entity
                public class Session {
                    @Key String id;
                    @Transient @Expires Instant expiresAt;
                }
                """);
        TestSource window = TestSource.of("example.Window", """
                package example;

                import io.kvmapper.annotation.Expires;
                import java.time.Instant;

                public record Window(Instant from, @Expires Instant to) {
                }
                """);

        Compilation compilation = compile(session, window);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Expires on transient field 'expiresAt' means nothing: transient "
                        + "fields are not stored; remove one of them")
                .inFile(session.file()).onLine(session.line("Instant expiresAt"))
                .atColumn(session.column("@Expires Instant", "@"));
        assertThat(compilation).hadErrorContaining("@Expires on 'Window.to' means nothing here: it applies to fields of "
                        + "an @Entity record or class")
                .inFile(window.file()).onLine(window.line("Instant to"))
                .atColumn(window.column("@Expires Instant to", "@"));
    }

    @Test
    void aRetentionThatIsNotAPositiveIsoDurationIsRejected() {
        TestSource order = TestSource.of("example.Order", """
                package example;

                import io.kvmapper.annotation.ChangeFeed;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                @ChangeFeed(retention = "7 days")
                public record Order(@Key long id, String status) {
                }
                """);
        TestSource payment = TestSource.of("example.Payment", """
                package example;

                import io.kvmapper.annotation.ChangeFeed;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                @ChangeFeed(retention = "-PT1H")
                public record Payment(@Key long id, long cents) {
                }
                """);

        Compilation compilation = compile(order, payment);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@ChangeFeed retention \"7 days\" of Order is not a positive "
                        + "ISO-8601 duration; write one such as \"P7D\" (seven days) or \"PT12H\" (twelve hours)")
                .inFile(order.file()).onLine(order.line("@ChangeFeed"))
                .atColumn(order.column("@ChangeFeed(retention = \"7 days\")", "\"7 days\""));
        assertThat(compilation).hadErrorContaining("@ChangeFeed retention \"-PT1H\" of Payment is not a positive")
                .inFile(payment.file()).onLine(payment.line("@ChangeFeed"))
                .atColumn(payment.column("@ChangeFeed(retention = \"-PT1H\")", "\"-PT1H\""));
    }

    @Test
    void aChangeFeedOnATypeThatIsNotAnEntityIsRejected() {
        TestSource audit = TestSource.of("example.Audit", """
                package example;

                import io.kvmapper.annotation.ChangeFeed;

                @ChangeFeed
                public record Audit(String what) {
                }
                """);

        Compilation compilation = compile(audit);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@ChangeFeed on Audit means nothing: it keeps the changes of an "
                        + "@Entity; add @Entity, or remove @ChangeFeed")
                .inFile(audit.file()).onLine(audit.line("@ChangeFeed"))
                .atColumn(audit.column("@ChangeFeed", "@"));
    }
}
