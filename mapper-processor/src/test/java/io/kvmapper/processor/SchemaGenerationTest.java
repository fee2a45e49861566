package io.kvmapper.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.common.truth.StringSubject;
import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Entities with indexes, counters and a version field generate repositories with the documented
 * finders, counter getters, partial updates and integrity checks. Each test compiles, next to the
 * entity, a class that calls every generated method with the argument and result types DESIGN.md
 * promises, so a wrong signature fails the compilation.
 */
class SchemaGenerationTest {

    private static final String MEMBER = """
            package example;

            import io.kvmapper.annotation.Counter;
            import io.kvmapper.annotation.Embedded;
            import io.kvmapper.annotation.Entity;
            import io.kvmapper.annotation.Index;
            import io.kvmapper.annotation.Key;
            import io.kvmapper.annotation.Version;
            import java.util.Set;

            @Entity
            @Index(fields = {"address.location.country", "age"})
            @Counter(name = "total")
            @Counter(name = "byStatus", groupBy = "status")
            @Counter(name = "byCountryAndStatus", groupBy = {"address.location.country", "status"})
            @Counter(name = "points", sum = "points")
            @Counter(name = "visitsByStatus", groupBy = "status", sum = "visits")
            @Counter(name = "floors", sum = "address.floor")
            public record Member(
                    @Key long id,
                    @Index(unique = true) String email,
                    @Index Status status,
                    @Index Set<String> tags,
                    int age,
                    long points,
                    Integer visits,
                    @Embedded Address address,
                    @Version long version) {

                public enum Status { ACTIVE, SUSPENDED }

                public record Address(int floor, @Embedded Location location) {
                }

                public record Location(String city, String country) {
                }
            }
            """;

    /** The same schema as {@link #MEMBER}, as a class whose state is private behind accessors. */
    private static final String CUSTOMER = """
            package example;

            import io.kvmapper.annotation.Counter;
            import io.kvmapper.annotation.Embedded;
            import io.kvmapper.annotation.Entity;
            import io.kvmapper.annotation.Index;
            import io.kvmapper.annotation.Key;
            import io.kvmapper.annotation.Version;
            import java.util.Set;

            @Entity
            @Index(fields = {"address.location.country", "age"})
            @Counter(name = "total")
            @Counter(name = "byStatus", groupBy = "status")
            @Counter(name = "byCountryAndStatus", groupBy = {"address.location.country", "status"})
            @Counter(name = "points", sum = "points")
            @Counter(name = "visitsByStatus", groupBy = "status", sum = "visits")
            @Counter(name = "floors", sum = "address.floor")
            public class Customer {
                @Key private long id;
                @Index(unique = true) private String email;
                @Index private Status status;
                @Index private Set<String> tags;
                private int age;
                private long points;
                private Integer visits;
                @Embedded private Address address;
                @Version private long version;

                public enum Status { ACTIVE, SUSPENDED }

                public static class Address {
                    private int floor;
                    @Embedded private Location location;

                    public int getFloor() {
                        return floor;
                    }

                    public void setFloor(int floor) {
                        this.floor = floor;
                    }

                    public Location getLocation() {
                        return location;
                    }

                    public void setLocation(Location location) {
                        this.location = location;
                    }
                }

                public record Location(String city, String country) {
                }

                public long getId() {
                    return id;
                }

                public void setId(long id) {
                    this.id = id;
                }

                public String getEmail() {
                    return email;
                }

                public void setEmail(String email) {
                    this.email = email;
                }

                public Status getStatus() {
                    return status;
                }

                public void setStatus(Status status) {
                    this.status = status;
                }

                public Set<String> getTags() {
                    return tags;
                }

                public void setTags(Set<String> tags) {
                    this.tags = tags;
                }

                public int getAge() {
                    return age;
                }

                public void setAge(int age) {
                    this.age = age;
                }

                public long getPoints() {
                    return points;
                }

                public void setPoints(long points) {
                    this.points = points;
                }

                public Integer getVisits() {
                    return visits;
                }

                public void setVisits(Integer visits) {
                    this.visits = visits;
                }

                public Address getAddress() {
                    return address;
                }

                public void setAddress(Address address) {
                    this.address = address;
                }

                public long getVersion() {
                    return version;
                }

                public void setVersion(long version) {
                    this.version = version;
                }
            }
            """;

