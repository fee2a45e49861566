package io.kvmapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.kvmapper.processor.Compilations.compile;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/**
 * Protobuf field numbers ({@code @Field(number)}: from 1 to 2^29 - 1, outside 19000-19999, unique within
 * a type), stored names a {@code .proto} file can hold, and {@code Optional} fields of a scalar or an
 * embedded object. Each rule breaks the compilation on the element and annotation value at fault.
 */
class ProtobufValidationTest {

    private static TestSource product(String codec, String fields) {
        return TestSource.of("example.Product", """
                package example;

                import io.kvmapper.annotation.Codec;
                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Field;
                import io.kvmapper.annotation.Key;
                import java.util.List;
                import java.util.Optional;

                @Entity(codec = Codec.%s)
                public class Product {
                    @Key String sku;
                %s
                }
                """.formatted(codec, fields));
    }

    @Test
    void fieldNumberOutsideTheProtobufRangeIsRejected() {
        TestSource product = product("PROTOBUF", """
                    @Field(number = 536870912) String title;
                    @Field(number = -3) long price;
                    @Field(number = 536870911) String last;
                """);

        Compilation compilation = compile(product);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("field 'title' has @Field number 536870912; a Protobuf field number "
                        + "is from 1 to 536870911 (2^29 - 1); choose one in that range, or leave the number out to have "
                        + "one assigned")
                .inFile(product.file()).onLine(product.line("String title;"))
                .atColumn(product.column("(number = 536870912)", "536870912"));
        assertThat(compilation).hadErrorContaining("field 'price' has @Field number -3")
                .inFile(product.file()).onLine(product.line("long price;"))
                .atColumn(product.column("(number = -3)", "-3"));
    }

    @Test
    void fieldNumberThatProtobufReservesIsRejected() {
        TestSource product = product("PROTOBUF", """
                    @Field(number = 19500) String title;
                """);

        Compilation compilation = compile(product);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("field 'title' has @Field number 19500, in 19000 to 19999, which "
                        + "Protobuf reserves for its own use; choose another number")
                .inFile(product.file()).onLine(product.line("String title;"))
                .atColumn(product.column("(number = 19500)", "19500"));
    }

    /** Numbers are checked in every stored type: here in an embedded class, reported there once per entity. */
    @Test
    void fieldNumberStatedTwiceInOneTypeIsRejected() {
        TestSource product = product("PROTOBUF", """
                    @Embedded Size size;

                    static class Size {
                        @Field(number = 2) int width;
                        @Field(number = 2) int height;
                    }
                """);

        Compilation compilation = compile(product);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("field 'height' has @Field number 2, like field 'width' of Size; "
                        + "give each field of a type its own number")
                .inFile(product.file()).onLine(product.line("int height;"))
                .atColumn(product.column("@Field(number = 2) int height", "2"));
    }

    /** A number stated on a JSON entity is checked the same way and kept for a later switch to Protobuf. */
    @Test
    void fieldNumbersAreCheckedOnJsonEntitiesToo() {
        TestSource valid = product("JSON", """
                    @Field(number = 9) String title;
                """);
        TestSource reserved = TestSource.of("example.Other", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Field;
                import io.kvmapper.annotation.Key;

                @Entity
                public record Other(@Key long id, @Field(number = 19000) String name) {
                }
                """);

        assertThat(compile(valid)).succeededWithoutWarnings();
        Compilation compilation = compile(reserved);
        assertThat(compilation).hadErrorCount(1);
        assertThat(compilation).hadErrorContaining("field 'name' has @Field number 19000, in 19000 to 19999")
                .inFile(reserved.file()).onLine(reserved.line("String name"));
    }

    @Test
    void storedNameThatIsNoProtobufFieldNameIsRejectedOnProtobufEntities() {
        String fields = """
                    @Field(name = "e-mail") String email;
                    String straße;
                """;
        TestSource protobuf = product("PROTOBUF", fields);
        TestSource json = product("JSON", fields);

        Compilation compilation = compile(protobuf);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("field 'email' is stored under the name \"e-mail\", which is not a "
                        + "Protobuf field name (ASCII letters, digits and underscores, not starting with a digit); "
                        + "Product uses Codec.PROTOBUF, so give the field a @Field(name) that is one")
                .inFile(protobuf.file()).onLine(protobuf.line("String email;"))
                .atColumn(protobuf.column("(name = \"e-mail\")", "\"e-mail\""));
        assertThat(compilation).hadErrorContaining("field 'straße' is stored under the name \"straße\"")
                .inFile(protobuf.file()).onLine(protobuf.line("String straße;"));
        assertThat(compile(json)).succeededWithoutWarnings();
    }

    @Test
    void optionalOfACollectionOrInsideOneIsRejected() {
        TestSource product = product("PROTOBUF", """
                    Optional<List<String>> tags;
                    List<Optional<String>> notes;
                    Optional<String> title;
                """);

        Compilation compilation = compile(product);

        assertThat(compilation).failed();
        assertThat(compilation).hadErrorCount(2);
        assertThat(compilation).hadErrorContaining("field 'tags' has type java.util.Optional<java.util.List<"
                        + "java.lang.String>>; an Optional holds a scalar or an @Embedded object and is the field's own "
                        + "type, never inside a collection, map or Optional; for a collection, store an empty one "
                        + "instead")
                .inFile(product.file()).onLine(product.line("Optional<List<String>> tags;"));
        assertThat(compilation).hadErrorContaining("field 'notes' has type java.util.List<java.util.Optional<"
                        + "java.lang.String>>; an Optional holds")
                .inFile(product.file()).onLine(product.line("List<Optional<String>> notes;"));
    }
}
