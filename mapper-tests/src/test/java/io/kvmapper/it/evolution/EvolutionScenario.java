package io.kvmapper.it.evolution;

import io.kvmapper.spi.KvBackend;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.SchemaMismatchException;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.layout.MetaKinds;
import io.kvmapper.it.StoredValues;
import io.kvmapper.it.TestStores;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One stored entity through three code versions, each run against the same store, reopened between
 * versions: version 1 writes; version 2 (a field removed, one renamed through {@code @Field(name)} and
 * indexed, an integer widened, a field added with an index, a counter added) reads what version 1 wrote
 * and sees its values, indexes and counters, the new ones built online; version 3 (the key's type
 * changed) is refused with {@link SchemaMismatchException} and changes nothing. Each subclass runs it for
 * one codec and layout, through that family's generated repositories.
 */
abstract class EvolutionScenario {
    private static final int COUNT = 30;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    /** A subscriber as version 2 of any family sees it. */
    record Seen(long id, String email, String tier, long age, Address address, List<String> tags, String region) {
    }

    /** Version 2's repository, seen through {@link Seen}. */
    interface Version2 {
        Optional<Seen> find(long id);

        List<Long> idsByTier(String tier);

        List<Long> idsByRegion(String region);

        Optional<Long> idByEmail(String email);

        long countByTier(String tier);

        Map<String, Long> countsByTier();

        long total();

        void save(Seen subscriber);
    }

    /** The stored entity name of the family. */
    abstract String entity();

    /** Saves a subscriber through version 1's repository. */
    abstract void saveV1(KvStore store, long id, String email, String nick, String plan, int age, Address address,
            List<String> tags);

    /** Creates version 1's repository, which checks the store's schema. */
    abstract void openV1(KvStore store);

    /** Creates version 2's repository. */
    abstract Version2 openV2(KvStore store);

    /** Creates version 3's repository. */
    abstract void openV3(KvStore store);

    private KvStore open() {
        return TestStores.open(dir);
    }

    private static String planOf(long id) {
        return id % 3 == 0 ? "gold" : "basic";
    }

    private static Address addressOf(long id) {
        return new Address(id + " Main Street", id % 2 == 0 ? "Oslo" : "Lima");
    }

    private void writeVersion1() {
        try (KvStore store = open()) {
            for (long id = 1; id <= COUNT; id++) {
                saveV1(store, id, "s" + id + "@example.com", "nick" + id, planOf(id), (int) (20 + id), addressOf(id),
                        List.of("t" + id, "all"));
            }
        }
    }

    @Test
    void version2ReadsWhatVersion1WroteWithItsIndexesAndCounters() {
        writeVersion1();
        try (KvStore store = open()) {
            Version2 v2 = openV2(store);
            assertTrue(store.awaitSchemaBuilds(WAIT), "the new index and counter were not built in time");
            for (long id = 1; id <= COUNT; id++) {
                assertEquals(new Seen(id, "s" + id + "@example.com", planOf(id), 20 + id, addressOf(id),
                        List.of("t" + id, "all"), null), v2.find(id).orElseThrow());
            }
            List<Long> gold = LongStream.rangeClosed(1, COUNT).filter(id -> id % 3 == 0).boxed().toList();
            assertEquals(gold, v2.idsByTier("gold"), "the index on the renamed field, built from version 1's records");
            assertEquals(Map.of("basic", 20L, "gold", 10L), v2.countsByTier(), "the added counter, built online");
            assertEquals(COUNT, v2.total(), "the counter both versions have");
            assertEquals(Optional.of(7L), v2.idByEmail("s7@example.com"), "the index both versions have");
            assertEquals(List.of(), v2.idsByRegion("north"));

            v2.save(new Seen(7, "s7@example.com", "gold", 5_000_000_000L, addressOf(7), List.of("t7"), "north"));
            v2.save(new Seen(100, "s100@example.com", "gold", 40, addressOf(100), List.of(), "north"));
            assertEquals(List.of(7L, 100L), v2.idsByRegion("north"));
        }
        try (KvStore store = open()) {
            Version2 v2 = openV2(store);
            assertEquals(new Seen(7, "s7@example.com", "gold", 5_000_000_000L, addressOf(7), List.of("t7"), "north"),
                    v2.find(7).orElseThrow(), "a widened field holds what its old type could not");
            assertEquals(12, v2.countByTier("gold"));
            assertEquals(19, v2.countByTier("basic"));
            assertEquals(COUNT + 1, v2.total());
            assertEquals(List.of(7L, 100L), v2.idsByRegion("north"));
            assertEquals(2, headerVersion(store, 7), "the value header records the schema version that wrote it");
            assertEquals(1, headerVersion(store, 8));
            assertFalse(mentions(store, 7, "nick7"), "rewriting a record drops its removed field");
            assertTrue(mentions(store, 8, "nick8"), "a record version 2 never rewrote keeps its removed field, unread");
        }
    }

