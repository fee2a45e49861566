package io.kvmapper.it.layout;

import static io.kvmapper.it.layout.Fixtures.list;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.Transaction;
import io.kvmapper.it.TestStores;
import io.kvmapper.internal.layout.RecordKeys;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.tuple.Tuples;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Items of an attribute-per-key record that do not form a valid record raise CorruptDataException
 * naming the entity and the record key, never a garbage object; verify() reports such a record and
 * checks the others. The bad bytes are written behind the repository's back.
 */
class AttributeCorruptDataTest {
    private static final byte[] KEY = Raw.recordKey("ApkProfile", 1L);
    private static final String NAMED = "ApkProfile ((\"ApkProfile\", \"r\", 1))";

    @TempDir
    Path dir;
    KvStore store;
    ApkProfileRepository profiles;

    @BeforeEach
    void open() {
        store = TestStores.open(dir);
        profiles = new ApkProfileRepository(store);
        for (long id = 0; id < 3; id++) {
            profiles.save(Fixtures.full(new ApkProfile(), id));
        }
    }

    @AfterEach
    void close() {
        store.close();
    }

    /** The key of an item of record 1 at {@code path}. */
    static byte[] item(Object... path) {
        return Tuples.encode(Stream.concat(Stream.of(List.of("ApkProfile", "r", 1L)), Arrays.stream(path)).toArray());
    }

