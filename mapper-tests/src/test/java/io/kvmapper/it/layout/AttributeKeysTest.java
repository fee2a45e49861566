package io.kvmapper.it.layout;

import io.kvmapper.RetryPolicy;
import io.kvmapper.internal.store.KvStoreImpl;
import static io.kvmapper.it.layout.Fixtures.list;
import static io.kvmapper.it.layout.Fixtures.map;
import static io.kvmapper.it.layout.Fixtures.set;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.it.indexes.RecordingBackend;
import io.kvmapper.rocksdb.RocksKvStore;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.tuple.Tuples;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The raw keys of the attribute-per-key layout: what a save stores, what each change writes, and that
 * no change leaves an item behind. Every store write goes through a recording backend.
 */
class AttributeKeysTest {
    private static final String R = "((\"ApkProfile\", \"r\", 1)";

    @TempDir
    Path dir;
    RecordingBackend backend;
    KvStore store;
    ApkProfileRepository profiles;

    @BeforeEach
    void open() {
        backend = new RecordingBackend(RocksKvStore.openBackend(dir.resolve("store"), RocksKvStore.options()));
        store = KvStoreImpl.open(backend, RetryPolicy.DEFAULT);
        profiles = new ApkProfileRepository(store);
    }

    @AfterEach
    void close() {
        try {
            assertTrue(profiles.verify().isClean(), profiles.verify().toString());
        } finally {
            store.close();
        }
    }

    /** A profile with one node of every kind, small enough to spell out its items. */
    static ApkProfile sample(long id) {
        ApkProfile p = new ApkProfile();
        p.id = id;
        p.name = "Ann";
        p.status = "on";
        p.score = 3;
        p.home = new Residence(null, "Oslo", new Building(null, 2, new Coordinates(1.5, 2.5), list("w"),
                map("r", null)));
        p.tags = list("x", null);
        p.notes = list();
        p.badges = set(2, 1);
        p.ratings = map("a", 5L);
        p.series = map("s", list(7), "n", null);
        p.previous = list(null, new Residence("St", null, null));
        p.groups = list(list("g"));
        p.places = map("p", new Coordinates(0, -1));
        return p;
    }

    static byte[] key(long id) {
        return Raw.recordKey("ApkProfile", id);
    }

    @Test
    void aSavedEntityIsItsHeadAndOneItemPerNodeInKeyOrder() {
        profiles.save(sample(1));
        assertEquals(List.of(
                R + ") = head 4101",
                R + ", \"badges\") = {}",
                R + ", \"badges\", 1) = {}",
                R + ", \"badges\", 2) = {}",
                R + ", \"grades\") = {}",
                R + ", \"grades\", \"a\") = (5)",
                R + ", \"groups\") = {}",
                R + ", \"groups\", 0, \"\") = {}",
                R + ", \"groups\", 0, \"\", 0, \"\") = (\"g\")",
                R + ", \"home\") = {}",
                R + ", \"home\", \"building\") = {}",
                R + ", \"home\", \"building\", \"coordinates\") = {}",
                R + ", \"home\", \"building\", \"coordinates\", \"lat\") = (1.5)",
                R + ", \"home\", \"building\", \"coordinates\", \"lon\") = (2.5)",
                R + ", \"home\", \"building\", \"floor\") = (2)",
                R + ", \"home\", \"building\", \"rooms\") = {}",
                R + ", \"home\", \"building\", \"rooms\", \"r\") = (null)",
                R + ", \"home\", \"building\", \"wings\") = {}",
                R + ", \"home\", \"building\", \"wings\", 0, \"\") = (\"w\")",
                R + ", \"home\", \"city\") = (\"Oslo\")",
                R + ", \"memo\") = {}",
                R + ", \"name\") = (\"Ann\")",
                R + ", \"places\") = {}",
                R + ", \"places\", \"p\") = {}",
                R + ", \"places\", \"p\", \"lat\") = (0.0)",
                R + ", \"places\", \"p\", \"lon\") = (-1.0)",
                R + ", \"previous\") = {}",
                R + ", \"previous\", 0, \"\") = (null)",
                R + ", \"previous\", 1, \"\") = {}",
                R + ", \"previous\", 1, \"\", \"street\") = (\"St\")",
                R + ", \"score\") = (3)",
                R + ", \"series\") = {}",
                R + ", \"series\", \"n\") = (null)",
                R + ", \"series\", \"s\") = {}",
                R + ", \"series\", \"s\", 0, \"\") = (7)",
                R + ", \"status\") = (\"on\")",
                R + ", \"tags\") = {}",
                R + ", \"tags\", 0, \"\") = (\"x\")",
                R + ", \"tags\", 1, \"\") = (null)"),
                Raw.describe(store, key(1)),
                "the head holds 'A' and schema version 1; a null field (email, street, name of the building) has "
                        + "no item; the key field is not stored again; fields go under their stored names");
    }

