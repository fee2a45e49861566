package io.kvmapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** Annotations on fields that are not stored, and paths that would become one argument twice. */
class TransientAndDuplicatePathTest {

    @Test
    void indexOrVersionOnATransientFieldIsRejected() {
        TestSource user = TestSource.of("example.User", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Transient;
                import io.kvmapper.annotation.Version;

                @Entity
                public class User {
                    @Key long id;
                    @Index @Transient String nickname;
                    @Version transient long version;
                }
                """);

        Compilation compilation = compile(user);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Index on transient field 'nickname' means nothing: transient "
                + "fields are not stored; remove one of them")
                .inFile(user.file()).onLine(user.line("String nickname"));
        assertThat(compilation).hadErrorContaining("@Version on transient field 'version' means nothing")
                .inFile(user.file()).onLine(user.line("long version"));
    }

    @Test
    void aPathNamedTwiceInOneIndexOrCounterIsRejected() {
        TestSource shop = TestSource.of("example.Shop", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Index(name = "twice", fields = {"status", "status"})
                @Counter(name = "byPlace", groupBy = {"address.city", "addressCity"})
                public record Shop(@Key long id, String status, String addressCity, @Embedded Address address) {

                    public record Address(String city) {
                    }
                }
                """);

        Compilation compilation = compile(shop);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Index \"twice\": \"status\" and \"status\" would both become "
                + "the argument 'status'; name each field once")
                .inFile(shop.file()).onLine(shop.line("@Index(name"));
        assertThat(compilation).hadErrorContaining("@Counter \"byPlace\": \"address.city\" and \"addressCity\" "
                + "would both become the argument 'addressCity'")
                .inFile(shop.file()).onLine(shop.line("@Counter(name"));
    }
}