    static byte[] bytes(int... values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] joined = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, joined, a.length, b.length);
        return joined;
    }

    static Consumer<Transaction> put(byte[] key, byte[] value) {
        return tx -> tx.unwrap(KvTransaction.class).put(key, value);
    }

    static Consumer<Transaction> delete(byte[] key) {
        return tx -> tx.unwrap(KvTransaction.class).delete(key);
    }

    static Arguments corruption(String name, String expected, Consumer<Transaction> damage) {
        return Arguments.of(name, expected, damage);
    }

    static Stream<Arguments> corruptions() {
        byte[] container = new byte[0];
        return Stream.of(
                corruption("items without a head", "not its head item", delete(KEY)),
                corruption("a head of another codec", "expected a value written by the attribute-per-key layout",
                        put(KEY, bytes('J', 1))),
                corruption("an empty head", "found an empty value", put(KEY, container)),
                corruption("a head with a truncated version", "truncated", put(KEY, bytes('A', 0x80))),
                corruption("a head with a payload", "more than a value header", put(KEY, bytes('A', 1, 0))),
                corruption("an unterminated string", "name", put(item("name"), bytes(0x02, 'A'))),
                corruption("a type code the tuple layer reserves", "name", put(item("name"), bytes(0x33))),
                corruption("a string where an int is", "score", put(item("score"), Tuples.encode("x"))),
                corruption("an integer too big for an int", "score", put(item("score"), Tuples.encode(1L << 40))),
                corruption("bytes after the value", "found more bytes after it",
                        put(item("name"), concat(Tuples.encode("a"), Tuples.encode(1)))),
                corruption("two values in one item", "found more bytes after it",
                        put(item("home", "city"), Tuples.encode("a", "b"))),
                corruption("an item below a scalar", "found an item below it", put(item("name", "x"), Tuples.encode("y"))),
                corruption("a container where a value is", "found a container", put(item("name"), container)),
                corruption("the null marker where a scalar field is", "found null", put(item("name"), bytes(0))),
                corruption("a value where a list is", "the start of an object or collection",
                        put(item("memo"), Tuples.encode("x"))),
                corruption("a list element without its list", "the start of an object or collection",
                        delete(item("tags"))),
                corruption("a list item without a position", "memo", put(item("memo", "bad"), Tuples.encode("x"))),
                corruption("a list item with half a position", "memo", put(item("memo", 1L), Tuples.encode("x"))),
                corruption("a set element with more path after it", "more path elements",
                        put(item("badges", 1L, "x"), container)),
                corruption("a set element carrying a value", "found a value",
                        put(item("badges", 99L), Tuples.encode("x"))),
                corruption("a map key of the wrong type", "grades", put(item("grades", 5L), Tuples.encode(1L))),
                corruption("an embedded field holding a value", "the start of an object or collection",
                        put(item("home", "building"), Tuples.encode(1L))),
                corruption("a list position whose minor is not base 62", "a list position",
                        put(item("tags", 0L, "!"), Tuples.encode("x"))),
                corruption("a list position whose minor ends in 0", "a list position",
                        put(item("tags", 0L, "V0"), Tuples.encode("x"))),
                corruption("a key that is not a tuple below the record", "unterminated",
                        put(concat(KEY, bytes(0x02, 'n', 'a')), Tuples.encode("x"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corruptions")
    void corruptItemsRaiseCorruptDataNamingEntityAndKey(String name, String expected, Consumer<Transaction> damage) {
        store.transact(damage);

        CorruptDataException e = assertThrows(CorruptDataException.class, () -> profiles.findById(1));
        assertTrue(e.getMessage().startsWith(NAMED), name + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(expected), name + ": " + e.getMessage());
        assertThrows(CorruptDataException.class, () -> profiles.findAllById(List.of(0L, 1L)));
        try (Stream<ApkProfile> all = profiles.findAll()) {
            // sorted: a scan across Cassandra's partitions comes in token order, not key order
            assertEquals(List.of(Fixtures.full(new ApkProfile(), 0), Fixtures.full(new ApkProfile(), 2)),
                    all.sorted(Comparator.comparingLong(profile -> profile.id)).toList(),
                    name + ": findAll goes on past the record it cannot decode");
        }
        assertEquals(Fixtures.full(new ApkProfile(), 0), profiles.findById(0).orElseThrow());
        assertEquals(Fixtures.full(new ApkProfile(), 2), profiles.findById(2).orElseThrow());

        IntegrityReport report = profiles.verify();
        assertFalse(report.isClean());
        assertEquals(3, report.recordsChecked(), name + ": verify went on after the corrupt record: " + report);
        assertTrue(report.problems().stream().anyMatch(p -> p.startsWith(NAMED) && p.contains(expected)),
                name + ": " + report);
        assertTrue(report.problems().stream().noneMatch(p -> p.contains("\"r\", 0)") || p.contains("\"r\", 2)")),
                name + ": the other records are sound: " + report);
    }

    @Test
    void aChangeOfACorruptRecordRaisesCorruptDataAndWritesNothing() {
        store.transact(put(item("memo", 7L), Tuples.encode("x")));
        store.transact(put(item("tags", 9L), Tuples.encode("x")));
        List<KeyValue> before = Raw.record(store, KEY);
        for (Runnable change : List.<Runnable>of(() -> profiles.appendNotes(1, "y"),
                () -> profiles.insertNotes(1, 0, "y"), () -> profiles.removeNotesAt(1, 0),
                () -> profiles.appendTags(1, "y"), () -> profiles.updateStatus(1, "y"))) {
            CorruptDataException e = assertThrows(CorruptDataException.class, change::run);
            assertTrue(e.getMessage().startsWith("ApkProfile") && e.getMessage().contains("(\"ApkProfile\", \"r\", 1)"),
                    e.getMessage());
        }
        assertEquals(Raw.hex(before), Raw.hex(Raw.record(store, KEY)), "no failed change wrote anything");
    }

    /**
     * Items left without their head are never mixed into a new entity: saving or inserting over them is
     * refused, and deleteById, which answers false since no entity is there, removes them.
     */
    @Test
    void noEntityIsWrittenOverItemsWithoutAHeadAndDeleteByIdRemovesThem() {
        store.transact(delete(KEY));
        List<KeyValue> remains = Raw.record(store, KEY);
        ApkProfile fresh = Fixtures.full(new ApkProfile(), 1);
        for (Runnable write : List.<Runnable>of(() -> profiles.save(fresh), () -> profiles.insert(fresh))) {
            CorruptDataException e = assertThrows(CorruptDataException.class, write::run);
            assertTrue(e.getMessage().startsWith(NAMED) && e.getMessage().contains("not its head item")
                    && e.getMessage().contains("deleteById removes them"), e.getMessage());
        }
        assertEquals(Raw.hex(remains), Raw.hex(Raw.record(store, KEY)), "the refused writes wrote nothing");
        assertFalse(profiles.deleteById(1));
        assertEquals(List.of(), Raw.record(store, KEY));
        profiles.save(fresh);
        assertEquals(fresh, profiles.findById(1).orElseThrow());
        // the damage also left the lost record's counter contributions behind: repair() settles them
        profiles.repair();
        assertTrue(profiles.verify().isClean());
    }

    /**
     * Positions that no write produces (a minor with a character outside base 62, or ending in '0', which
     * the position arithmetic cannot work with) are corrupt data for a read and for an insert beside them.
     */
    @Test
    void aListPositionThatIsNoBase62FractionIsCorruptDataForReadsAndInserts() {
        profiles.updateNotes(1, list("a", "b"));
        store.transact(put(item("memo", 0L, "1"), Tuples.encode("x")));
        store.transact(put(item("memo", 0L, "10"), Tuples.encode("y")));
        CorruptDataException read = assertThrows(CorruptDataException.class, () -> profiles.findById(1));
        assertTrue(read.getMessage().startsWith(NAMED + ": item ((\"ApkProfile\", \"r\", 1), \"memo\", 0, \"10\")"),
                read.getMessage());
        CorruptDataException insert = assertThrows(CorruptDataException.class, () -> profiles.insertNotes(1, 2, "c"));
        assertEquals("ApkProfile: list item ((\"ApkProfile\", \"r\", 1), \"memo\", 0, \"10\") does not hold a list "
                + "position: its minor \"10\" is not a base-62 fraction not ending in '0'", insert.getMessage());
    }

    @Test
    void itemsOfAFieldTheCodeNoLongerHasAreSkipped() {
        store.transact(put(item("retired"), new byte[0]));
        store.transact(put(item("retired", "deep", 1L), Tuples.encode("x")));
        store.transact(put(item("zzz"), Tuples.encode(1L)));
        assertEquals(Fixtures.full(new ApkProfile(), 1), profiles.findById(1).orElseThrow());
        assertTrue(profiles.verify().isClean());
    }

    @Test
    void aKeyInTheRecordsAreaThatIsNoRecordKeyIsReportedAndTheScanGoesOn() {
        byte[] prefix = RecordKeys.allRecordsPrefix("ApkProfile");
        // bytes that are no tuple at all; on Cassandra, which stores only keys that start with a tuple element,
        // a well-formed key whose partition has a component the entity's keys lack (read as a record whose head
        // holds no attribute-per-key header)
        byte[] stray = TestStores.onCassandra() ? concat(prefix, bytes(0x02, 'x', 0x00, 0x00))
                : concat(prefix, bytes(0x33));
        String reported = TestStores.onCassandra() ? Tuples.toString(stray) : "is not a key of the entity's records";
        store.transact(put(stray, Tuples.encode("x")));
        try (Stream<ApkProfile> all = profiles.findAll()) {
            assertEquals(3, all.count(), "findAll goes on past what it cannot decode");
        }
        IntegrityReport report = profiles.verify();
        assertEquals(4, report.recordsChecked(), report.toString());
        assertTrue(report.problems().stream().anyMatch(p -> p.contains(reported)), report.toString());
    }

    /** Random bytes in place of any one item's value: a CorruptDataException naming the record, or a profile. */
    @Test
    void randomBytesInAnyItemNeverDecodeIntoGarbageSilently() {
        List<KeyValue> items = Raw.record(store, KEY);
        Random random = new Random(99);
        for (int i = 0; i < 400; i++) {
            KeyValue victim = items.get(random.nextInt(items.size()));
            byte[] garbage = new byte[random.nextInt(12)];
            random.nextBytes(garbage);
            store.transact(put(victim.key(), garbage));
            try {
                ApkProfile read = profiles.findById(1).orElseThrow();
                assertEquals(1, read.id);
            } catch (CorruptDataException e) {
                assertTrue(e.getMessage().startsWith(NAMED), e.getMessage());
            }
            store.transact(put(victim.key(), victim.value()));
        }
        assertEquals(Fixtures.full(new ApkProfile(), 1), profiles.findById(1).orElseThrow());
    }

    /** Random extra keys below the record: CorruptDataException naming the record, or a profile. */
    @Test
    void randomKeysBelowTheRecordNeverDecodeIntoGarbageSilently() {
        List<KeyValue> items = Raw.record(store, KEY);
        Random random = new Random(7);
        for (int i = 0; i < 400; i++) {
            KeyValue near = items.get(1 + random.nextInt(items.size() - 1));
            byte[] tail = new byte[1 + random.nextInt(4)];
            random.nextBytes(tail);
            byte[] extra = concat(near.key(), tail);
            if (extra[near.key().length] == (byte) 0xFF) {
                continue; // continues the last element of the key: not below the record
            }
            store.transact(put(extra, Tuples.encode(random.nextLong())));
            try {
                ApkProfile read = profiles.findById(1).orElseThrow();
                assertEquals(1, read.id);
            } catch (CorruptDataException e) {
                assertTrue(e.getMessage().startsWith(NAMED), e.getMessage());
            }
            store.transact(delete(extra));
        }
        assertEquals(Fixtures.full(new ApkProfile(), 1), profiles.findById(1).orElseThrow());
    }
}