    @Test
    void eachElementWiseChangeWritesItsOwnItemsAndTheHeadOnly() {
        profiles.save(sample(1));
        backend.takeWrites();
        String head = "put " + R + ")";

        assertTrue(profiles.appendNotes(1, "n"));
        assertEquals(List.of("put " + R + ", \"memo\", 0, \"\")", head), backend.takeWrites());
        assertTrue(profiles.insertNotes(1, 0, "m"));
        assertEquals(List.of("put " + R + ", \"memo\", -1, \"\")", head), backend.takeWrites(),
                "an insert at the front takes the first major minus one");
        assertTrue(profiles.insertNotes(1, 1, "k"));
        assertEquals(List.of("put " + R + ", \"memo\", -1, \"V\")", head), backend.takeWrites(),
                "an insert between neighbouring majors takes a fraction after the lower one");
        assertTrue(profiles.appendNotes(1, "o"));
        assertEquals(List.of("put " + R + ", \"memo\", 1, \"\")", head), backend.takeWrites());
        assertTrue(profiles.removeNotesAt(1, 0));
        assertEquals(List.of("deleteRange " + KeyRange.tuplePrefix(Tuples.encode(List.of("ApkProfile", "r", 1L),
                "memo", -1L, "")), head), backend.takeWrites(), "one range delete of the element's items");
        assertEquals(list("k", "n", "o"), profiles.findById(1).orElseThrow().notes);

        assertTrue(profiles.addBadges(1, 3));
        assertEquals(List.of("put " + R + ", \"badges\", 3)", head), backend.takeWrites());
        assertTrue(profiles.removeBadges(1, 1));
        assertEquals(List.of("delete " + R + ", \"badges\", 1)", head), backend.takeWrites());
        assertTrue(profiles.putRatings(1, "b", 2L));
        assertEquals(List.of("put " + R + ", \"grades\", \"b\")", head), backend.takeWrites());
        assertTrue(profiles.removeRatings(1, "a"));
        assertEquals(List.of("delete " + R + ", \"grades\", \"a\")", head), backend.takeWrites());

        assertTrue(profiles.putSeries(1, "s", list(8, 9)));
        assertEquals(List.of(
                "deleteRange " + KeyRange.tuplePrefix(Tuples.encode(List.of("ApkProfile", "r", 1L), "series", "s")),
                "put " + R + ", \"series\", \"s\")",
                "put " + R + ", \"series\", \"s\", 0, \"\")",
                "put " + R + ", \"series\", \"s\", 1, \"\")", head), backend.takeWrites(),
                "a structured map value is replaced whole: its old items go in one range delete");
        assertTrue(profiles.removeSeries(1, "n"));
        assertEquals(List.of(
                "deleteRange " + KeyRange.tuplePrefix(Tuples.encode(List.of("ApkProfile", "r", 1L), "series", "n")),
                head), backend.takeWrites());

        assertTrue(profiles.updateName(1, "Bo"));
        assertEquals(List.of("put " + R + ", \"name\")", head), backend.takeWrites());
        assertTrue(profiles.updateName(1, "Bo"));
        assertEquals(List.of(head), backend.takeWrites(), "an unchanged value writes the head only");
        assertTrue(profiles.updateGroups(1, list(list("g"), list("h"))));
        assertEquals(List.of("put " + R + ", \"groups\", 1, \"\")", "put " + R + ", \"groups\", 1, \"\", 0, \"\")",
                head), backend.takeWrites(), "updateX writes the difference within the field");

        assertTrue(profiles.appendTags(1, "z"));
        assertEquals(List.of("put " + R + ", \"tags\", 2, \"\")", "put ((\"ApkProfile\", \"i\", \"tags\"), \"z\", 1)",
                head), backend.takeWrites(), "an indexed field moves its entry too, nothing else");

        ApkProfile expected = sample(1);
        expected.notes = list("k", "n", "o");
        expected.badges = set(2, 3);
        expected.ratings = map("b", 2L);
        expected.series = map("s", list(8, 9));
        expected.name = "Bo";
        expected.groups = list(list("g"), list("h"));
        expected.tags = list("x", null, "z");
        assertEquals(expected, profiles.findById(1).orElseThrow());
    }

    @Test
    void aSaveWritesOnlyTheItemsThatDifferAndTheHead() {
        ApkProfile profile = sample(1);
        profiles.save(profile);
        backend.takeWrites();
        profiles.save(profile);
        assertEquals(List.of("put " + R + ")"), backend.takeWrites(), "an unchanged entity rewrites its head only");

        profile.notes = list("a");
        profile.ratings = map();
        profile.name = null;
        profiles.save(profile);
        assertEquals(List.of(
                "put " + R + ")",
                "delete " + R + ", \"grades\", \"a\")",
                "put " + R + ", \"memo\", 0, \"\")",
                "delete " + R + ", \"name\")"), backend.takeWrites(), "the diff, in key order");
        assertEquals(profile, profiles.findById(1).orElseThrow());
    }

