package io.kvmapper.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Layout;
import io.kvmapper.schema.document.SchemaDocument;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schema file across builds: the first build writes it; a later build with compatible changes passes,
 * keeps field numbers and updates the file and the schema version; each incompatible change is an error
 * on the element that makes it, and leaves the file as it was. Every compilation keeps its schema files in
 * a temporary directory given with {@code -Akvmapper.schemaDir}.
 */
class SchemaEvolutionTest {
    @TempDir
    Path schemaDirectory;

    /** Version 1 of the entity most tests evolve: a JSON entity with an index, a counter and an embedded type. */
    private static final String MEMBER_V1 = """
            package example;

            import io.kvmapper.annotation.Counter;
            import io.kvmapper.annotation.Embedded;
            import io.kvmapper.annotation.Entity;
            import io.kvmapper.annotation.Index;
            import io.kvmapper.annotation.Key;

            @Entity
            @Counter(name = "byPlan", groupBy = "plan")
            public record Member(
                    @Key long id,
                    @Index(unique = true) String email,
                    String nick,
                    String plan,
                    int age,
                    @Embedded Home home) {

                public record Home(String street, String city) {
                }
            }
            """;

    private Compilation compile(TestSource... sources) {
        List<String> options = new ArrayList<>(Compilations.OPTIONS);
        options.add("-Akvmapper.schemaDir=" + schemaDirectory);
        return Compilations.compiler().withOptions(options)
                .compile(java.util.Arrays.stream(sources).map(TestSource::file).toList());
    }

