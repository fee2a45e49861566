package io.kvmapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.common.truth.StringSubject;
import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/**
 * Entities of every supported shape generate a repository, a key mapping and a JSON codec that
 * compile against the runtime without a single warning.
 */
class GenerationTest {

    @Test
    void recordEntityGeneratesRepositoryMappingAndCodec() {
        TestSource user = TestSource.of("example.User", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public record User(@Key long id, String name) {
                }
                """);

        Compilation compilation = compile(user);

        assertGeneratedCleanly(compilation, "example.User");
        repository(compilation, "example.User").contains("public Optional<User> findById(long id) {");
        repository(compilation, "example.User").contains("public List<User> findAllById(Collection<Long> ids) {");
        codec(compilation, "example.User").contains("return new User(id, name);");
    }

    /**
     * A unique finder on one top-level field whose equal values always encode alike tests the found
     * entity's field with equals before comparing encodings; every other unique finder (a double, a
     * byte array, a path through an embedded object, two fields) compares encodings only.
     */
    @Test
    void uniqueFindersTestEqualityFirstOnlyWhereEqualValuesEncodeAlike() {
        TestSource account = TestSource.of("example.Account", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;
                import java.util.UUID;

                @Entity
                @Index(name = "homeCity", fields = "home.city", unique = true)
                @Index(name = "nameAndNumber", fields = {"name", "number"}, unique = true)
                public record Account(@Key long id, @Index(unique = true) String stored, @Index(unique = true) UUID token,
                        @Index(unique = true) long number, @Index(unique = true) double score,
                        @Index(unique = true) byte[] secret, String name, @Embedded Home home) {
                    public record Home(String city) {
                    }
                }
                """);

        Compilation compilation = compile(account);

        assertGeneratedCleanly(compilation, "example.Account");
        StringSubject repository = repository(compilation, "example.Account");
        repository.contains("Account_KvMapping.storedIndexValue(stored),\n"
                + "                stored_ -> Objects.equals(stored_.stored(), stored));");
        repository.contains("Account_KvMapping.tokenIndexValue(token),\n"
                + "                stored -> Objects.equals(stored.token(), token));");
        repository.contains("findByUniqueIndex(\"number\", Account_KvMapping.numberIndexValue(number),\n"
                + "                stored -> Objects.equals(stored.number(), number));");
        repository.contains("return this.operations.findByUniqueIndex(\"score\", Account_KvMapping.scoreIndexValue(score));");
        repository.contains("return this.operations.findByUniqueIndex(\"secret\", Account_KvMapping.secretIndexValue(secret));");
        repository.contains("return this.operations.findByUniqueIndex(\"homeCity\", Account_KvMapping.homeCityIndexValue(homeCity));");
        repository.contains("Account_KvMapping.nameAndNumberIndexValue(name, number));");
    }

    @Test
    void classEntityIsReadAndWrittenThroughFieldsAccessorsAndInheritedFields() {
        TestSource audited = TestSource.of("example.Audited", """
                package example;

                public class Audited {
                    long createdAt;
                }
                """);
        TestSource tenantOwned = TestSource.of("example.TenantOwned", """
                package example;

                import io.kvmapper.annotation.Key;

                public abstract class TenantOwned extends Audited {
                    @Key String tenant;
                }
                """);
        TestSource customer = TestSource.of("example.Customer", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Customer extends TenantOwned {
                    @Key long number;
                    String email;
                    private String name;
                    private boolean active;
                    private Boolean verified;

                    public String getName() {
                        return name;
                    }

                    public void setName(String name) {
                        this.name = name;
                    }

                    public boolean isActive() {
                        return active;
                    }

                    public void setActive(boolean active) {
                        this.active = active;
                    }

                    public Boolean getVerified() {
                        return verified;
                    }

                    public void setVerified(Boolean verified) {
                        this.verified = verified;
                    }
                }
                """);

        Compilation compilation = compile(audited, tenantOwned, customer);

        assertGeneratedCleanly(compilation, "example.Customer");
        repository(compilation, "example.Customer").contains("findById(String tenant, long number)");
        StringSubject codec = codec(compilation, "example.Customer");
        codec.contains("generator.writeNumber(entity.createdAt);");
        codec.contains("String name = entity.getName();");
        codec.contains("generator.writeBoolean(entity.isActive());");
        codec.contains("Boolean verified = entity.getVerified();");
        codec.contains("entity.setActive(active);");
        codec.contains("entity.email = email;");
        codec.contains("entity.tenant = tenant;");
    }

    @Test
    void keyComponentsFollowTheirOrderRatherThanTheirDeclaration() {
        TestSource flight = TestSource.of("example.Flight", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.time.LocalDate;

                @Entity
                public record Flight(
                        @Key(order = 2) int number,
                        @Key(order = 0) String carrier,
                        @Key(order = 1) LocalDate day,
                        String destination) {
                }
                """);

        Compilation compilation = compile(flight);

        assertGeneratedCleanly(compilation, "example.Flight");
        StringSubject repository = repository(compilation, "example.Flight");
        repository.contains("public Optional<Flight> findById(String carrier, LocalDate day, int number) {");
        repository.contains("public List<Flight> findByCarrier(String carrier) {");
        repository.contains("public List<Flight> findByCarrierAndDay(String carrier, LocalDate day) {");
        repository.contains("public List<Flight> findByCarrierAndDayAndNumberBetween(String carrier, LocalDate day, int from,");
        repository.contains("public record Key(String carrier, LocalDate day, int number) {");
        mapping(compilation, "example.Flight").contains("return key(entity.carrier(), entity.day(), entity.number());");
    }