    @Test
    void version3WithAnotherKeyTypeIsRefusedAndChangesNothing() {
        writeVersion1();
        try (KvStore store = open()) {
            openV2(store);
            assertTrue(store.awaitSchemaBuilds(WAIT));
        }
        try (KvStore store = open()) {
            List<KeyValue> before = everything(store);
            SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> openV3(store));
            assertTrue(e.getMessage().startsWith(entity() + ": the stored schema does not match the code: key "
                    + "component 1 is \"id\" long, partition, ascending in the store and \"id\" String, partition, "
                    + "ascending in the code"), e.getMessage());
            assertTrue(e.getMessage().contains("The store was last opened with schema version 2 of "
                    + "io.kvmapper.it.evolution." + entity() + "V2"), e.getMessage());
            assertSameItems(before, everything(store));
            assertThrows(SchemaMismatchException.class, () -> openV3(store), "refused again, not half-recorded");
        }
        try (KvStore store = open()) {
            Version2 v2 = openV2(store);
            assertEquals(COUNT, v2.total());
            assertEquals("gold", v2.find(3).orElseThrow().tier());
        }
    }

    @Test
    void olderCodeThatWouldNarrowAWidenedFieldIsRefused() {
        writeVersion1();
        try (KvStore store = open()) {
            openV2(store);
            assertTrue(store.awaitSchemaBuilds(WAIT));
        }
        try (KvStore store = open()) {
            SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> openV1(store));
            assertTrue(e.getMessage().startsWith(entity() + ": the stored schema does not match the code: field "
                    + "\"age\" is stored as long, and the code reads it as int."), e.getMessage());
        }
    }

    @Test
    void theStoreRecordsTheSchemaItWasOpenedWith() {
        writeVersion1();
        try (KvStore store = open()) {
            assertEquals(1L, recordedSchema(store).get(0));
            openV2(store);
            List<Object> recorded = recordedSchema(store);
            assertEquals(2L, recorded.get(0));
            String json = (String) recorded.get(1);
            assertTrue(json.contains("\"class\":\"io.kvmapper.it.evolution." + entity() + "V2\""), json);
            assertTrue(json.contains("\"removed\":[{\"name\":\"nick\",\"type\":\"String\""), json);
            assertTrue(store.awaitSchemaBuilds(WAIT));
        }
    }

    private List<Object> recordedSchema(KvStore store) {
        byte[] value = store.unwrap(KvBackend.class).get(new KeyLayout(entity(), 1).metaKey(MetaKinds.SCHEMA,
                MetaKinds.SCHEMA_NAME));
        return Tuples.decode(value);
    }

    /**
     * The schema version in the header of the record {@code id}: its value in the monolithic layout, its
     * head in the attribute-per-key layout; a codec byte, then the version as a varint (one byte here).
     */
    private int headerVersion(KvStore store, long id) {
        byte[] head = store.unwrap(KvBackend.class).get(Tuples.encode(List.of(entity(), "r", id)));
        return StoredValues.body(head)[1];
    }

    /** Whether any key or value of the record {@code id} holds {@code text} in UTF-8. */
    private boolean mentions(KvStore store, long id, String text) {
        byte[] record = Tuples.encode(List.of(entity(), "r", id));
        String needle = new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        try (KvCursor cursor = store.unwrap(KvBackend.class).scan(KeyRange.tuplePrefix(record), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                if (new String(item.key(), StandardCharsets.ISO_8859_1).contains(needle)
                        || new String(item.value(), StandardCharsets.ISO_8859_1).contains(needle)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Every item of {@code store}, in scan order. */
    static List<KeyValue> everything(KvStore store) {
        List<KeyValue> items = new ArrayList<>();
        try (KvCursor cursor = store.unwrap(KvBackend.class).scan(new KeyRange(new byte[0], new byte[] {(byte) 0xFF}),
                ScanOptions.FORWARD)) {
            cursor.forEachRemaining(items::add);
        }
        return items;
    }

    /** Asserts that {@code actual} holds exactly the keys and values of {@code expected}, in its order. */
    static void assertSameItems(List<KeyValue> expected, List<KeyValue> actual) {
        assertEquals(expected.size(), actual.size(), "the number of items in the store changed");
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.get(i).key(), actual.get(i).key(),
                    "key " + Tuples.toString(expected.get(i).key()));
            assertArrayEquals(expected.get(i).value(), actual.get(i).value(),
                    "value of " + Tuples.toString(expected.get(i).key()));
        }
    }
}
