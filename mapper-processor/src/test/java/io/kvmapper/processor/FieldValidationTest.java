package io.kvmapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** Stored fields: reachable by generated code, of a storable type, embedded objects without cycles, unique names. */
class FieldValidationTest {

    @Test
    void privateFieldWithoutGetterIsRejected() {
        TestSource person = TestSource.of("example.Person", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Person {
                    @Key long id;
                    private String name;
                    private boolean active;

                    public void setName(String name) {
                        this.name = name;
                    }

                    public void setActive(boolean active) {
                        this.active = active;
                    }
                }
                """);

        Compilation compilation = compile(person);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("field 'name' of Person is private and has no getter; "
                        + "make it non-private or add a method getName()")
                .inFile(person.file()).onLine(person.line("private String name;"))
                .atColumn(person.column("private String name;", "name"));
        assertThat(compilation).hadErrorContaining("field 'active' of Person is private and has no getter; "
                        + "make it non-private or add a method isActive()")
                .inFile(person.file()).onLine(person.line("private boolean active;"));
    }

    @Test
    void fieldThatCannotBeSetIsRejected() {
        TestSource person = TestSource.of("example.Person", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Person {
                    @Key long id;
                    private String name;
                    final int age = 0;

                    public String getName() {
                        return name;
                    }
                }
                """);

        Compilation compilation = compile(person);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("field 'name' of Person is private and has no setter; "
                        + "make it non-private and non-final, or add a method setName(java.lang.String)")
                .inFile(person.file()).onLine(person.line("private String name;"));
        assertThat(compilation).hadErrorContaining("field 'age' of Person is final and has no setter; "
                        + "make it non-private and non-final, or add a method setAge(int)")
                .inFile(person.file()).onLine(person.line("final int age"));
    }

    /** Without jackson-databind on the class path there is no fallback: the error names both ways out. */
    @Test
    void fieldOfATypeThatCannotBeStoredIsRejectedWithoutDatabind() {
        TestSource upload = TestSource.of("example.Upload", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.io.File;
                import java.util.List;

                @Entity
                public class Upload {
                    @Key long id;
                    File file;
                    Object payload;
                    List<Owner> owners;

                    static class Owner {
                        String name;
                    }
                }
                """);

        Compilation compilation = Compilations.compiler().withClasspath(Compilations.minimalClasspath())
                .compile(upload.file());

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(3);
        assertThat(compilation).hadErrorContaining("field 'file' has type java.io.File, and KV Mapper generates no "
                        + "code for java.io.File (it writes scalars: primitives and boxes, String, byte[], enums, UUID, "
                        + "Instant, LocalDate, LocalDateTime, BigDecimal, BigInteger; List, Set and Map of them; "
                        + "Optional of a scalar; and @Embedded records and classes); if java.io.File is a value object, "
                        + "mark the field @Embedded to have code generated for it, or add "
                        + "tools.jackson.core:jackson-databind (Jackson 3) to the compile class path to have the JSON "
                        + "codec write the field with Jackson databind")
                .inFile(upload.file()).onLine(upload.line("File file;"))
                .atColumn(upload.column("File file;", "file;"));
        assertThat(compilation).hadErrorContaining("field 'payload' has type java.lang.Object, and KV Mapper "
                        + "generates no code for java.lang.Object")
                .inFile(upload.file()).onLine(upload.line("Object payload;"));
        assertThat(compilation).hadErrorContaining("field 'owners' has type java.util.List<example.Upload.Owner>, "
                        + "and KV Mapper generates no code for example.Upload.Owner")
                .inFile(upload.file()).onLine(upload.line("List<Owner> owners;"));
    }

    @Test
    void mapWithAKeyTypeThatIsNotAMapKeyIsRejected() {
        TestSource prices = TestSource.of("example.Prices", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.time.Instant;
                import java.util.Map;

                @Entity
                public record Prices(@Key String product, Map<Instant, Long> history) {
                }
                """);

        Compilation compilation = compile(prices);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("map field 'history' has key type java.time.Instant; "
                        + "map keys must be String, an enum, UUID, or an integer type")
                .inFile(prices.file()).onLine(prices.line("history"))
                .atColumn(prices.column("Long> history", "history"));
    }