    @Test
    void partitionOfTwoComponentsClosesAfterTheSecond() {
        TestSource reading = TestSource.of("example.Reading", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.time.Instant;

                @Entity
                public record Reading(
                        @Key(partition = true) String site,
                        @Key(partition = true) String sensor,
                        @Key Instant at,
                        double value) {
                }
                """);

        Compilation compilation = compile(reading);

        assertGeneratedCleanly(compilation, "example.Reading");
        StringSubject mapping = mapping(compilation, "example.Reading");
        mapping.containsMatch("\\(sensor, ENTITY, \"sensor\"\\)\\)\\s*\\.endNested\\(\\)");
        mapping.doesNotContainMatch("\\(site, ENTITY, \"site\"\\)\\)\\s*\\.endNested\\(\\)");
    }

    @Test
    void descendingComponentIsWrittenDescendingInKeysAndRanges() {
        TestSource post = TestSource.of("example.Post", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public record Post(@Key String blog, @Key(descending = true) long published, String title) {
                }
                """);

        Compilation compilation = compile(post);

        assertGeneratedCleanly(compilation, "example.Post");
        StringSubject mapping = mapping(compilation, "example.Post");
        mapping.contains(".descending().writeLong(published)");
        mapping.contains("new TupleWriter(16).descending().writeLong(from).toByteArray()");
        mapping.doesNotContain(".descending().writeString(");
        repository(compilation, "example.Post").contains("'published' descending.");
    }

    @Test
    void transientFieldsAndRecordComponentsAreNotStored() {
        TestSource session = TestSource.of("example.Session", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Transient;

                @Entity
                public record Session(@Key String id, @Transient String token, int hits, @Transient int views) {
                }
                """);
        TestSource cart = TestSource.of("example.Cart", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Transient;

                @Entity
                public class Cart {
                    @Key long id;
                    @Transient Object lock;
                    transient int cachedTotal;
                    int items;
                }
                """);

        Compilation compilation = compile(session, cart);

        assertGeneratedCleanly(compilation, "example.Session");
        assertGeneratedCleanly(compilation, "example.Cart");
        StringSubject sessionCodec = codec(compilation, "example.Session");
        sessionCodec.contains("return new Session(id, null, hits, 0);");
        sessionCodec.doesNotContain("\"token\"");
        sessionCodec.doesNotContain("\"views\"");
        StringSubject cartCodec = codec(compilation, "example.Cart");
        cartCodec.contains("\"items\"");
        cartCodec.doesNotContain("lock");
        cartCodec.doesNotContain("cachedTotal");
    }