    /**
     * Calls every method the schema of {@link #MEMBER} and {@link #CUSTOMER} generates; {@code %1$s} is
     * the entity's simple name.
     */
    private static final String USAGE = """
            package example;

            import io.kvmapper.IntegrityReport;
            import io.kvmapper.Page;
            import io.kvmapper.PageRequest;
            import io.kvmapper.ProgressListener;
            import java.util.List;
            import java.util.Map;
            import java.util.Optional;
            import java.util.Set;

            final class %1$sUsage {
                private %1$sUsage() {
                }

                static void findByIndexes(%1$sRepository repository, PageRequest request) {
                    Optional<%1$s> byEmail = repository.findByEmail("ada@example.com");
                    List<%1$s> emails = repository.findByEmailBetween("a", "n");
                    Page<%1$s> emailPage = repository.findByEmailBetween("a", "n", request);

                    List<%1$s> active = repository.findByStatus(%1$s.Status.ACTIVE);
                    Page<%1$s> activePage = repository.findByStatus(%1$s.Status.ACTIVE, request);
                    List<%1$s> statuses = repository.findByStatusBetween(%1$s.Status.ACTIVE, %1$s.Status.SUSPENDED);
                    Page<%1$s> statusPage = repository.findByStatusBetween(%1$s.Status.ACTIVE, %1$s.Status.SUSPENDED,
                            request);

                    List<%1$s> tagged = repository.findByTags("vip");
                    Page<%1$s> taggedPage = repository.findByTags("vip", request);
                    List<%1$s> tags = repository.findByTagsBetween("a", "n");
                    Page<%1$s> tagPage = repository.findByTagsBetween("a", "n", request);

                    List<%1$s> dutchAdults = repository.findByAddressLocationCountryAndAge("NL", 18);
                    Page<%1$s> dutchAdultPage = repository.findByAddressLocationCountryAndAge("NL", 18, request);
                    List<%1$s> dutchAges = repository.findByAddressLocationCountryAndAgeBetween("NL", 18, 65);
                    Page<%1$s> dutchAgePage = repository.findByAddressLocationCountryAndAgeBetween("NL", 18, 65, request);
                }

                static void readCounters(%1$sRepository repository) {
                    long total = repository.countTotal();
                    long active = repository.countByStatus(%1$s.Status.ACTIVE);
                    Map<%1$s.Status, Long> perStatus = repository.countByStatus();
                    long dutchActive = repository.countByCountryAndStatus("NL", %1$s.Status.ACTIVE);
                    long points = repository.sumPoints();
                    long activeVisits = repository.sumVisitsByStatus(%1$s.Status.ACTIVE);
                    Map<%1$s.Status, Long> visitsPerStatus = repository.sumVisitsByStatus();
                    long floors = repository.sumFloors();
                }

                static boolean update(%1$sRepository repository, %1$s.Address address) {
                    return repository.updateEmail(1L, "ada@example.com")
                            | repository.updateStatus(1L, %1$s.Status.SUSPENDED)
                            | repository.updateTags(1L, Set.of("vip"))
                            | repository.updateAge(1L, 36)
                            | repository.updatePoints(1L, 10L)
                            | repository.updateVisits(1L, null)
                            | repository.updateAddress(1L, address);
                }

                static List<IntegrityReport> checkIntegrity(%1$sRepository repository) {
                    return List.of(repository.verify(), repository.verify(ProgressListener.none()),
                            repository.repair(), repository.repair(ProgressListener.none()));
                }
            }
            """;

    @Test
    void recordWithIndexesCountersAndVersionGeneratesTheDocumentedMethods() {
        Compilation compilation = compile(TestSource.of("example.Member", MEMBER),
                TestSource.of("example.MemberUsage", USAGE.formatted("Member")));

        assertGeneratedCleanly(compilation, "example.Member");
        assertSignatures(compilation, "Member");
    }

    @Test
    void classWithIndexesCountersAndVersionGeneratesTheDocumentedMethods() {
        Compilation compilation = compile(TestSource.of("example.Customer", CUSTOMER),
                TestSource.of("example.CustomerUsage", USAGE.formatted("Customer")));

        assertGeneratedCleanly(compilation, "example.Customer");
        assertSignatures(compilation, "Customer");
        StringSubject mapping = mapping(compilation, "example.Customer");
        mapping.contains("Customer.Location addressLocation = address == null ? null : address.getLocation();");
        mapping.contains("addressLocation == null ? null : addressLocation.country()");
        mapping.contains("copy.setVersion(version);");
        mapping.contains("entity.setEmail(email);");
    }