    @Test
    void aShorterListASmallerMapAndNullFieldsLeaveNoStaleItem() {
        ApkProfile big = Fixtures.full(new ApkProfile(), 1);
        big.notes = list("a", "b", "c", "d");
        profiles.save(big);

        ApkProfile small = sample(1);
        small.tags = list("x");
        small.ratings = map();
        small.series = map("s", list());
        small.previous = null;
        small.home = new Residence(null, "Oslo", null);
        small.notes = list("a");
        profiles.save(small);
        ApkProfile fresh = sample(2);
        fresh.copyFrom(small);
        fresh.id = 2;
        profiles.save(fresh);
        assertEquals(Raw.paths(store, key(2)), Raw.paths(store, key(1)),
                "the replaced record holds exactly the items of a fresh save of the same profile");

        ApkProfile none = new ApkProfile();
        none.id = 1;
        profiles.save(none);
        assertEquals(List.of("() = 4101", "(\"score\") = 14"), Raw.paths(store, key(1)),
                "only the head and the primitive are left");
    }

    @Test
    void saveAndUpdateWriteAListAfreshFromPositionZero() {
        ApkProfile profile = sample(1);
        profile.notes = list("b");
        profiles.save(profile);
        for (int i = 0; i < 5; i++) {
            assertTrue(profiles.insertNotes(1, 0, "front" + i));
            assertTrue(profiles.insertNotes(1, 1, "second" + i));
        }
        ApkProfile changed = profiles.findById(1).orElseThrow();
        assertTrue(Raw.paths(store, key(1)).stream().anyMatch(p -> p.startsWith("(\"memo\", -5, \"")),
                Raw.paths(store, key(1)).toString());
        profiles.save(changed);
        ApkProfile copy = new ApkProfile().copyFrom(changed);
        copy.id = 2;
        profiles.save(copy);
        assertEquals(Raw.paths(store, key(2)), Raw.paths(store, key(1)), "positions 0 to 10 again");

        assertTrue(profiles.insertNotes(1, 3, "again"));
        assertTrue(profiles.updateNotes(1, profiles.findById(1).orElseThrow().notes));
        List<String> positions = Raw.paths(store, key(1)).stream().filter(p -> p.startsWith("(\"memo\", "))
                .map(p -> p.substring(0, p.indexOf(')') + 1)).toList();
        assertEquals(12, positions.size(), positions.toString());
        for (int i = 0; i < 12; i++) {
            assertEquals("(\"memo\", " + i + ", \"\")", positions.get(i));
        }
    }

    @Test
    void aSaveAfterDeleteLeavesNothingOfTheOldEntity() {
        profiles.save(Fixtures.full(new ApkProfile(), 1));
        assertTrue(profiles.deleteById(1));
        assertEquals(List.of(), Raw.record(store, key(1)));
        ApkProfile reborn = new ApkProfile();
        reborn.id = 1;
        reborn.tags = list("new");
        profiles.save(reborn);
        assertEquals(List.of("() = 4101", "(\"score\") = 14", "(\"tags\") = ", "(\"tags\", 0, \"\") = 026e657700"),
                Raw.paths(store, key(1)));
        assertEquals(reborn, profiles.findById(1).orElseThrow());
    }

    @Test
    void deleteByIdIsOneRangeDeleteOfTheRecordAndTouchesNoOtherRecord() {
        for (long id : new long[] {0, 1, 2, 256}) {
            profiles.save(Fixtures.full(new ApkProfile(), id));
        }
        List<String> zero = Raw.paths(store, key(0));
        List<String> two = Raw.paths(store, key(2));
        List<String> big = Raw.paths(store, key(256));
        backend.takeWrites();

        assertTrue(profiles.deleteById(1));
        List<String> writes = backend.takeWrites();
        List<String> recordWrites = writes.stream()
                .filter(w -> w.startsWith("deleteRange") || w.contains("(\"ApkProfile\", \"r\"")).toList();
        assertEquals(List.of("deleteRange " + KeyRange.tuplePrefix(key(1))), recordWrites,
                "the record's items go in one range delete; the rest are index entries and counters: " + writes);
        assertEquals(List.of(), Raw.record(store, key(1)));
        assertEquals(zero, Raw.paths(store, key(0)));
        assertEquals(two, Raw.paths(store, key(2)));
        assertEquals(big, Raw.paths(store, key(256)));
    }
}