    @Test
    void embeddedObjectsNestTwoLevelsDeepAcrossRecordsAndClasses() {
        TestSource order = TestSource.of("example.Order", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Order {
                    @Key long id;
                    @Embedded Shipping shipping;

                    public record Shipping(String carrier, @Embedded Address address) {
                    }

                    public static class Address {
                        String city;
                        @Embedded Point location;
                    }

                    public record Point(double latitude, double longitude) {
                    }
                }
                """);

        Compilation compilation = compile(order);

        assertGeneratedCleanly(compilation, "example.Order");
        StringSubject codec = codec(compilation, "example.Order");
        codec.contains("private static void writeOrder_Shipping(JsonGenerator generator, Order.Shipping entity) {");
        codec.contains("private static Order.Address readOrder_Address(JsonParser parser) {");
        codec.contains("private static Order.Point readOrder_Point(JsonParser parser) {");
        codec.contains("return new Order.Shipping(carrier, address);");
    }

    @Test
    void listSetAndMapFieldsNestAndHoldEmbeddedObjects() {
        TestSource library = TestSource.of("example.Library", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.util.Collection;
                import java.util.List;
                import java.util.Map;
                import java.util.Set;
                import java.util.UUID;

                @Entity
                public record Library(
                        @Key UUID id,
                        List<String> names,
                        Set<Long> ids,
                        Collection<Integer> counts,
                        Map<String, Integer> stock,
                        Map<Long, String> byNumber,
                        Map<UUID, Boolean> flags,
                        List<List<String>> shelves,
                        Map<String, Set<Long>> index,
                        @Embedded List<Book> books,
                        @Embedded Map<Genre, List<Book>> byGenre) {

                    public enum Genre { FICTION, HISTORY }

                    public record Book(String title, Set<String> authors) {
                    }
                }
                """);

        Compilation compilation = compile(library);

        assertGeneratedCleanly(compilation, "example.Library");
        StringSubject codec = codec(compilation, "example.Library");
        codec.contains("Json.readMap(parser, Library.Genre::valueOf, parser1 -> Json.readList(parser1, "
                + "parser2 -> readLibrary_Book(parser2)))");
        codec.contains("for (List<String> element : shelves) {");
        codec.contains("for (String element1 : element) {");
    }

    @Test
    void everyScalarTypeIsStorableAsAField() {
        TestSource sample = TestSource.of("example.Sample", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.math.BigDecimal;
                import java.math.BigInteger;
                import java.time.Instant;
                import java.time.LocalDate;
                import java.time.LocalDateTime;
                import java.util.UUID;

                @Entity
                public record Sample(
                        @Key long id,
                        boolean aBoolean, byte aByte, short aShort, int anInt, long aLong, char aChar, float aFloat,
                        double aDouble,
                        Boolean boxedBoolean, Byte boxedByte, Short boxedShort, Integer boxedInt, Long boxedLong,
                        Character boxedChar, Float boxedFloat, Double boxedDouble,
                        String string, byte[] bytes, Level level, UUID uuid, Instant instant, LocalDate date,
                        LocalDateTime dateTime, BigDecimal decimal, BigInteger integer) {

                    public enum Level { LOW, HIGH }
                }
                """);

        Compilation compilation = compile(sample);

        assertGeneratedCleanly(compilation, "example.Sample");
    }

    @Test
    void everyScalarTypeIsUsableAsAKeyComponent() {
        TestSource sample = TestSource.of("example.KeySample", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.math.BigDecimal;
                import java.math.BigInteger;
                import java.time.Instant;
                import java.time.LocalDate;
                import java.time.LocalDateTime;
                import java.util.UUID;

                @Entity
                public record KeySample(
                        @Key boolean aBoolean, @Key byte aByte, @Key short aShort, @Key int anInt, @Key long aLong,
                        @Key char aChar, @Key float aFloat, @Key(descending = true) double aDouble,
                        @Key Boolean boxedBoolean, @Key Byte boxedByte, @Key Short boxedShort, @Key Integer boxedInt,
                        @Key Long boxedLong, @Key Character boxedChar, @Key Float boxedFloat, @Key Double boxedDouble,
                        @Key String string, @Key byte[] bytes, @Key Level level, @Key UUID uuid,
                        @Key(descending = true) Instant instant, @Key LocalDate date, @Key LocalDateTime dateTime,
                        @Key BigDecimal decimal, @Key(descending = true) BigInteger integer,
                        String payload) {

                    public enum Level { LOW, HIGH }
                }
                """);

        Compilation compilation = compile(sample);

        assertGeneratedCleanly(compilation, "example.KeySample");
    }

