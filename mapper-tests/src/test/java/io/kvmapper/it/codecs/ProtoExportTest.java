package io.kvmapper.it.codecs;

import io.kvmapper.spi.KvBackend;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import io.kvmapper.KvStore;
import io.kvmapper.it.StoredValues;
import io.kvmapper.rocksdb.RocksKvStore;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code .proto} file the processor exports lets another program decode stored values: protoc (the
 * compiler every Protobuf language uses, the same version as protobuf-java) compiles it to a
 * descriptor, and {@link DynamicMessage} with that descriptor decodes the bytes read straight from
 * RocksDB, after the value header. Each field is then turned into Java by the documented mapping
 * ({@link DynamicDecoder}, which does not use KV Mapper's runtime) and compared with the entity saved.
 */
class ProtoExportTest {
    private static final String PROTO = "META-INF/kvmapper/io/kvmapper/it/codecs/ProtoAllTypes.proto";

    @TempDir
    Path dir;

    @Test
    void storedValuesDecodeWithADescriptorFromTheExportedProto() throws IOException {
        Descriptor descriptor = compile(PROTO).findMessageTypeByName("ProtoAllTypes");
        assertNotNull(descriptor, "the exported file declares message ProtoAllTypes");
        RandomValues values = new RandomValues(new Random(11), false);
        DeepEquality equality = new DeepEquality(DeepEquality.Nulls.READ_AS_EMPTY);
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            ProtoAllTypesRepository repository = new ProtoAllTypesRepository(store);
            for (int i = 0; i < 100; i++) {
                ProtoAllTypes entity = (ProtoAllTypes) CodecRoundTripPropertyTest.AllTypes.withId(
                        values.record(ProtoAllTypes.class), new UUID(11, i));
                repository.save(entity);
                byte[] stored = store.unwrap(KvBackend.class).get(ProtoAllTypes_KvMapping.key(entity.id()));
                byte[] message = withoutHeader(stored);

                DynamicMessage decoded = DynamicMessage.parseFrom(descriptor, message);

                assertTrue(decoded.getUnknownFields().asMap().isEmpty(), "every field is declared: " + decoded);
                equality.assertSame(entity, DynamicDecoder.decode(decoded, ProtoAllTypes.class));
                assertArrayEquals(message, decoded.toByteArray(), "the stored bytes are the canonical encoding");
            }
        }
    }

    @Test
    void valueHeaderIsTheCodecByteThenTheSchemaVersion() {
        try (KvStore store = RocksKvStore.open(dir.resolve("store"))) {
            ProtoAllTypes entity = CodecRoundTripPropertyTest.AllTypes.with(ProtoAllTypes.class, new UUID(3, 3),
                    Map.of("anInt", -2));
            new ProtoAllTypesRepository(store).save(entity);
            byte[] stored = store.unwrap(KvBackend.class).get(ProtoAllTypes_KvMapping.key(entity.id()));
            // the integrity check: 0xFF, then the CRC32C of the key and of what follows, big-endian
            byte[] body = Arrays.copyOfRange(stored, 5, stored.length);
            CRC32C crc = new CRC32C();
            crc.update(ProtoAllTypes_KvMapping.key(entity.id()));
            crc.update(body);
            assertEquals((byte) 0xFF, stored[0]);
            assertEquals((int) crc.getValue(), ByteBuffer.wrap(stored, 1, 4).getInt(), Arrays.toString(stored));
            // 'P', schema version 1; field 1 (the id): tag 0x0a, 16 bytes; field 5 (anInt): tag 0x28, zigzag(-2) = 3
            byte[] expected = {'P', 1, 0x0a, 16, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 3, 0x28, 3};
            assertArrayEquals(expected, body, Arrays.toString(stored));
        }
    }

    /**
     * The value after its integrity check and header: the codec byte, then the schema version as an unsigned
     * varint.
     */
    private static byte[] withoutHeader(byte[] value) {
        byte[] stored = StoredValues.body(value);
        assertEquals('P', stored[0], "a Protobuf value starts with 'P' after its check");
        int offset = 1;
        while ((stored[offset] & 0x80) != 0) {
            offset++;
        }
        return Arrays.copyOfRange(stored, offset + 1, stored.length);
    }

    /** Runs protoc on the exported file (a class path resource) and builds its descriptor. */
    private FileDescriptor compile(String resource) throws IOException {
        Path sources = dir.resolve("proto");
        Path includes = dir.resolve("include");
        copy(resource, sources.resolve(resource));
        copy("google/protobuf/timestamp.proto", includes.resolve("google/protobuf/timestamp.proto"));
        Path descriptorSet = dir.resolve("descriptors.pb");
        String protocPath = System.getProperty("protoc.path");
        assertNotNull(protocPath, "the build passes protoc's location as the system property protoc.path");
        Path protoc = Path.of(protocPath);
        assertTrue(Files.exists(protoc), protoc + " exists (the build copies it from Maven Central)");
        assertTrue(protoc.toFile().setExecutable(true), "protoc can be made executable");
        Process process = new ProcessBuilder(protoc.toString(), "-I" + sources, "-I" + includes, "--include_imports",
                "--descriptor_set_out=" + descriptorSet, resource)
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "protoc finished");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        assertEquals(0, process.exitValue(), "protoc rejected the exported file:\n" + output);
        FileDescriptorSet set = FileDescriptorSet.parseFrom(Files.readAllBytes(descriptorSet));
        Map<String, FileDescriptor> built = new HashMap<>();
        FileDescriptor last = null;
        for (FileDescriptorProto file : set.getFileList()) {
            List<FileDescriptor> dependencies = file.getDependencyList().stream().map(built::get).toList();
            try {
                last = FileDescriptor.buildFrom(file, dependencies.toArray(FileDescriptor[]::new));
            } catch (DescriptorValidationException e) {
                throw new AssertionError(file.getName() + ": " + e.getMessage(), e);
            }
            built.put(file.getName(), last);
        }
        return last;
    }

    private static void copy(String resource, Path target) throws IOException {
        try (InputStream in = ProtoExportTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, resource + " is on the test class path");
            Files.createDirectories(target.getParent());
            Files.copy(in, target);
        }
    }
}
