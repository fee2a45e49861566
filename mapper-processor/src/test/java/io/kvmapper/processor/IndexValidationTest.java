package io.kvmapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/**
 * Secondary indexes: paths that exist and can be encoded in a key, {@code fields} only on the class,
 * valid and unique names, and finders that do not collide with the primary key's.
 */
class IndexValidationTest {

    /**
     * javac points a diagnostic on an array member at its opening brace, and on a single value written
     * without braces at that value.
     */
    @Test
    void unknownFieldInAnIndexPathIsRejectedAtTheFields() {
        TestSource person = TestSource.of("example.Person", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Index(fields = {"address.town", "age"})
                public class Person {
                    @Key long id;
                    int age;
                    @Embedded Address address;

                    public record Address(String city) {
                    }
                }
                """);
        TestSource pet = TestSource.of("example.Pet", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Index(name = "byName", fields = "nickname")
                public record Pet(@Key long id, String name) {
                }
                """);

        Compilation compilation = compile(person, pet);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Index \"addressTownAndAge\": Address has no stored field 'town'; "
                        + "name a field, or a dotted path through @Embedded fields such as \"address.city\"")
                .inFile(person.file()).onLine(person.line("@Index(fields"))
                .atColumn(person.column("@Index(fields = {", "{"));
        assertThat(compilation).hadErrorContaining("@Index \"byName\": Pet has no stored field 'nickname'")
                .inFile(pet.file()).onLine(pet.line("@Index(name"))
                .atColumn(pet.column("fields = \"nickname\"", "\"nickname\""));
    }

    @Test
    void indexPathThroughAFieldThatIsNotEmbeddedIsRejected() {
        TestSource shop = TestSource.of("example.Shop", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Index(name = "byCity", fields = "address.city")
                public record Shop(@Key long id, String address) {
                }
                """);

        Compilation compilation = compile(shop);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Index \"byCity\": 'address' in path \"address.city\" is not a "
                        + "single @Embedded object, so the path cannot go on through it")
                .inFile(shop.file()).onLine(shop.line("@Index(name"))
                .atColumn(shop.column("\"address.city\"", "\""));
    }

    @Test
    void indexOnAnEmbeddedObjectAMapOrAListOfEmbeddedObjectsIsRejected() {
        TestSource warehouse = TestSource.of("example.Warehouse", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;
                import java.util.List;
                import java.util.Map;

                @Entity
                public record Warehouse(
                        @Key long id,
                        @Index @Embedded Address address,
                        @Index Map<String, Integer> stock,
                        @Index @Embedded List<Address> depots) {

                    public record Address(String city) {
                    }
                }
                """);

        Compilation compilation = compile(warehouse);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(3);
        assertThat(compilation).hadErrorContaining("@Index \"address\": \"address\" has type example.Warehouse.Address, "
                        + "which cannot be encoded in a key; use a scalar field, or a List or Set of scalars")
                .inFile(warehouse.file()).onLine(warehouse.line("Address address,"))
                .atColumn(warehouse.column("@Index @Embedded Address", "@Index"));
        assertThat(compilation).hadErrorContaining("@Index \"stock\": \"stock\" has type "
                        + "java.util.Map<java.lang.String, java.lang.Integer>, which cannot be encoded in a key")
                .inFile(warehouse.file()).onLine(warehouse.line("stock"));
        assertThat(compilation).hadErrorContaining("@Index \"depots\": \"depots\" has type "
                        + "java.util.List<example.Warehouse.Address>, which cannot be encoded in a key")
                .inFile(warehouse.file()).onLine(warehouse.line("depots"));
    }

    @Test
    void fieldsOnAFieldLevelIndexIsRejectedAtTheFields() {
        TestSource user = TestSource.of("example.User", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                public class User {
                    @Key long id;
                    @Index(fields = {"email", "name"}) String email;
                    String name;
                }
                """);

        Compilation compilation = compile(user);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Index on field 'email' indexes that field, so 'fields' means "
                        + "nothing here; put a composite @Index on the class instead")
                .inFile(user.file()).onLine(user.line("String email"))
                .atColumn(user.column("@Index(fields = {", "{"));
    }

    @Test
    void classLevelIndexWithoutFieldsIsRejected() {
        TestSource user = TestSource.of("example.User", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Index(name = "byEmail", unique = true)
                public record User(@Key long id, String email) {
                }
                """);
        TestSource team = TestSource.of("example.Team", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Index(name = "byName", fields = {})
                public record Team(@Key long id, String name) {
                }
                """);

        Compilation compilation = compile(user, team);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Index on User needs fields = {...}: the fields or dotted paths it "
                        + "indexes")
                .inFile(user.file()).onLine(user.line("@Index(name")).atColumn(1);
        assertThat(compilation).hadErrorContaining("@Index on Team needs fields = {...}")
                .inFile(team.file()).onLine(team.line("@Index(name"))
                .atColumn(team.column("fields = {}", "{"));
    }

    @Test
    void compositeIndexOverTwoCollectionsIsRejected() {
        TestSource article = TestSource.of("example.Article", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;
                import java.util.List;
                import java.util.Set;

                @Entity
                @Index(fields = {"tags", "authors", "year"})
                public record Article(@Key long id, Set<String> tags, List<String> authors, int year) {
                }
                """);

        Compilation compilation = compile(article);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Index \"tagsAndAuthorsAndYear\": \"tags\" and \"authors\" are both "
                        + "collections; an index holds at most one collection")
                .inFile(article.file()).onLine(article.line("@Index(fields"))
                .atColumn(article.column("fields = {", "{"));
    }

    @Test
    void indexNameThatIsNotAJavaIdentifierIsRejectedAtTheName() {
        TestSource order = TestSource.of("example.Order", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Index(name = "by status", fields = "status")
                public class Order {
                    @Key long id;
                    String status;
                    @Index(name = "class") String type;
                }
                """);

        Compilation compilation = compile(order);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Index \"by status\": \"by status\" is not a Java identifier, and "
                        + "it names generated methods; choose a name such as \"byStatus\"")
                .inFile(order.file()).onLine(order.line("@Index(name = \"by status\""))
                .atColumn(order.column("name = \"by status\"", "\""));
        assertThat(compilation).hadErrorContaining("@Index \"class\": \"class\" is not a Java identifier")
                .inFile(order.file()).onLine(order.line("String type"))
                .atColumn(order.column("name = \"class\"", "\""));
    }

    @Test
    void twoIndexesWithOneNameAreRejectedAtTheSecond() {
        TestSource account = TestSource.of("example.Account", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Account {
                    @Key long id;
                    @Index(name = "byContact", unique = true) String email;
                    @Index(name = "byContact") String phone;
                }
                """);
        TestSource member = TestSource.of("example.Member", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Index(name = "status", fields = {"status", "since"})
                public record Member(@Key long id, @Index String status, long since) {
                }
                """);

        Compilation compilation = compile(account, member);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Index \"byContact\": Account already has an index named "
                        + "\"byContact\"; give each its own name")
                .inFile(account.file()).onLine(account.line("String phone"))
                .atColumn(account.column("@Index(name = \"byContact\") String phone", "\""));
        assertThat(compilation).hadErrorContaining("@Index \"status\": Member already has an index named \"status\"")
                .inFile(member.file()).onLine(member.line("@Index(name"))
                .atColumn(member.column("name = \"status\"", "\""));
    }

    @Test
    void indexWhoseFinderIsAPrimaryKeyFinderIsRejectedOnTheIndex() {
        TestSource invoice = TestSource.of("example.Invoice", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Invoice {
                    @Key long id;
                    @Index(name = "id") long number;
                }
                """);
        TestSource line = TestSource.of("example.Line", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Index(fields = {"tenant", "invoice"})
                public record Line(@Key String tenant, @Key long invoice, @Key int position, String product) {
                }
                """);

        Compilation compilation = compile(invoice, line);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("@Index \"id\" would generate findById(long), which the repository "
                        + "already has for the primary key; rename it")
                .inFile(invoice.file()).onLine(invoice.line("long number"))
                .atColumn(invoice.column("name = \"id\"", "\""));
        assertThat(compilation).hadErrorContaining("@Index \"tenantAndInvoice\" would generate "
                        + "findByTenantAndInvoice(java.lang.String, long), which the repository already has for the "
                        + "primary key")
                .inFile(line.file()).onLine(line.line("@Index(fields")).atColumn(1);
    }

    /** The plain finders differ, but the between finders would be the same method. */
    @Test
    void indexWhoseBetweenFinderIsAPrimaryKeyFinderIsRejected() {
        TestSource visit = TestSource.of("example.Visit", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Index(name = "siteAndDay", fields = {"site", "day"})
                public record Visit(@Key String site, @Key int day, String visitor) {
                }
                """);

        Compilation compilation = compile(visit);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Index \"siteAndDay\" would generate "
                        + "findBySiteAndDayBetween(java.lang.String, int, int), which the repository already has for "
                        + "the primary key; rename it")
                .inFile(visit.file()).onLine(visit.line("@Index(name"))
                .atColumn(visit.column("name = \"siteAndDay\"", "\""));
    }

    /** A primitive behind an embedded object may be absent, so its finder takes the box, like the key's. */
    @Test
    void indexOverAPrimitiveBehindAnEmbeddedObjectCollidesWithABoxedKey() {
        TestSource parcel = TestSource.of("example.Parcel", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Index(name = "id", fields = "label.id")
                public record Parcel(@Key Long id, @Embedded Label label) {

                    public record Label(long id, String text) {
                    }
                }
                """);

        Compilation compilation = compile(parcel);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Index \"id\" would generate findById(java.lang.Long), which the "
                        + "repository already has for the primary key")
                .inFile(parcel.file()).onLine(parcel.line("@Index(name"));
    }

    @Test
    void indexNamesThatDifferOnlyInTheirFirstLetterCollide() {
        TestSource user = TestSource.of("example.User", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Index(name = "Email", fields = "backupEmail")
                public class User {
                    @Key long id;
                    @Index String email;
                    String backupEmail;
                }
                """);

        Compilation compilation = compile(user);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Index \"Email\" would generate findByEmail(java.lang.String), "
                        + "which the repository already has for index \"email\"; rename it")
                .inFile(user.file()).onLine(user.line("@Index(name"));
    }

    /**
     * javac (17) has no source position for the annotations inside the container it synthesizes for a
     * repeated annotation, so the error lands on the class.
     */
    @Test
    void problemInARepeatedIndexIsReportedOnTheClass() {
        TestSource user = TestSource.of("example.User", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Index(name = "byEmail", unique = true, fields = "email")
                @Index(name = "byCity", fields = "city")
                public record User(@Key long id, String email) {
                }
                """);

        Compilation compilation = compile(user);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Index \"byCity\": User has no stored field 'city'")
                .inFile(user.file()).onLine(user.line("public record User"));
    }
}