    /**
     * Generated code lives in the entity's package, so every type it names must be visible there; a
     * private nested enum is not, and must be reported on the field rather than break the generated
     * code.
     */
    @Test
    void fieldOfAPrivateNestedTypeIsReportedOnTheField() {
        TestSource ticket = TestSource.of("example.Ticket", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Ticket {
                    @Key long id;
                    Status status;

                    private enum Status { OPEN, CLOSED }
                }
                """);

        Compilation compilation = compile(ticket);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("field 'status'")
                .inFile(ticket.file()).onLine(ticket.line("Status status;"));
        assertThat(compilation).hadErrorCount(1);
    }

    @Test
    void embeddedOnAFieldThatIsNotAValueObjectIsRejected() {
        TestSource label = TestSource.of("example.Label", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Label {
                    @Key long id;
                    @Embedded String text;
                }
                """);

        Compilation compilation = compile(label);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Embedded field 'text' has type java.lang.String; @Embedded applies "
                        + "to a record or class value object, or a List, Set or Map of them")
                .inFile(label.file()).onLine(label.line("@Embedded String text"));
    }

    /** Generated code builds embedded objects with {@code new}, which an abstract class does not allow. */
    @Test
    void embeddedFieldOfAnAbstractClassIsRejected() {
        TestSource drawing = TestSource.of("example.Drawing", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Drawing {
                    @Key long id;
                    @Embedded Shape shape;

                    public abstract static class Shape {
                        String name;
                    }
                }
                """);

        Compilation compilation = compile(drawing);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("@Embedded field 'shape'")
                .inFile(drawing.file()).onLine(drawing.line("@Embedded Shape shape;"));
        assertThat(compilation).hadErrorCount(1);
    }

    @Test
    void embeddedObjectsThatContainEachOtherAreRejected() {
        TestSource team = TestSource.of("example.Team", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Team {
                    @Key long id;
                    @Embedded Member lead;

                    static class Member {
                        String name;
                        @Embedded Team team;
                    }
                }
                """);

        Compilation compilation = compile(team);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Embedded field 'team' makes Team contain itself "
                        + "(Team -> Member -> Team); embedded objects cannot form a cycle, store the inner object as "
                        + "an entity of its own and refer to it by key")
                .inFile(team.file()).onLine(team.line("@Embedded Team team;"));
    }

    @Test
    void embeddedObjectsThatContainEachOtherThroughListsAreRejected() {
        TestSource team = TestSource.of("example.Team", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.util.List;

                @Entity
                public class Team {
                    @Key long id;
                    @Embedded List<Member> members;

                    static class Member {
                        String name;
                        @Embedded List<Team> teams;
                    }
                }
                """);

        Compilation compilation = compile(team);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Embedded field 'teams' makes Team contain itself "
                        + "(Team -> Member -> Team); embedded objects cannot form a cycle, store the inner object as "
                        + "an entity of its own and refer to it by key")
                .inFile(team.file()).onLine(team.line("@Embedded List<Team> teams;"));
    }

    @Test
    void embeddedObjectsThatContainEachOtherThroughMapValuesAreRejected() {
        TestSource team = TestSource.of("example.Team", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.util.List;
                import java.util.Map;

                @Entity
                public class Team {
                    @Key long id;
                    @Embedded Map<String, Member> byRole;

                    static class Member {
                        String name;
                        @Embedded Map<String, List<Team>> teamsBySeason;
                    }
                }
                """);

        Compilation compilation = compile(team);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Embedded field 'teamsBySeason' makes Team contain itself "
                        + "(Team -> Member -> Team); embedded objects cannot form a cycle, store the inner object as "
                        + "an entity of its own and refer to it by key")
                .inFile(team.file()).onLine(team.line("@Embedded Map<String, List<Team>> teamsBySeason;"));
    }

    /** A tree of embedded nodes is the cycle users write most: a node holding its children. */
    @Test
    void anEmbeddedTypeThatEmbedsItselfIsRejected() {
        TestSource tree = TestSource.of("example.Tree", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.util.List;

                @Entity
                public record Tree(@Key long id, @Embedded Node root) {
                    record Node(String label, @Embedded List<Node> children) {
                    }
                }
                """);

        Compilation compilation = compile(tree);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Embedded field 'children' makes Node contain itself "
                        + "(Tree -> Node -> Node); embedded objects cannot form a cycle, store the inner object as "
                        + "an entity of its own and refer to it by key")
                .inFile(tree.file()).onLine(tree.line("record Node(String label, @Embedded List<Node> children)"));
    }

    @Test
    void anEntityThatEmbedsItselfIsRejected() {
        TestSource category = TestSource.of("example.Category", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Category {
                    @Key long id;
                    String name;
                    @Embedded Category parent;
                }
                """);

        Compilation compilation = compile(category);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Embedded field 'parent' makes Category contain itself "
                        + "(Category -> Category); embedded objects cannot form a cycle, store the inner object as "
                        + "an entity of its own and refer to it by key")
                .inFile(category.file()).onLine(category.line("@Embedded Category parent;"));
    }

    @Test
    void twoFieldsStoredUnderOneNameAreRejected() {
        TestSource user = TestSource.of("example.User", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Field;
                import io.kvmapper.annotation.Key;

                @Entity
                public record User(
                        @Key long id,
                        @Field(name = "mail") String email,
                        String mail) {
                }
                """);

        Compilation compilation = compile(user);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("field 'mail' is stored under the name \"mail\", like field 'email'; "
                        + "give one of them another @Field(name)")
                .inFile(user.file()).onLine(user.line("String mail)"));
    }
}