    /**
     * What calling cannot show: parameters behind an embedded object are boxed, a counter with two
     * groups has no map of every group, and neither the key nor the version can be updated on its own.
     */
    private static void assertSignatures(Compilation compilation, String entity) {
        StringSubject repository = repository(compilation, "example." + entity);
        repository.contains("public List<" + entity + "> findByAddressLocationCountryAndAge("
                + "String addressLocationCountry, int age) {");
        repository.contains("public long countByCountryAndStatus(String addressLocationCountry, " + entity
                + ".Status status) {");
        repository.contains("public Map<" + entity + ".Status, Long> countByStatus() {");
        repository.doesNotContain("countByCountryAndStatus()");
        repository.contains("public long countTotal() {");
        repository.doesNotContain("updateId(");
        repository.doesNotContain("updateVersion(");
        mapping(compilation, "example." + entity).contains("return VERSION;");
    }

    @Test
    void pathsThroughOneEmbeddedObjectReadItOnce() {
        TestSource shop = TestSource.of("example.Shop", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Index(fields = {"address.city", "address.zip"})
                @Counter(name = "byPlace", groupBy = {"address.city", "address.zip"})
                public record Shop(@Key long id, @Embedded Address address) {

                    public record Address(String city, int zip) {
                    }
                }
                """);

        Compilation compilation = compile(shop);

        assertGeneratedCleanly(compilation, "example.Shop");
        mapping(compilation, "example.Shop").contains("static void addressCityAndAddressZipIndexValues(Shop entity, "
                + "List<byte[]> out) { Shop.Address address = entity.address(); "
                + "out.add(addressCityAndAddressZipIndexValue(address == null ? null : address.city(), "
                + "address == null ? null : address.zip())); }");
        repository(compilation, "example.Shop").contains("public long countByPlace(String addressCity, "
                + "Integer addressZip) {");
    }

    /** Every key-encodable type, primitive or boxed, alone or as a collection's element. */
    @Test
    void everyScalarTypeCanBeIndexedAndGroupedAndEveryIntegralTypeSummed() {
        TestSource sample = TestSource.of("example.Sample", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;
                import java.math.BigDecimal;
                import java.math.BigInteger;
                import java.time.Instant;
                import java.time.LocalDate;
                import java.time.LocalDateTime;
                import java.util.Collection;
                import java.util.List;
                import java.util.Set;
                import java.util.UUID;

                @Entity
                @Counter(name = "byBoolean", groupBy = "aBoolean")
                @Counter(name = "byChar", groupBy = "aChar")
                @Counter(name = "byFloat", groupBy = "aFloat")
                @Counter(name = "byBoxedByte", groupBy = "boxedByte")
                @Counter(name = "byBytes", groupBy = "bytes")
                @Counter(name = "byLevel", groupBy = "level")
                @Counter(name = "byDateTime", groupBy = "dateTime")
                @Counter(name = "byDecimal", groupBy = "decimal")
                @Counter(name = "bytes", sum = "aByte")
                @Counter(name = "shorts", groupBy = "uuid", sum = "aShort")
                @Counter(name = "boxedShorts", sum = "boxedShort")
                @Counter(name = "boxedLongs", groupBy = {"instant", "date"}, sum = "boxedLong")
                public record Sample(
                        @Key long id,
                        @Index boolean aBoolean, @Index byte aByte, @Index short aShort, @Index int anInt,
                        @Index long aLong, @Index char aChar, @Index float aFloat, @Index(unique = true) double aDouble,
                        @Index Boolean boxedBoolean, @Index Byte boxedByte, @Index Short boxedShort,
                        @Index Integer boxedInt, @Index Long boxedLong, @Index Character boxedChar,
                        @Index Float boxedFloat, @Index Double boxedDouble,
                        @Index String string, @Index byte[] bytes, @Index Level level, @Index UUID uuid,
                        @Index Instant instant, @Index LocalDate date, @Index LocalDateTime dateTime,
                        @Index BigDecimal decimal, @Index(unique = true) BigInteger integer,
                        @Index List<Integer> ints, @Index(unique = true) Set<Level> levels,
                        @Index Collection<Character> chars, @Index List<byte[]> blobs) {

                    public enum Level { LOW, HIGH }
                }
                """);

        Compilation compilation = compile(sample);

        assertGeneratedCleanly(compilation, "example.Sample");
        repository(compilation, "example.Sample").contains("public Map<Sample.Level, Long> countByLevel() {");
        repository(compilation, "example.Sample").contains("public List<Sample> findByChars(Character chars) {");
    }