    private Path schemaFile(String relative) {
        return schemaDirectory.resolve(relative);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(file + " cannot be read", e);
        }
    }

    /** Compiles version 1 of Member, which must pass, and returns its schema file's text. */
    private String compileMemberV1() {
        assertThat(compile(TestSource.of("example.Member", MEMBER_V1))).succeededWithoutWarnings();
        return read(schemaFile("example/Member.json"));
    }

    /** Compiles version 1 of Member, then {@code v2}, and checks that the failed build left the file alone. */
    private Compilation evolveMember(TestSource v2) {
        String before = compileMemberV1();
        Compilation compilation = compile(v2);
        assertThat(compilation).failed();
        assertThat(read(schemaFile("example/Member.json"))).isEqualTo(before);
        return compilation;
    }

    private static TestSource member(String text) {
        return TestSource.of("example.Member", text);
    }

    @Test
    void theFirstBuildWritesTheSchemaFileAtVersionOne() {
        String file = compileMemberV1();

        assertThat(file).contains("\"class\": \"example.Member\",\n  \"entity\": \"Member\",\n  \"version\": 1,\n"
                + "  \"layout\": \"MONOLITHIC\",\n  \"codec\": \"JSON\",\n");
        assertThat(file).contains("    {\"field\": \"id\", \"type\": \"long\", \"partition\": true, \"descending\": false}\n");
        assertThat(file).contains("    {\"name\": \"nick\", \"java\": \"nick\", \"type\": \"String\", \"number\": 3},\n");
        assertThat(file).contains("    {\"name\": \"home\", \"java\": \"home\", \"type\": \"embedded example.Member.Home\", "
                + "\"number\": 6}\n");
        assertThat(file).contains("\"example.Member.Home\": {\n      \"fields\": [\n        {\"name\": \"street\"");
        assertThat(file).contains("{\"name\": \"email\", \"signature\": \"unique(email:STRING)\"}");
        assertThat(file).contains("{\"name\": \"byPlan\", \"signature\": \"count(plan:STRING)\"}");
    }

    @Test
    void compatibleChangesPassKeepTheNumbersAndUpdateTheFileAndVersion() {
        compileMemberV1();
        TestSource v2 = member("""
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Field;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;

                @Entity
                @Counter(name = "byPlan", groupBy = "tier")
                @Counter(name = "byRegion", groupBy = "region")
                public record Member(
                        @Key long id,
                        @Index(unique = true) String email,
                        @Field(name = "plan") String tier,
                        @Embedded Home home,
                        long age,
                        @Index String region) {

                    public record Home(String city, String zip) {
                    }
                }
                """);

        Compilation compilation = compile(v2);

        assertThat(compilation).succeededWithoutWarnings();
        String file = read(schemaFile("example/Member.json"));
        assertThat(file).contains("  \"version\": 2,\n");
        assertThat(file).contains("""
                  "fields": [
                    {"name": "id", "java": "id", "type": "long", "number": 1},
                    {"name": "email", "java": "email", "type": "String", "number": 2},
                    {"name": "plan", "java": "tier", "type": "String", "number": 4},
                    {"name": "home", "java": "home", "type": "embedded example.Member.Home", "number": 6},
                    {"name": "age", "java": "age", "type": "long", "number": 5},
                    {"name": "region", "java": "region", "type": "String", "number": 7}
                  ],
                  "removed": [
                    {"name": "nick", "type": "String", "number": 3}
                  ],
                """);
        assertThat(file).contains("""
                        {"name": "city", "java": "city", "type": "String", "number": 2},
                        {"name": "zip", "java": "zip", "type": "String", "number": 3}
                      ],
                      "removed": [
                        {"name": "street", "type": "String", "number": 1}
                      ]
                """);
        assertThat(file).contains("{\"name\": \"region\", \"signature\": \"index(region:STRING)\"}");
        assertThat(file).contains("{\"name\": \"byRegion\", \"signature\": \"count(region:STRING)\"}");
        assertThat(compilation).generatedSourceFile("example.Member_KvMapping").contentsAsUtf8String()
                .contains("public int schemaVersion() {\n        return 2;\n    }");

        compile(v2);
        assertThat(read(schemaFile("example/Member.json"))).isEqualTo(file);
    }

    @Test
    void removingAnIndexAndACounterIsCompatibleAndDropsThemFromTheFile() {
        String first = compileMemberV1();
        TestSource v2 = member(MEMBER_V1
                .replace("import io.kvmapper.annotation.Counter;\n", "")
                .replace("import io.kvmapper.annotation.Index;\n", "")
                .replace("@Counter(name = \"byPlan\", groupBy = \"plan\")\n", "")
                .replace("@Index(unique = true) String email", "String email"));

        Compilation compilation = compile(v2);

        assertThat(compilation).succeededWithoutWarnings();
        String file = read(schemaFile("example/Member.json"));
        assertThat(file).contains("  \"version\": 2,\n");
        assertThat(file).contains("  \"indexes\": [],\n  \"counters\": []\n");
        assertThat(file).doesNotContain("byPlan");
        assertThat(file).doesNotContain("unique(email:STRING)");
        assertThat(file.substring(file.indexOf("  \"fields\""), file.indexOf("  \"indexes\"")))
                .isEqualTo(first.substring(first.indexOf("  \"fields\""), first.indexOf("  \"indexes\"")));
        assertThat(compilation).generatedSourceFile("example.MemberRepository").contentsAsUtf8String()
                .doesNotContain("findByEmail");
        assertThat(compilation).generatedSourceFile("example.MemberRepository").contentsAsUtf8String()
                .doesNotContain("countByPlan");

        compile(v2);
        assertThat(read(schemaFile("example/Member.json"))).isEqualTo(file);
    }

    @Test
    void aFieldThatComesBackGetsItsNumberAgainAndANewOneNeverTakesARemovedNumber() {
        TestSource v1 = TestSource.of("example.Reading", """
                package example;

                import io.kvmapper.annotation.Codec;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity(codec = Codec.PROTOBUF)
                public record Reading(@Key String sensor, double celsius, String note) {
                }
                """);
        TestSource v2 = TestSource.of("example.Reading", """
                package example;

                import io.kvmapper.annotation.Codec;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity(codec = Codec.PROTOBUF)
                public record Reading(@Key String sensor, String unit, double celsius) {
                }
                """);
        TestSource v3 = TestSource.of("example.Reading", """
                package example;

                import io.kvmapper.annotation.Codec;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity(codec = Codec.PROTOBUF)
                public record Reading(@Key String sensor, String note, String unit, double celsius) {
                }
                """);

        assertThat(compile(v1)).succeededWithoutWarnings();
        assertThat(compile(v2)).succeededWithoutWarnings();
        assertThat(read(schemaFile("example/Reading.json"))).contains("""
                    {"name": "unit", "java": "unit", "type": "String", "number": 4},
                    {"name": "celsius", "java": "celsius", "type": "double", "number": 2}
                  ],
                  "removed": [
                    {"name": "note", "type": "String", "number": 3}
                  ],
                """);
        Compilation compilation = compile(v3);

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(read(schemaFile("example/Reading.json"))).contains("""
                    {"name": "note", "java": "note", "type": "String", "number": 3},
                    {"name": "unit", "java": "unit", "type": "String", "number": 4},
                    {"name": "celsius", "java": "celsius", "type": "double", "number": 2}
                  ],
                  "removed": [],
                """);
        assertThat(compilation).generatedFile(javax.tools.StandardLocation.CLASS_OUTPUT,
                "META-INF/kvmapper/example/Reading.proto").contentsAsUtf8String().contains("optional string note = 3;");
    }

    @Test
    void anUnchangedEntityKeepsItsFileAndVersion() {
        String first = compileMemberV1();

        assertThat(compile(member(MEMBER_V1))).succeededWithoutWarnings();

        assertThat(read(schemaFile("example/Member.json"))).isEqualTo(first);
    }

    @Test
    void withoutASchemaDirectoryAnInMemorySourceIsNotCheckedAndANoteSaysWhy() {
        Compilation compilation = Compilations.compile(member(MEMBER_V1));

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).hadNoteContaining("schema evolution of example.Member is not checked, and no schema file "
                + "is written: its source example/Member.java is not a file; pass the processor option "
                + "-Akvmapper.schemaDir=<directory> to keep schema files there");
    }

    @Test
    void withoutTheOptionTheFileGoesBesideTheSourceRootOfTheEntitysSourceFile() throws IOException {
        Path project = schemaDirectory.resolve("project");
        Path source = project.resolve("src/main/java/example/Member.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, MEMBER_V1);

        Compilation compilation = Compilations.compiler().compile(JavaFileObjects.forResource(source.toUri().toURL()));

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(read(project.resolve("src/main/kvmapper/example/Member.json")))
                .contains("\"class\": \"example.Member\"");
    }

    @Test
    void aSourceFileOutsideADirectoryTreeOfItsPackageIsNotChecked() throws IOException {
        Path source = schemaDirectory.resolve("loose/Member.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, MEMBER_V1);

        Compilation compilation = Compilations.compiler().compile(JavaFileObjects.forResource(source.toUri().toURL()));

        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).hadNoteContaining("schema evolution of example.Member is not checked, and no schema file "
                + "is written: its source file " + source + " is not in a source directory tree that follows its package");
    }

    @Test
    void aChangedStoredNameIsRejected() {
        TestSource v2 = member(MEMBER_V1.replace("@Entity\n", "@Entity(name = \"Person\")\n"));

        Compilation compilation = evolveMember(v2);

        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Entity Member: its stored name was \"Member\" and is \"Person\" "
                        + "now; the records stored under the old name would be invisible to the new code. Revert the "
                        + "name; to move the records, keep this class under the old name, declare a new entity class "
                        + "with the new name and copy the records, or, for a store you can rebuild from scratch, delete "
                        + "the schema file " + schemaFile("example/Member.json") + " to start a new history")
                .inFile(v2.file()).onLine(v2.line("@Entity(name")).atColumn(v2.column("(name = \"Person\")", "\""));
    }

    @Test
    void aChangedLayoutOrCodecIsRejected() {
        TestSource v2 = member(MEMBER_V1.replace("@Entity\n", "@Entity(codec = Codec.PROTOBUF)\n")
                .replace("import io.kvmapper.annotation.Counter;", "import io.kvmapper.annotation.Codec;\n"
                        + "import io.kvmapper.annotation.Counter;"));

        Compilation compilation = evolveMember(v2);

        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Entity Member: its codec was JSON and is PROTOBUF now; stored "
                        + "records are not converted, so the new code would read them as corrupt. Revert the codec; to "
                        + "change it, store the entity under a new @Entity(name) and copy the records, or, for a store "
                        + "you can rebuild from scratch, delete the schema file " + schemaFile("example/Member.json")
                        + " to start a new history")
                .inFile(v2.file()).onLine(v2.line("@Entity(codec")).atColumn(v2.column("Codec.PROTOBUF)", "."));

        TestSource v3 = member(MEMBER_V1.replace("@Entity\n", "@Entity(layout = Layout.ATTRIBUTE_PER_KEY)\n")
                .replace("import io.kvmapper.annotation.Key;", "import io.kvmapper.annotation.Key;\n"
                        + "import io.kvmapper.annotation.Layout;"));
        compilation = compile(v3);

        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Entity Member: its layout was MONOLITHIC and is ATTRIBUTE_PER_KEY "
                        + "now; stored records are not converted")
                .inFile(v3.file()).onLine(v3.line("@Entity(layout")).atColumn(v3.column("Layout.ATTRIBUTE_PER_KEY)", "."));
    }

    @Test
    void aKeyWithAnotherNumberOfComponentsIsRejected() {
        TestSource v2 = member(MEMBER_V1.replace("@Index(unique = true) String email", "@Key String email"));

        Compilation compilation = evolveMember(v2);

        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Entity Member: its key had 1 component(s) (\"id\" long, partition, "
                        + "ascending) and has 2 now (\"id\" long, partition, ascending; \"email\" String, ascending); "
                        + "records are found by their key, so the new code would not find the stored ones. Revert the "
                        + "key; to change it, store the entity under a new @Entity(name) and copy the records, or, for a "
                        + "store you can rebuild from scratch, delete the schema file "
                        + schemaFile("example/Member.json") + " to start a new history")
                .inFile(v2.file()).onLine(v2.line("@Entity")).atColumn(1);
    }

    @Test
    void aKeyComponentOfAnotherTypeOrOrderIsRejected() {
        TestSource v2 = member(MEMBER_V1.replace("@Key long id", "@Key(descending = true) String id"));

        Compilation compilation = evolveMember(v2);

        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Key field 'id': key component 1 was \"id\" long, partition, "
                        + "ascending and is \"id\" String, partition, descending now; records are found by their key, so "
                        + "the new code would not find the stored ones. Revert the component; to change it, store the "
                        + "entity under a new @Entity(name) and copy the records, or, for a store you can rebuild from "
                        + "scratch, delete the schema file " + schemaFile("example/Member.json")
                        + " to start a new history")
                .inFile(v2.file()).onLine(v2.line("String id,")).atColumn(v2.column("@Key(descending", "@"));
    }

    @Test
    void aFieldTypeStoredValuesCannotBeReadAsIsRejected() {
        TestSource v2 = member(MEMBER_V1.replace("int age", "String age")
                .replace("String street, String city", "String street, long city"));

        Compilation compilation = evolveMember(v2);

        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("field 'age' has type String, but the schema file records type int "
                        + "for its stored name \"age\"; stored values are not converted (the one change they survive is "
                        + "widening an integer type: byte to short to int to long, or Byte to Short to Integer to Long). "
                        + "Revert the type, or store the field under a new name (rename it, or give it another "
                        + "@Field(name)): the old field is then removed, and the new one reads as empty from stored "
                        + "records")
                .inFile(v2.file()).onLine(v2.line("String age,")).atColumn(v2.column("String age", "age"));
        assertThat(compilation).hadErrorContaining("field 'city' has type long, but the schema file records type String "
                        + "for its stored name \"city\";")
                .inFile(v2.file()).onLine(v2.line("long city")).atColumn(v2.column("long city", "city"));
    }

    @Test
    void aRemovedFieldThatComesBackWithAnotherTypeIsRejected() {
        compileMemberV1();
        assertThat(compile(member(MEMBER_V1.replace("        String nick,\n", "")))).succeededWithoutWarnings();
        TestSource v3 = member(MEMBER_V1.replace("String nick", "long nick"));

        Compilation compilation = compile(v3);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("field 'nick' has type long, but the schema file records type String "
                        + "for its stored name \"nick\" (a removed field, whose values stored records may still hold);")
                .inFile(v3.file()).onLine(v3.line("long nick")).atColumn(v3.column("long nick", "nick"));
    }

    @Test
    void widenedIntegersAndTheirIndexesAndCountersAreCompatible() {
        TestSource v1 = TestSource.of("example.Score", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;
                import java.util.List;
                import java.util.Map;

                @Entity
                @Counter(name = "pointsByLevel", groupBy = "level", sum = "points")
                public record Score(@Key long id, @Index short level, int points, List<Byte> marks,
                        Map<Integer, Integer> bonus) {
                }
                """);
        TestSource v2 = TestSource.of("example.Score", """
                package example;

                import io.kvmapper.annotation.Counter;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Index;
                import io.kvmapper.annotation.Key;
                import java.util.List;
                import java.util.Map;

                @Entity
                @Counter(name = "pointsByLevel", groupBy = "level", sum = "points")
                public record Score(@Key long id, @Index int level, long points, List<Integer> marks,
                        Map<Long, Long> bonus) {
                }
                """);

        assertThat(compile(v1)).succeededWithoutWarnings();
        assertThat(compile(v2)).succeededWithoutWarnings();

        assertThat(read(schemaFile("example/Score.json"))).contains(
                "{\"name\": \"marks\", \"java\": \"marks\", \"type\": \"List<Integer>\", \"number\": 4}");
    }

    @Test
    void anIntegerNarrowedOrMadeNullableIsRejected() {
        TestSource v2 = member(MEMBER_V1.replace("int age", "Integer age"));

        Compilation compilation = evolveMember(v2);

        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("field 'age' has type Integer, but the schema file records type int");
    }

    @Test
    void aChangedFieldNumberIsRejected() {
        TestSource v1 = product("@Field(number = 2) String title", "long priceCents");
        TestSource v2 = product("@Field(number = 9) String title", "long priceCents");

        assertThat(compile(v1)).succeededWithoutWarnings();
        Compilation compilation = compile(v2);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("field 'title' has @Field number 9, but the schema file records "
                        + "number 2 for its stored name \"title\"; stored Protobuf values hold field numbers, so a field's "
                        + "number never changes. State 2, or leave the number out to keep it")
                .inFile(v2.file()).onLine(v2.line("String title")).atColumn(v2.column("(number = 9)", "9"));
    }

    @Test
    void aNumberOfARemovedFieldIsNotReused() {
        TestSource v1 = product("String title", "long priceCents");
        TestSource v2 = product("long priceCents", "@Field(number = 2) String label");

        assertThat(compile(v1)).succeededWithoutWarnings();
        Compilation compilation = compile(v2);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("field 'label' has @Field number 2, which the removed field "
                        + "\"title\" had; stored Protobuf values may still hold that field under it, so the number stays "
                        + "reserved. Choose another number, or leave it out to have an unused one assigned; if 'label' is "
                        + "meant to bring \"title\" back, give it @Field(name = \"title\") (and its old type) instead")
                .inFile(v2.file()).onLine(v2.line("String label")).atColumn(v2.column("(number = 2)", "2"));
    }

    @Test
    void aNumberTheFileRecordsForAnotherFieldIsNotTaken() {
        TestSource v1 = product("String title", "long priceCents");
        TestSource v2 = product("String title;\n    long priceCents", "@Field(number = 3) String label");

        assertThat(compile(v1)).succeededWithoutWarnings();
        Compilation compilation = compile(v2);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("field 'label' has @Field number 3, which the schema file records for "
                        + "field 'priceCents' (stored as \"priceCents\"), and a field's number never changes; choose "
                        + "another number, or leave it out to have an unused one assigned")
                .inFile(v2.file()).onLine(v2.line("String label")).atColumn(v2.column("(number = 3)", "3"));
    }

    private static TestSource product(String first, String second) {
        return TestSource.of("example.Product", """
                package example;

                import io.kvmapper.annotation.Codec;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Field;
                import io.kvmapper.annotation.Key;

                @Entity(codec = Codec.PROTOBUF)
                public class Product {
                    @Key String sku;
                    %s;
                    %s;
                }
                """.formatted(first, second));
    }

    @Test
    void anIndexRedefinedUnderItsNameIsRejected() {
        TestSource v2 = member(MEMBER_V1.replace("@Index(unique = true) String email", "@Index String email"));

        Compilation compilation = evolveMember(v2);

        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Index \"email\" was unique(email:STRING) and is index(email:STRING) "
                        + "now; an index redefined under its old name is unusable until the store has rebuilt it, and "
                        + "code still running the old definition would keep writing its entries. Give the changed index "
                        + "a new name (the old one is dropped, and the new one built online from the stored records), or "
                        + "revert it")
                .inFile(v2.file()).onLine(v2.line("String email")).atColumn(v2.column("@Index String email", "@"));
    }

    @Test
    void aClassLevelIndexRedefinedUnderItsNameIsRejected() {
        TestSource v1 = member(MEMBER_V1.replace("@Counter(name = \"byPlan\"",
                "@Index(name = \"place\", fields = {\"home.city\", \"plan\"})\n@Counter(name = \"byPlan\""));
        TestSource v2 = member(MEMBER_V1.replace("@Counter(name = \"byPlan\"",
                "@Index(name = \"place\", fields = {\"home.street\", \"plan\"})\n@Counter(name = \"byPlan\""));

        assertThat(compile(v1)).succeededWithoutWarnings();
        Compilation compilation = compile(v2);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Index \"place\" was index(home.city:STRING,plan:STRING) and is "
                        + "index(home.street:STRING,plan:STRING) now;")
                .inFile(v2.file()).onLine(v2.line("@Index(name = \"place\"")).atColumn(1);
    }

    @Test
    void aCounterRedefinedUnderItsNameIsRejected() {
        TestSource v2 = member(MEMBER_V1.replace("groupBy = \"plan\")", "groupBy = \"home.city\")"));

        Compilation compilation = evolveMember(v2);

        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("@Counter \"byPlan\" was count(plan:STRING) and is "
                        + "count(home.city:STRING) now; a counter redefined under its old name is unusable until the "
                        + "store has rebuilt it, and code still running the old definition would keep adding to its "
                        + "figures. Give the changed counter a new name (the old one is dropped, and the new one built "
                        + "online from the stored records), or revert it")
                .inFile(v2.file()).onLine(v2.line("@Counter")).atColumn(1);
    }

    @Test
    void aSchemaFileThatCannotBeReadIsReported() throws IOException {
        Path file = schemaFile("example/Member.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"format\": 1, \"class\": \"example.Member\"}");
        TestSource member = member(MEMBER_V1);

        Compilation compilation = compile(member);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("the schema file " + file + " of Member cannot be read: the file has no "
                        + "array \"key\"; restore it from version control, or delete it to start a new schema history")
                .inFile(member.file()).onLine(member.line("public record Member"));
    }

    @Test
    void aSchemaFileThatCannotBeWrittenIsReported() throws IOException {
        Files.writeString(schemaDirectory.resolve("example"), "a file where the package directory should be");
        TestSource member = member(MEMBER_V1);

        Compilation compilation = compile(member);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("the schema file " + schemaFile("example/Member.json") + " of Member "
                        + "cannot be written: ")
                .inFile(member.file()).onLine(member.line("public record Member"));
    }

    @Test
    void theSchemaFileFormatNamesEveryLayoutAndCodec() {
        assertThat(SchemaDocument.LAYOUTS).containsExactlyElementsIn(Arrays.stream(Layout.values()).map(Enum::name)
                .toList()).inOrder();
        assertThat(SchemaDocument.CODECS).containsExactlyElementsIn(Arrays.stream(Codec.values()).map(Enum::name)
                .toList()).inOrder();
        assertThat(SchemaDocument.CODECS).contains(SchemaDocument.PROTOBUF);
    }
}
