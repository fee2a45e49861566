package io.kvmapper.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Query interfaces: every check of a {@code @Repository} interface and of its derived queries is an error on the
 * interface or the method that causes it, stating the rule, naming the thing and saying how to fix it; and every
 * method that compiles carries a note saying how it is served.
 */
class QueryValidationTest {
    /** The entity the interfaces query. */
    private static final TestSource USER = TestSource.of("example.User", """
            package example;

            import io.kvmapper.annotation.Counter;
            import io.kvmapper.annotation.Embedded;
            import io.kvmapper.annotation.Entity;
            import io.kvmapper.annotation.Index;
            import io.kvmapper.annotation.Key;
            import java.util.List;

            @Entity
            @Index(name = "cityAndAge", fields = {"address.city", "age"})
            @Counter(name = "byStatus", groupBy = "status")
            public record User(@Key long id, @Index String name, @Index int age, String city, Status status,
                    boolean active, @Index List<String> tags, @Embedded Address address,
                    @Index(unique = true) String email) {
                public enum Status { ACTIVE, GONE }

                public record Address(String street, String city) {
                }
            }
            """);

    /** An interface {@code example.Users} declaring {@code methods}, with the imports they may need. */
    private static TestSource users(String methods) {
        return TestSource.of("example.Users", """
                package example;

                import io.kvmapper.CrudRepository;
                import io.kvmapper.Page;
                import io.kvmapper.PageRequest;
                import io.kvmapper.Transaction;
                import io.kvmapper.annotation.AllowScan;
                import io.kvmapper.annotation.Repository;
                import java.util.Collection;
                import java.util.List;
                import java.util.Optional;

                @Repository
                public interface Users extends CrudRepository<User, Long> {
                %s
                }
                """.formatted(methods.indent(4).stripTrailing()));
    }

    private static Compilation compile(TestSource queries) {
        return Compilations.compile(USER, queries);
    }

    /** Asserts one error, exactly {@code message}, on the line holding {@code snippet}. */
    private static void assertError(TestSource source, String snippet, String message) {
        Compilation compilation = compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining(message).inFile(source.file()).onLine(source.line(snippet));
        List<String> errors = compilation.errors().stream().map(d -> d.getMessage(null)).toList();
        assertThat(errors).containsExactly(message);
    }

