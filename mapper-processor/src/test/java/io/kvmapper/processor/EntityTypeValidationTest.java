package io.kvmapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** What may carry {@code @Entity}: a reachable, concrete, non-generic record or class that can be built. */
class EntityTypeValidationTest {

    @Test
    void entityOnAnInterfaceOrAnEnumIsRejected() {
        TestSource named = TestSource.of("example.Named", """
                package example;

                import io.kvmapper.annotation.Entity;

                @Entity
                public interface Named {
                    String name();
                }
                """);
        TestSource color = TestSource.of("example.Color", """
                package example;

                import io.kvmapper.annotation.Entity;

                @Entity
                public enum Color { RED, GREEN }
                """);

        Compilation compilation = compile(named, color);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Entity applies to a record or a class; Named is an interface")
                .inFile(named.file()).onLine(named.line("public interface Named"));
        assertThat(compilation).hadErrorContaining("@Entity applies to a record or a class; Color is an enum")
                .inFile(color.file()).onLine(color.line("public enum Color"));
    }

    @Test
    void abstractEntityClassIsRejected() {
        TestSource shape = TestSource.of("example.Shape", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public abstract class Shape {
                    @Key long id;
                }
                """);

        Compilation compilation = compile(shape);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("@Entity class Shape is abstract; an entity must be a concrete record or class")
                .inFile(shape.file()).onLine(shape.line("public abstract class Shape"));
    }

    @Test
    void genericEntityIsRejected() {
        TestSource tagged = TestSource.of("example.Tagged", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Tagged<T> {
                    @Key long id;
                }
                """);

        Compilation compilation = compile(tagged);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Entity Tagged declares type parameters; an entity cannot be generic")
                .inFile(tagged.file()).onLine(tagged.line("public class Tagged<T>"));
    }

    @Test
    void privateNestedAndInnerEntityClassesAreRejectedAsUnreachable() {
        TestSource outer = TestSource.of("example.Outer", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                public class Outer {
                    @Entity
                    private static class Hidden {
                        @Key long id;
                    }

                    @Entity
                    class Inner {
                        @Key long id;
                    }
                }
                """);

        Compilation compilation = compile(outer);

        assertThat(compilation).failed();
        assertThat(compilation)
                .hadErrorContaining("@Entity Hidden must be a top-level or static nested type that is not private")
                .inFile(outer.file()).onLine(outer.line("private static class Hidden"));
        assertThat(compilation)
                .hadErrorContaining("@Entity Inner must be a top-level or static nested type that is not private")
                .inFile(outer.file()).onLine(outer.line("class Inner"));
    }

    /**
     * The implicit constructor of a private class is private too; once the class is made reachable the
     * constructor follows, so the only thing to report is the class.
     */
    @Test
    void privateNestedEntityIsNotAlsoReportedForItsImplicitConstructor() {
        TestSource outer = TestSource.of("example.Outer", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                public class Outer {
                    @Entity
                    private static class Hidden {
                        @Key long id;
                    }
                }
                """);

        Compilation compilation = compile(outer);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("@Entity Hidden must be a top-level or static nested type");
        assertThat(compilation).hadErrorCount(1);
    }

    @Test
    void blankEntityNameIsRejectedAtTheName() {
        TestSource user = TestSource.of("example.User", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity(name = " ")
                public record User(@Key long id) {
                }
                """);

        Compilation compilation = compile(user);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation)
                .hadErrorContaining("@Entity name of User is blank; leave it out to use the simple class name, or give a name")
                .inFile(user.file()).onLine(user.line("@Entity(name")).atColumn(user.column("@Entity(name = \" \")", "\" \""));
    }

    @Test
    void entityClassWithoutUsableNoArgumentConstructorIsRejected() {
        TestSource locked = TestSource.of("example.Locked", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Locked {
                    @Key long id;

                    private Locked() {
                    }
                }
                """);
        TestSource point = TestSource.of("example.Point", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Point {
                    @Key long id;

                    public Point(long id) {
                        this.id = id;
                    }
                }
                """);

        Compilation compilation = compile(locked, point);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("class Locked has no no-argument constructor that its package can call; "
                        + "add one (package-private is enough), or make Locked a record")
                .inFile(locked.file()).onLine(locked.line("public class Locked"));
        assertThat(compilation).hadErrorContaining("class Point has no no-argument constructor that its package can call")
                .inFile(point.file()).onLine(point.line("public class Point"));
    }
}