    /**
     * Index, counter and update code declares its own variables and parameters (entity, out, writer,
     * reader, current, from, to, page); properties of those names must neither clash with them nor be
     * shadowed by them.
     */
    @Test
    void propertiesNamedLikeTheGeneratedVariablesDoNotClash() {
        TestSource record = TestSource.of("example.Clash", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Index(fields = {"from", "to"})
                @Index(fields = {"page", "reader"})
                @Index(fields = {"entity.writer", "entity.out"})
                @Counter(name = "byWriterAndReader", groupBy = {"writer", "reader"})
                @Counter(name = "byCurrent", groupBy = "current")
                @Counter(name = "byOut", groupBy = "out")
                @Counter(name = "pages", groupBy = "entity.writer", sum = "page")
                public record Clash(
                        @Key String current,
                        @Index String writer,
                        @Index String out,
                        @Index(unique = true) String reader,
                        @Index String from,
                        String to,
                        @Index int page,
                        @Embedded Part entity) {

                    public record Part(String writer, String out) {
                    }
                }
                """);
        TestSource bean = TestSource.of("example.ClashBean", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;
                import io.kvmapper.annotation.Version;

                @Entity
                @Index(fields = {"to", "from"})
                @Index(fields = {"reader", "page"})
                @Counter(name = "byWriter", groupBy = "writer")
                @Counter(name = "byEntityAndCurrent", groupBy = {"entity.out", "current"}, sum = "page")
                public class ClashBean {
                    @Key long id;
                    @Index String current;
                    @Index private String writer;
                    String out;
                    String reader;
                    String from;
                    @Index String to;
                    int page;
                    @Embedded Part entity;
                    @Version long version;

                    public String getWriter() {
                        return writer;
                    }

                    public void setWriter(String writer) {
                        this.writer = writer;
                    }

                    public static class Part {
                        String out;
                    }
                }
                """);

        Compilation compilation = compile(record, bean);

        assertGeneratedCleanly(compilation, "example.Clash");
        assertGeneratedCleanly(compilation, "example.ClashBean");
        StringSubject repository = repository(compilation, "example.Clash");
        repository.contains("findByFromAndToBetween(String from, String from_, String to)");
        repository.contains("findByPageAndReader(int page, String reader, PageRequest page_)");
        repository.contains("updateWriter(String current, String writer)");
        repository.contains("current_ -> Clash_KvMapping.withWriter(current_, writer)");
        StringSubject mapping = mapping(compilation, "example.Clash");
        mapping.contains("static Clash withEntity(Clash entity_, Clash.Part entity) {");
        mapping.contains("static byte[] byWriterAndReaderCounterGroupOf(String writer, String reader) {");
    }

    private static void assertGeneratedCleanly(Compilation compilation, String entity) {
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile(entity + "Repository");
        assertThat(compilation).generatedSourceFile(entity + "_KvMapping");
        assertThat(compilation).generatedSourceFile(entity + "_KvJsonCodec");
    }

    /** The generated repository, with every run of white space as one space, so that line wrapping does not matter. */
    private static StringSubject repository(Compilation compilation, String entity) {
        return generated(compilation, entity + "Repository");
    }

    /** The generated mapping, with every run of white space as one space. */
    private static StringSubject mapping(Compilation compilation, String entity) {
        return generated(compilation, entity + "_KvMapping");
    }

    private static StringSubject generated(Compilation compilation, String qualifiedName) {
        JavaFileObject file = compilation.generatedSourceFile(qualifiedName)
                .orElseThrow(() -> new AssertionError(qualifiedName + " was not generated"));
        try {
            return assertWithMessage(qualifiedName).that(file.getCharContent(false).toString().replaceAll("\\s+", " "));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