    @Test
    void theExampleOfTheDesignCompilesWithANoteOnEveryMethod() {
        TestSource users = users("""
                List<User> findByAgeBetween(int from, int to);
                List<User> findByAddressCityOrderByAgeDesc(String city);
                Optional<User> findFirstByNameOrderByIdDesc(String name);
                List<User> findByTagsIn(Collection<String> tags);
                List<User> findByEmailOrName(String email, String name);
                List<User> findByAgeGreaterThanOrAddressCity(int age, String city);
                Page<User> findByNameStartingWith(String prefix, PageRequest page);
                long countByStatus(User.Status status);
                @AllowScan
                List<User> findByCity(String city);
                Users with(Transaction tx);
                default List<User> adults(String city) { return List.of(); }""");
        Compilation compilation = compile(users);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).hadNoteContaining("Users.findByAgeBetween: served by index 'age': age in [from, to);"
                + " filters nothing").inFile(users.file()).onLine(users.line("findByAgeBetween"));
        assertThat(compilation).hadNoteContaining("Users.findByAddressCityOrderByAgeDesc: served by index "
                + "'cityAndAge': address.city = city, in reverse; filters nothing")
                .inFile(users.file()).onLine(users.line("findByAddressCityOrderByAgeDesc"));
        assertThat(compilation).hadNoteContaining("Users.findFirstByNameOrderByIdDesc: served by index 'name': "
                + "name = name, in reverse; filters nothing").inFile(users.file()).onLine(users.line("findFirstBy"));
        assertThat(compilation).hadNoteContaining("Users.findByTagsIn: served by a merge, one scan per value of each"
                + " In of [index 'tags': tags in tags; filters nothing], in primary-key order, without duplicates");
        assertThat(compilation).hadNoteContaining("Users.findByEmailOrName: served by a merge of [index 'email': "
                + "email = email; filters nothing] or [index 'name': name = name; filters nothing], in primary-key "
                + "order, without duplicates");
        assertThat(compilation).hadNoteContaining("Users.findByAgeGreaterThanOrAddressCity: served by a merge of "
                + "[index 'age': age > age; filters nothing] or [index 'cityAndAge': address.city = city; filters "
                + "nothing], in the order of the fields after the equalities, without duplicates");
        assertThat(compilation).hadNoteContaining("Users.countByStatus: served by counter 'byStatus', one read");
        assertThat(compilation).hadNoteContaining("Users.findByCity: served by the primary key, all of it "
                + "(@AllowScan); filters city = city");
        assertThat(compilation).generatedSourceFile("example.Users_Impl");
    }

    @Test
    void aFilteredPredicateIsNamedInTheNote() {
        TestSource users = users("List<User> findByNameAndActiveAndAgeGreaterThan(String name, boolean active, int age);");
        Compilation compilation = compile(users);
        assertThat(compilation).succeeded();
        assertThat(compilation).hadNoteContaining("served by index 'name': name = name; filters active = active and"
                + " age > age").inFile(users.file()).onLine(users.line("findByNameAndActive"));
    }

    @Test
    void aMethodNothingServesIsAnErrorNamingTheIndexToAdd() {
        TestSource users = users("List<User> findByCityAndStatus(String city, User.Status status);");
        assertError(users, "findByCityAndStatus", "Users.findByCityAndStatus: no key prefix or index of User starts "
                + "with city = city and status = status, so answering it would scan every User; add @Index(fields = "
                + "{\"city\", \"status\"}) to User (or @Index on the field, for one field), or mark the method "
                + "@AllowScan to scan on purpose");
    }

    @Test
    void anUnservableRangeNamesTheEqualitiesFirstInTheIndexToAdd() {
        TestSource users = users("List<User> findByActiveGreaterThanAndCity(boolean active, String city);");
        assertError(users, "findByActive", "Users.findByActiveGreaterThanAndCity: no key prefix or index of User "
                + "starts with active > active and city = city, so answering it would scan every User; add "
                + "@Index(fields = {\"city\", \"active\"}) to User (or @Index on the field, for one field), or mark "
                + "the method @AllowScan to scan on purpose");
    }

    @Test
    void anOrderByTheServingIndexDoesNotGiveIsAnError() {
        TestSource users = users("List<User> findByNameOrderByAge(String name);");
        assertError(users, "findByNameOrderByAge", "Users.findByNameOrderByAge: OrderBy age is not the order of "
                + "index 'name', which serves the method and gives its entities by id; add @Index(fields = "
                + "{\"name\", \"age\"}) to User so that an index gives that order, or sort the results yourself");
    }

    @Test
    void scansThatCannotMergeInOneOrderAreAnError() {
        TestSource users = users("List<User> findByAgeGreaterThanOrName(int age, String name);");
        assertError(users, "findByAgeGreaterThanOrName", "Users.findByAgeGreaterThanOrName: the scan of index 'age'"
                + " comes in the order of age, not in primary-key order, and the other scans do not come in that order;"
                + " the scans of an Or or In merge without duplicates only when each comes in primary-key order (every"
                + " field of its index fixed by equality or In) or all come in the OrderBy order alike; add an OrderBy"
                + " that every scan serves, or declare one method per scan");
    }

    @Test
    void anUnknownPropertyIsAnErrorListingTheFields() {
        TestSource users = users("List<User> findByNickname(String nickname);");
        assertError(users, "findByNickname", "Users.findByNickname: User has no property 'nickname' (from "
                + "\"Nickname\"); name a stored field in camel case, or a path through @Embedded fields such as "
                + "AddressCity for address.city (its fields: id, name, age, city, status, active, tags, address, email)");
    }

    @Test
    void aPropertyThatIsNoScalarIsAnError() {
        TestSource users = users("List<User> findByAddress(User.Address address);");
        assertError(users, "findByAddress", "Users.findByAddress: 'address' has type example.User.Address, which a "
                + "derived query cannot compare; compare a scalar field, a List or Set of scalars (equality and In test"
                + " the elements), or a scalar inside an @Embedded field");
    }

    @Test
    void aNameThatDoesNotParseSaysWhereItStopped() {
        TestSource users = users("List<User> findName(String name);");
        assertError(users, "findName", "Users.findName: the method name does not parse as a derived query: no By "
                + "follows the subject 'find', at \"Name\" (after \"find\"); a derived query is a subject (find, "
                + "stream, count, exists, delete; find may be findFirst or findTop<N>), By, predicates joined by And or"
                + " Or, then OrderBy<Property>[Asc|Desc]");
        TestSource empty = users("List<User> findByNameOrOrAge(String name, int age);");
        Compilation compilation = compile(empty);
        assertThat(compilation).hadErrorContaining("a predicate is empty (And or Or with nothing on one side), at "
                + "\"OrAge\" (after \"findByNameOr\")").inFile(empty.file()).onLine(empty.line("findByNameOrOrAge"));
    }

    @Test
    void aMethodWithoutASubjectIsAnError() {
        TestSource users = users("List<User> lookupByName(String name);");
        assertError(users, "lookupByName", "Users.lookupByName: the method name does not parse as a derived query: it"
                + " starts with none of the subjects find, stream, count, exists and delete (or Spring Data's read, "
                + "get, query, search and remove), at \"lookupByName\" (after \"\"); a derived query is a subject "
                + "(find, stream, count, exists, delete; find may be findFirst or findTop<N>), By, predicates joined by"
                + " And or Or, then OrderBy<Property>[Asc|Desc]");
    }

    @Test
    void top0IsAnError() {
        TestSource users = users("List<User> findTop0ByName(String name);");
        assertError(users, "findTop0ByName", "Users.findTop0ByName: Top0 asks for no entity at all; give a limit of 1"
                + " or more (First and Top alone mean 1)");
    }

    @Test
    void aLimitOnACountIsAnError() {
        TestSource users = users("long countFirstByName(String name);");
        assertError(users, "countFirstByName", "Users.countFirstByName: First limits what a find or stream method "
                + "returns as a List, Stream, Optional or entity; a count method cannot take it, so remove First");
    }

    @Test
    void startingWithOnANumberIsAnError() {
        TestSource users = users("List<User> findByAgeStartingWith(int age);");
        assertError(users, "findByAgeStartingWith", "Users.findByAgeStartingWith: StartingWith applies to String "
                + "properties, and 'age' is int; use Between or a comparison for other types");
    }

    @Test
    void trueOnAStringIsAnError() {
        TestSource users = users("List<User> findByNameTrue();");
        assertError(users, "findByNameTrue", "Users.findByNameTrue: True applies to boolean properties, and 'name' is"
                + " java.lang.String; compare it for equality instead");
    }

    @Test
    void aRangeOverACollectionIsAnError() {
        TestSource users = users("List<User> findByTagsGreaterThan(String tag);");
        assertError(users, "findByTagsGreaterThan", "Users.findByTagsGreaterThan: 'tags' is a collection, and "
                + "GreaterThan would compare each element, finding an entity once per element; test its elements with "
                + "equality or In");
    }

    @Test
    void isNullOnAValueThatIsNeverNullIsAnError() {
        TestSource users = users("List<User> findByAgeIsNull();");
        assertError(users, "findByAgeIsNull", "Users.findByAgeIsNull: 'age' is a primitive int, which is never null, so IsNull"
                + " never holds; remove the predicate");
        TestSource key = users("List<User> findByIdIsNull();");
        assertError(key, "findByIdIsNull", "Users.findByIdIsNull: 'id' is a key component, which is never null, so "
                + "IsNull never holds; remove the predicate");
    }

    @Test
    void parametersThatDoNotMatchThePredicatesInNumberAreAnError() {
        TestSource users = users("List<User> findByNameAndAgeBetween(String name, int from);");
        assertError(users, "findByNameAndAgeBetween", "Users.findByNameAndAgeBetween: its predicates take 3 "
                + "argument(s) (Name, AgeBetween x2), and the method declares 2 parameter(s); declare one parameter "
                + "per argument, in the order of the predicates");
    }

    @Test
    void aParameterOfTheWrongTypeIsAnError() {
        TestSource users = users("List<User> findByAge(String age);");
        assertError(users, "findByAge", "Users.findByAge: parameter 'age' has type java.lang.String, and Age "
                + "compares it with 'age' of type int; declare the parameter as int");
    }

    @Test
    void inWithoutACollectionIsAnError() {
        TestSource users = users("List<User> findByNameIn(String names);");
        assertError(users, "findByNameIn", "Users.findByNameIn: NameIn takes a collection of values, and parameter "
                + "'names' has type java.lang.String; declare it as Collection<java.lang.String> (or a List or Set)");
        TestSource elements = users("List<User> findByAgeIn(Collection<String> ages);");
        assertError(elements, "findByAgeIn", "Users.findByAgeIn: parameter 'ages' has type "
                + "java.util.Collection<java.lang.String>, and AgeIn compares it with 'age' of type int; declare the "
                + "parameter as Collection<java.lang.Integer>");
    }

    @Test
    void aPageWithoutAPageRequestIsAnError() {
        TestSource users = users("Page<User> findByName(String name, String page);");
        assertError(users, "findByName", "Users.findByName: it returns a Page, so its last parameter is the "
                + "PageRequest of the page to read, and it is java.lang.String; add a last parameter PageRequest page");
    }

    @Test
    void aReturnTypeTheSubjectCannotGiveIsAnError() {
        TestSource users = users("String findByName(String name);");
        assertError(users, "findByName", "Users.findByName: a find method cannot return java.lang.String; return "
                + "List<User>, Stream<User>, Page<User> (with a last PageRequest parameter), Optional<User> or User");
        TestSource count = users("int countByName(String name);");
        assertError(count, "countByName", "Users.countByName: a count method cannot return int; return long");
        TestSource top = users("Optional<User> findTop3ByName(String name);");
        assertError(top, "findTop3ByName", "Users.findTop3ByName: a find with First/Top method cannot return "
                + "java.util.Optional<example.User>; return List<User> or Stream<User> (it finds up to 3)");
    }

    @Test
    void aGenericMethodIsAnError() {
        TestSource users = users("<T> List<User> findByName(String name);");
        assertError(users, "findByName", "Users.findByName is neither a derived query nor a CrudRepository method nor "
                + "with(Transaction), so Users_Impl cannot implement it: it declares type parameters; make it a default"
                + " method, or name it as a derived query such as findByStatus");
    }

    @Test
    void withReturningAnotherTypeIsAnError() {
        TestSource users = users("Object with(Transaction tx);");
        assertError(users, "with(Transaction tx)", "with(Transaction) returns java.lang.Object; it returns the same "
                + "queries inside the unit of work, so declare it to return Users");
    }

    @Test
    void repositoryOnAClassIsAnError() {
        TestSource users = TestSource.of("example.Users", """
                package example;

                @io.kvmapper.annotation.Repository
                public abstract class Users {
                }
                """);
        assertError(users, "public abstract class Users", "@Repository applies to an interface that extends "
                + "CrudRepository<E, K>; Users is class; declare an interface instead");
    }

    @Test
    void anInterfaceThatDoesNotExtendCrudRepositoryIsAnError() {
        TestSource users = TestSource.of("example.Users", """
                package example;

                @io.kvmapper.annotation.Repository
                public interface Users {
                }
                """);
        assertError(users, "public interface Users", "@Repository interface Users does not extend "
                + "io.kvmapper.CrudRepository<E, K>; extend it with the entity and its key type, such as "
                + "CrudRepository<User, Long>");
    }

    @Test
    void aTypeArgumentThatIsNoEntityIsAnError() {
        TestSource users = TestSource.of("example.Users", """
                package example;

                @io.kvmapper.annotation.Repository
                public interface Users extends io.kvmapper.CrudRepository<String, Long> {
                }
                """);
        assertError(users, "public interface Users", "@Repository interface Users extends CrudRepository<"
                + "java.lang.String, ...>, and java.lang.String is not an @Entity; name an @Entity type as the first "
                + "type argument");
    }

    @Test
    void aKeyTypeThatIsNotTheEntitysIsAnError() {
        TestSource users = TestSource.of("example.Users", """
                package example;

                @io.kvmapper.annotation.Repository
                public interface Users extends io.kvmapper.CrudRepository<User, String> {
                }
                """);
        assertError(users, "public interface Users", "@Repository interface Users extends CrudRepository<User, "
                + "java.lang.String>, but the key of User is java.lang.Long; declare CrudRepository<User, Long>");
    }

    @Test
    void anInterfaceOutsideItsEntitysPackageIsAnError() {
        TestSource users = TestSource.of("example.queries.Users", """
                package example.queries;

                import example.User;

                @io.kvmapper.annotation.Repository
                public interface Users extends io.kvmapper.CrudRepository<User, Long> {
                }
                """);
        assertError(users, "public interface Users", "@Repository interface Users is in package example.queries, and"
                + " its entity User in package example; the generated Users_Impl reads the entity's package-private "
                + "mapping, so declare the interface in package example");
    }

    @Test
    void anEntityWithErrorsGivesNoImplementation() {
        TestSource broken = TestSource.of("example.Broken", """
                package example;

                @io.kvmapper.annotation.Entity
                public record Broken(String id) {
                }
                """);
        TestSource brokens = TestSource.of("example.Brokens", """
                package example;

                @io.kvmapper.annotation.Repository
                public interface Brokens extends io.kvmapper.CrudRepository<Broken, String> {
                }
                """);
        Compilation compilation = Compilations.compile(broken, brokens);
        assertThat(compilation).hadErrorContaining("@Repository interface Brokens: its entity Broken has errors, so "
                + "no Brokens_Impl is generated; fix the errors reported on Broken").inFile(brokens.file())
                .onLine(brokens.line("public interface Brokens"));
        assertThat(compilation).hadErrorContaining("@Entity Broken has no @Key field").inFile(broken.file());
    }

    /** A composite key's record is generated with the entity's repository: the interface waits for that round. */
    @Test
    void theKeyRecordOfACompositeKeyResolvesInALaterRound() {
        TestSource event = TestSource.of("example.Event", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public record Event(@Key String stream, @Key(descending = true) long at, String body) {
                }
                """);
        TestSource events = TestSource.of("example.Events", """
                package example;

                import java.util.List;

                @io.kvmapper.annotation.Repository
                public interface Events extends io.kvmapper.CrudRepository<Event, EventRepository.Key> {
                    List<Event> findTop10ByStream(String stream);
                }
                """);
        Compilation compilation = Compilations.compile(event, events);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).hadNoteContaining("Events.findTop10ByStream: served by the primary key: stream = "
                + "stream; filters nothing");
        assertThat(compilation).generatedSourceFile("example.Events_Impl");
    }

    @Test
    void aNameEndingLikeAnOperatorReadsAsThePropertyWhenOnlyThatExists() {
        TestSource login = TestSource.of("example.Login", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                public record Login(@Key long id, @Index boolean loggedIn) {
                }
                """);
        TestSource logins = TestSource.of("example.Logins", """
                package example;

                import java.util.List;

                @io.kvmapper.annotation.Repository
                public interface Logins extends io.kvmapper.CrudRepository<Login, Long> {
                    List<Login> findByLoggedIn(boolean loggedIn);
                }
                """);
        Compilation compilation = Compilations.compile(login, logins);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).hadNoteContaining("served by index 'loggedIn': loggedIn = loggedIn");
    }
}
