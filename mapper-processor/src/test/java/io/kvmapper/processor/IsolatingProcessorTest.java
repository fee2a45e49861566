package io.kvmapper.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The processor is isolating for Gradle's incremental compilation: every generated file comes from
 * exactly one entity, nothing aggregates several entities, and the processor says so in the
 * registration files of its jar.
 */
class IsolatingProcessorTest {

    @Test
    void everyGeneratedFileHasExactlyItsEntityAsOriginatingElement() {
        TestSource customer = TestSource.of("example.Customer", """
                package example;

                import io.kvmapper.annotation.Embedded;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public record Customer(@Key long id, @Embedded Address address) {
                    public record Address(String city) {
                    }
                }
                """);
        TestSource invoice = TestSource.of("example.Invoice", """
                package example;

                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity
                public class Invoice {
                    @Key long customer;
                    @Key long number;
                }
                """);
        RecordingProcessor processor = new RecordingProcessor();

        Compilations.compiler(processor).compile(customer.file(), invoice.file());

        List<String> files = new ArrayList<>();
        for (RecordingProcessor.CreatedFile file : processor.created()) {
            files.add(file.name());
            assertWithMessage("kind of %s", file.name()).that(file.kind()).isEqualTo("source");
            String entity = file.name().startsWith("example.Customer") ? "example.Customer" : "example.Invoice";
            assertWithMessage("originating elements of %s", file.name())
                    .that(file.originatingElements()).containsExactly(entity);
        }
        assertThat(files).containsExactly(
                "example.CustomerRepository", "example.Customer_KvMapping", "example.Customer_KvJsonCodec",
                "example.InvoiceRepository", "example.Invoice_KvMapping", "example.Invoice_KvJsonCodec");
    }

    /** A Protobuf entity gets a Protobuf codec instead of the JSON one, and its exported .proto file. */
    @Test
    void protobufEntityFilesAndItsProtoFileHaveTheEntityAsOriginatingElement() {
        TestSource product = TestSource.of("example.Product", """
                package example;

                import io.kvmapper.annotation.Codec;
                import io.kvmapper.annotation.Entity;
                import io.kvmapper.annotation.Key;

                @Entity(codec = Codec.PROTOBUF)
                public record Product(@Key String sku, long priceCents) {
                }
                """);
        RecordingProcessor processor = new RecordingProcessor();

        Compilations.compiler(processor).compile(product.file());

        List<String> files = new ArrayList<>();
        for (RecordingProcessor.CreatedFile file : processor.created()) {
            files.add(file.kind() + " " + file.name());
            assertWithMessage("originating elements of %s", file.name())
                    .that(file.originatingElements()).containsExactly("example.Product");
        }
        assertThat(files).containsExactly("source example.ProductRepository", "source example.Product_KvMapping",
                "source example.Product_KvProtoCodec", "resource META-INF/kvmapper/example/Product.proto");
    }

    @Test
    void processorIsDeclaredIsolatingForGradle() throws IOException {
        assertThat(resourceTexts("META-INF/gradle/incremental.annotation.processors"))
                .contains("io.kvmapper.processor.KvMapperProcessor,isolating\n");
    }

    @Test
    void processorIsRegisteredAsAServiceByAutoService() throws IOException {
        List<String> registrations = resourceTexts("META-INF/services/javax.annotation.processing.Processor");

        assertThat(String.join("", registrations).lines().toList())
                .contains("io.kvmapper.processor.KvMapperProcessor");
    }

    private static List<String> resourceTexts(String name) throws IOException {
        List<String> texts = new ArrayList<>();
        for (URL url : Collections.list(getClassLoader().getResources(name))) {
            try (InputStream in = url.openStream()) {
                texts.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return texts;
    }

    private static ClassLoader getClassLoader() {
        return KvMapperProcessor.class.getClassLoader();
    }
}
