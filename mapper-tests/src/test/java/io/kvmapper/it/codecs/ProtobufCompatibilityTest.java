package io.kvmapper.it.codecs;

import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvTransaction;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.KvStore;
import io.kvmapper.SchemaMismatchException;
import io.kvmapper.Transaction;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.layout.MetaKinds;
import io.kvmapper.it.StoredValues;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Protobuf values across code versions and against damage: code reads values written by a later
 * version (skipping the fields it does not know) and by an earlier one (the new fields empty); code whose
 * field type changed is refused by the store's schema check, and where no schema is recorded, a value of
 * the old type, truncated bytes and garbage are reported as corrupt data naming entity and key, never
 * read as something else.
 */
class ProtobufCompatibilityTest {
    @TempDir
    Path dir;

    private KvStore open() {
        return RocksKvStore.open(dir.resolve("store"));
    }

    @Test
    void olderCodeReadsValuesOfANewerVersionSkippingTheFieldsItDoesNotKnow() {
        try (KvStore store = open()) {
            new GadgetV2Repository(store).save(new GadgetV2(1, "lamp", 3, List.of("desk", "led"),
                    new Point(1.5, -2, "corner"), Map.of("shop", Instant.parse("2026-11-24T10:15:30.5Z")), 0.25));
        }
        try (KvStore store = open()) {
            assertEquals(new GadgetV1(1, "lamp", 3), new GadgetV1Repository(store).findById(1).orElseThrow());
        }
    }

    @Test
    void newerCodeReadsValuesOfAnOlderVersionWithItsNewFieldsEmpty() {
        try (KvStore store = open()) {
            new GadgetV1Repository(store).save(new GadgetV1(2, "fan", -1));
        }
        try (KvStore store = open()) {
            assertEquals(new GadgetV2(2, "fan", -1, List.of(), null, Map.of(), 0),
                    new GadgetV2Repository(store).findById(2).orElseThrow());
        }
    }

    @Test
    void codeWhoseFieldTypeChangedIsRefusedBeforeItReadsAnything() {
        try (KvStore store = open()) {
            new GadgetV1Repository(store).save(new GadgetV1(3, "kettle", 7));
        }
        try (KvStore store = open()) {
            SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> new GadgetV3Repository(store));
            assertTrue(e.getMessage().startsWith("Gadget: the stored schema does not match the code: field \"count\" "
                    + "is stored as int, and the code reads it as String."), e.getMessage());
        }
    }

    /**
     * The codec's own guard, for a store that holds no schema of the entity (written before stores recorded
     * schemas, or with its schema entry removed): the value is corrupt data, never misread.
     */
    @Test
    void aValueWhoseFieldTypeChangedIsReportedNotMisread() {
        try (KvStore store = open()) {
            new GadgetV1Repository(store).save(new GadgetV1(3, "kettle", 7));
        }
        try (KvStore store = open()) {
            store.transact(tx -> {
                tx.unwrap(KvTransaction.class).delete(new KeyLayout("Gadget", 1).metaKey(MetaKinds.SCHEMA, MetaKinds.SCHEMA_NAME));
            });
            CorruptDataException e = assertThrows(CorruptDataException.class,
                    () -> new GadgetV3Repository(store).findById(3));
            assertTrue(e.getMessage().startsWith("Gadget ((\"Gadget\", \"r\", 3))"), e.getMessage());
            assertTrue(e.getMessage().contains("field 3 has wire type varint, expected length-delimited"),
                    e.getMessage());
        }
    }

    @Test
    void truncatedValuesAreCorruptData() {
        try (KvStore store = open()) {
            GadgetV2Repository gadgets = new GadgetV2Repository(store);
            gadgets.save(new GadgetV2(4, "clock", 12, List.of("wall"), new Point(0, 1, "x"), Map.of(), 1));
            byte[] key = GadgetV2_KvMapping.key(4);
            byte[] value = store.unwrap(KvBackend.class).get(key);
            for (int length = 2; length < value.length; length++) {
                overwrite(store, key, Arrays.copyOf(value, length));
                int cut = length;
                try {
                    GadgetV2 read = gadgets.findById(4).orElseThrow();
                    assertEquals(4, read.id(), "a value cut to " + cut + " bytes decoded into another key");
                } catch (CorruptDataException expected) {
                    assertTrue(expected.getMessage().startsWith("Gadget ((\"Gadget\", \"r\", 4))"),
                            expected.getMessage());
                }
            }
            overwrite(store, key, Arrays.copyOf(value, value.length - 1));
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> gadgets.findById(4));
            assertTrue(e.getMessage().contains("integrity check fails"), e.getMessage());
            // a value written before values had a check: the Protobuf reader sees the cut
            byte[] unchecked = StoredValues.body(value);
            overwrite(store, key, Arrays.copyOf(unchecked, unchecked.length - 1));
            CorruptDataException legacy = assertThrows(CorruptDataException.class, () -> gadgets.findById(4));
            assertTrue(legacy.getMessage().contains("truncated"), legacy.getMessage());
        }
    }

    @Test
    void randomGarbageNeverDecodesSilentlyIntoAnotherEntity() {
        Random random = new Random(3);
        try (KvStore store = open()) {
            GadgetV2Repository gadgets = new GadgetV2Repository(store);
            gadgets.save(new GadgetV2(5, "radio", 1, List.of(), null, Map.of(), 0));
            byte[] key = GadgetV2_KvMapping.key(5);
            for (int i = 0; i < 500; i++) {
                byte[] garbage = new byte[2 + random.nextInt(40)];
                random.nextBytes(garbage);
                garbage[0] = 'P';
                garbage[1] = 1;
                overwrite(store, key, garbage);
                try {
                    assertEquals(5, gadgets.findById(5).orElseThrow().id(), "garbage decoded into another key");
                } catch (CorruptDataException expected) {
                    assertTrue(expected.getMessage().startsWith("Gadget ((\"Gadget\", \"r\", 5))"),
                            expected.getMessage());
                }
            }
        }
    }

    @Test
    void aJsonValueIsNotReadAsProtobuf() {
        try (KvStore store = open()) {
            byte[] key = GadgetV1_KvMapping.key(6);
            overwrite(store, key, "J\u0001{\"id\":6}".getBytes(StandardCharsets.ISO_8859_1));
            CorruptDataException e = assertThrows(CorruptDataException.class,
                    () -> new GadgetV1Repository(store).findById(6));
            assertTrue(e.getMessage().contains("expected a value written by the Protobuf codec"), e.getMessage());
        }
    }

    private static void overwrite(KvStore store, byte[] key, byte[] bytes) {
        store.transact(tx -> {
            tx.unwrap(KvTransaction.class).put(key, bytes);
        });
    }
}