    @Test
    void nestedStaticEntityGetsRepositoryNamedAfterItsEnclosingTypes() {
        TestSource catalog = TestSource.of("example.Catalog", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                public class Catalog {
                    @Entity
                    public static class Product {
                        @Key String sku;
                        String title;
                    }

                    public interface Views {
                        @Entity
                        record Preview(@Key String sku) {
                        }
                    }
                }
                """);

        Compilation compilation = compile(catalog);

        assertGeneratedCleanly(compilation, "example.Catalog_Product");
        assertGeneratedCleanly(compilation, "example.Catalog_Views_Preview");
        repository(compilation, "example.Catalog_Product")
                .contains("public Catalog.Product save(Catalog.Product entity) {");
    }

    /** The codec's own variables (generator, parser, entity, field, element, entry) must not clash with properties. */
    @Test
    void propertiesNamedLikeTheCodecsLocalVariablesDoNotClash() {
        TestSource record = TestSource.of("example.Clash", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.util.List;
                import java.util.Map;

                @Entity
                public record Clash(
                        @Key String entity,
                        String parser,
                        String field,
                        List<List<String>> element,
                        String element1,
                        String generator,
                        Map<String, List<String>> entry,
                        String parser1) {
                }
                """);
        TestSource bean = TestSource.of("example.ClashBean", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import java.util.List;

                @Entity
                public class ClashBean {
                    @Key long id;
                    String entity;
                    String parser;
                    String field;
                    List<String> element;
                    private String generator;

                    public String getGenerator() {
                        return generator;
                    }

                    public void setGenerator(String generator) {
                        this.generator = generator;
                    }
                }
                """);

        Compilation compilation = compile(record, bean);

        assertGeneratedCleanly(compilation, "example.Clash");
        assertGeneratedCleanly(compilation, "example.ClashBean");
    }

    /**
     * Key components become parameters of repository methods, next to the repository's field
     * {@code operations} and the paged finders' {@code page}; components with those names must not
     * shadow or clash with them.
     */
    @Test
    void keyComponentsNamedLikeTheRepositorysOwnNamesDoNotClash() {
        TestSource wiki = TestSource.of("example.WikiPage", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public record WikiPage(@Key String operations, @Key String page, @Key int revision, String text) {
                }
                """);

        Compilation compilation = compile(wiki);

        assertGeneratedCleanly(compilation, "example.WikiPage");
    }

    @Test
    void accessorsInheritedFromAGenericSuperclassAreUsed() {
        TestSource named = TestSource.of("example.Named", """
                package example;

                public abstract class Named<T> {
                    private T name;

                    public T getName() {
                        return name;
                    }

                    public void setName(T name) {
                        this.name = name;
                    }
                }
                """);
        TestSource tag = TestSource.of("example.Tag", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Tag extends Named<String> {
                    @Key long id;
                }
                """);

        Compilation compilation = compile(named, tag);

        assertGeneratedCleanly(compilation, "example.Tag");
        codec(compilation, "example.Tag").contains("entity.setName(name);");
    }

    /**
     * The attribute-per-key codec reads an embedded object's fields in one switch; two collection
     * fields in it must not declare their locals twice in that switch's scope.
     */
    @Test
    void attributePerKeyEmbeddedObjectWithSeveralCollectionsCompiles() {
        TestSource floor = TestSource.of("example.Floor", """
                package example;

                import java.util.List;
                import java.util.Map;
                import java.util.Set;

                public record Floor(List<String> wings, Map<String, Integer> rooms, Set<Long> exits,
                        List<List<String>> plans) {
                }
                """);
        TestSource site = TestSource.of("example.Site", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Layout;
                import java.util.List;

                @Entity(layout = Layout.ATTRIBUTE_PER_KEY)
                public record Site(@Key long id, @Embedded Floor ground, @Embedded List<Floor> upper) {
                }
                """);

        Compilation compilation = compile(floor, site);

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("example.SiteRepository");
        assertThat(compilation).generatedSourceFile("example.Site_KvAttributeCodec").contentsAsUtf8String()
                .contains("case \"rooms\": {");
    }

    private static void assertGeneratedCleanly(Compilation compilation, String entity) {
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile(entity + "Repository");
        assertThat(compilation).generatedSourceFile(entity + "_KvMapping");
        assertThat(compilation).generatedSourceFile(entity + "_KvJsonCodec");
    }

    private static StringSubject repository(Compilation compilation, String entity) {
        return assertThat(compilation).generatedSourceFile(entity + "Repository").contentsAsUtf8String();
    }

    private static StringSubject mapping(Compilation compilation, String entity) {
        return assertThat(compilation).generatedSourceFile(entity + "_KvMapping").contentsAsUtf8String();
    }

    private static StringSubject codec(Compilation compilation, String entity) {
        return assertThat(compilation).generatedSourceFile(entity + "_KvJsonCodec").contentsAsUtf8String();
    }
}
