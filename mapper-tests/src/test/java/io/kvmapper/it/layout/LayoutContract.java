package io.kvmapper.it.layout;

import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvTransaction;
import static io.kvmapper.it.layout.Fixtures.full;
import static io.kvmapper.it.layout.Fixtures.home;
import static io.kvmapper.it.layout.Fixtures.list;
import static io.kvmapper.it.layout.Fixtures.map;
import static io.kvmapper.it.layout.Fixtures.set;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.kvmapper.DuplicateKeyException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.OptimisticLockException;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.Transaction;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.it.TestStores;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.tuple.Tuples;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every generated operation of an entity, run against a real store (RocksDB, and a Cassandra node in the
 * Cassandra run) in one layout; the two subclasses run it in both, on twin entities that differ only in
 * layout. After every test the store must verify clean, and every index finder and counter must agree
 * with a recount from the records.
 */
abstract class LayoutContract {
    @TempDir
    Path dir;
    KvStore store;
    Profiles profiles;
    Notes notes;
    Memberships memberships;

    /** The profile twin of the layout under test. */
    abstract Profiles profiles(KvStore store);

    /** The note twin of the layout under test. */
    abstract Notes notes(KvStore store);

    /** The membership twin of the layout under test. */
    abstract Memberships memberships(KvStore store);

    @BeforeEach
    void open() {
        store = TestStores.open(dir);
        profiles = profiles(store);
        notes = notes(store);
        memberships = memberships(store);
    }

    @AfterEach
    void checkAndClose() {
        try {
            assertConsistent();
        } finally {
            store.close();
        }
    }

    ProfileData full(long id) {
        return Fixtures.full(profiles.create(), id);
    }

    ProfileData bare(long id) {
        return Fixtures.bare(profiles.create(), id);
    }

    ProfileData stored(long id) {
        return profiles.findById(id).orElseThrow(() -> new AssertionError("profile " + id + " is not stored"));
    }

    /** A copy of {@code profile} whose collections can be changed without touching the original. */
    ProfileData copy(ProfileData profile) {
        ProfileData copy = profiles.create().copyFrom(profile);
        copy.tags = profile.tags == null ? null : new ArrayList<>(profile.tags);
        copy.notes = profile.notes == null ? null : new ArrayList<>(profile.notes);
        copy.badges = profile.badges == null ? null : new LinkedHashSet<>(profile.badges);
        copy.ratings = profile.ratings == null ? null : new java.util.LinkedHashMap<>(profile.ratings);
        copy.series = profile.series == null ? null : new java.util.LinkedHashMap<>(profile.series);
        copy.previous = profile.previous == null ? null : new ArrayList<>(profile.previous);
        copy.groups = profile.groups == null ? null : new ArrayList<>(profile.groups);
        copy.places = profile.places == null ? null : new java.util.LinkedHashMap<>(profile.places);
        return copy;
    }

    // ---- whole entities

    @Test
    void aProfileWithEveryKindOfFieldReadsBackEqual() {
        ProfileData saved = full(1);
        assertEquals(saved, profiles.save(copy(saved)));
        assertEquals(saved, stored(1));
        profiles.save(full(2));
        TestStores.assertInScanOrder(store, List.of(saved, full(2)), profiles.findAll(),
                profile -> Raw.recordKey(profiles.entityName(), profile.id), "findAll");
        assertEquals(List.of(full(2), saved), profiles.findAllById(List.of(2L, 99L, 1L)),
                "in the order asked, absent ids left out");
        assertEquals(Optional.empty(), profiles.findById(3));
    }

    @Test
    void insertRefusesATakenKeyAndDeleteRemovesTheProfileEverywhere() {
        profiles.insert(full(1));
        DuplicateKeyException taken = assertThrows(DuplicateKeyException.class, () -> profiles.insert(bare(1)));
        assertTrue(taken.getMessage().contains(profiles.entityName()), taken.getMessage());
        assertEquals(full(1), stored(1), "the refused insert changed nothing");
        assertTrue(profiles.existsById(1));
        assertEquals(1, profiles.countTotal());

        assertTrue(profiles.deleteById(1));
        assertFalse(profiles.deleteById(1));
        assertFalse(profiles.existsById(1));
        assertEquals(Optional.empty(), profiles.findById(1));
        assertEquals(List.of(), profiles.findByTags("x"));
        assertEquals(Optional.empty(), profiles.findByEmail("p1@x"));
        assertEquals(List.of(), profiles.findByCityAndFloor("Oslo", 7));
        assertEquals(0, profiles.countTotal());
        assertEquals(0, profiles.sumScoreByCity("Oslo"));
    }

    @Test
    void nullAndEmptyCollectionsStayApart() {
        ProfileData empty = bare(1);
        empty.tags = list();
        empty.notes = list();
        empty.badges = set();
        empty.ratings = map();
        empty.series = map("k", list());
        empty.previous = list();
        empty.groups = list(list());
        empty.places = map();
        empty.home = new Residence(null, null, new Building());
        profiles.save(copy(empty));
        profiles.save(bare(2));
        assertEquals(empty, stored(1));
        assertEquals(bare(2), stored(2), "null fields stay null");

        assertTrue(profiles.updateNotes(2, list()));
        assertTrue(profiles.updateRatings(2, map()));
        assertTrue(profiles.updateBadges(2, set()));
        assertTrue(profiles.updateNotes(1, null));
        assertTrue(profiles.updateRatings(1, null));
        assertTrue(profiles.updateBadges(1, null));
        ProfileData two = stored(2);
        ProfileData one = stored(1);
        assertEquals(List.of(), two.notes);
        assertEquals(Map.of(), two.ratings);
        assertEquals(Set.of(), two.badges);
        assertEquals(null, one.notes);
        assertEquals(null, one.ratings);
        assertEquals(null, one.badges);
        assertEquals(new Residence(null, null, new Building()), one.home, "an embedded object of nulls is not null");
    }

    @Test
    void saveReplacesTheWholeProfileAndLeavesNothingOfTheLongerOne() {
        profiles.save(full(1));
        ProfileData smaller = bare(1);
        smaller.tags = list("y");
        smaller.notes = null;
        smaller.badges = set(2);
        smaller.ratings = map("a", 6L);
        smaller.series = map("s1", list(1));
        smaller.previous = list(new Residence("Old Rd", null, null));
        smaller.groups = list(list("a"));
        smaller.places = map();
        smaller.home = new Residence(null, "Oslo", null);
        profiles.save(copy(smaller));
        assertEquals(smaller, stored(1));
        assertEquals(List.of(), profiles.findByTags("x"));
        assertEquals(List.of(), profiles.findByLat(59.91));

        profiles.save(full(1));
        assertEquals(full(1), stored(1), "and back to the full profile");
    }

    @Test
    void aSaveAfterDeleteLeavesNothingOfTheOldProfile() {
        profiles.save(full(1));
        assertTrue(profiles.deleteById(1));
        profiles.save(bare(1));
        assertEquals(bare(1), stored(1));
        assertEquals(List.of(), profiles.findByTags("x"));
        assertEquals(Optional.empty(), profiles.findByEmail("p1@x"));
        assertEquals(0, profiles.countByStatus("active"));
        assertEquals(1, profiles.countTotal());
    }

    // ---- updateX

    @Test
    void updatingScalarsMovesTheirIndexEntriesAndCounters() {
        profiles.save(full(1));
        profiles.save(full(2));
        ProfileData expected = full(1);

        assertTrue(profiles.updateName(1, "renamed"));
        expected.name = "renamed";
        assertEquals(expected, stored(1));

        assertTrue(profiles.updateEmail(1, "new@x"));
        expected.email = "new@x";
        assertEquals(Optional.of(expected), profiles.findByEmail("new@x"));
        assertEquals(Optional.empty(), profiles.findByEmail("p1@x"));

        assertTrue(profiles.updateStatus(1, "away"));
        expected.status = "away";
        assertEquals(1, profiles.countByStatus("away"));
        assertEquals(1, profiles.countByStatus("active"));
        assertEquals(List.of(expected), profiles.findByStatus("away"));

        assertTrue(profiles.updateScore(1, 32));
        expected.score = 32;
        assertEquals(42, profiles.sumScoreByCity("Oslo"));
        assertEquals(expected, stored(1));
        assertConsistent();

        assertTrue(profiles.updateName(1, null));
        assertTrue(profiles.updateEmail(1, null));
        assertTrue(profiles.updateStatus(1, null));
        expected.name = null;
        expected.email = null;
        expected.status = null;
        assertEquals(expected, stored(1));
        assertEquals(List.of(expected), profiles.findByStatus(null), "a null status is indexed as null");
        assertEquals(1, profiles.countByStatus(null));
    }

    @Test
    void updatingTheEmbeddedObjectMovesEntriesOnEmbeddedPaths() {
        profiles.save(full(1));
        ProfileData expected = full(1);

        Residence moved = home("Rome", 2, 41.9);
        assertTrue(profiles.updateHome(1, moved));
        expected.home = moved;
        assertEquals(expected, stored(1));
        assertEquals(List.of(expected), profiles.findByCityAndFloor("Rome", 2));
        assertEquals(List.of(), profiles.findByCityAndFloor("Oslo", 7));
        assertEquals(List.of(expected), profiles.findByLat(41.9));
        assertEquals(List.of(), profiles.findByLat(59.91));
        assertEquals(Map.of("Rome", 10L), profiles.sumScoreByCity());
        assertConsistent();

        Residence noBuilding = new Residence("2 Side St", "Rome", null);
        assertTrue(profiles.updateHome(1, noBuilding));
        expected.home = noBuilding;
        assertEquals(expected, stored(1));
        assertEquals(List.of(expected), profiles.findByCityAndFloor("Rome", null),
                "a null object on the path indexes as null");
        assertEquals(List.of(expected), profiles.findByLat(null));
        assertConsistent();

        Residence noCoordinates = new Residence(null, "Rome", new Building("B", 3, null, null, null));
        assertTrue(profiles.updateHome(1, noCoordinates));
        expected.home = noCoordinates;
        assertEquals(expected, stored(1));
        assertEquals(List.of(expected), profiles.findByCityAndFloor("Rome", 3));
        assertConsistent();

        assertTrue(profiles.updateHome(1, null));
        expected.home = null;
        assertEquals(expected, stored(1));
        assertEquals(List.of(expected), profiles.findByCityAndFloor(null, null));
        assertEquals(Map.of(), profiles.sumScoreByCity().entrySet().stream()
                .filter(e -> e.getKey() != null).collect(java.util.stream.Collectors.toMap(Map.Entry::getKey,
                        Map.Entry::getValue)), "no city holds the score any more");
    }

    @Test
    void updatingEachCollectionReplacesItWholeWithShorterEmptyAndNull() {
        profiles.save(full(1));
        ProfileData expected = full(1);
        ProfileData other = full(2);
        profiles.save(copy(other));

        assertTrue(profiles.updateTags(1, list("z")));
        expected.tags = list("z");
        assertTrue(profiles.updateNotes(1, list("only")));
        expected.notes = list("only");
        assertTrue(profiles.updateBadges(1, set(9)));
        expected.badges = set(9);
        assertTrue(profiles.updateRatings(1, map("b", 1L)));
        expected.ratings = map("b", 1L);
        assertTrue(profiles.updateSeries(1, map("s1", list(7))));
        expected.series = map("s1", list(7));
        assertTrue(profiles.updatePrevious(1, list(new Residence("x", "y", null))));
        expected.previous = list(new Residence("x", "y", null));
        assertTrue(profiles.updateGroups(1, list(list("q"))));
        expected.groups = list(list("q"));
        assertTrue(profiles.updatePlaces(1, map("work", new Coordinates(3, 4))));
        expected.places = map("work", new Coordinates(3, 4));
        assertEquals(expected, stored(1));
        assertEquals(other, stored(2), "the other profile is untouched");
        assertConsistent();

        assertTrue(profiles.updateTags(1, list()));
        assertTrue(profiles.updateSeries(1, map()));
        assertTrue(profiles.updateGroups(1, list()));
        expected.tags = list();
        expected.series = map();
        expected.groups = list();
        assertEquals(expected, stored(1));

        assertTrue(profiles.updateTags(1, null));
        assertTrue(profiles.updateSeries(1, null));
        assertTrue(profiles.updatePrevious(1, null));
        assertTrue(profiles.updateGroups(1, null));
        assertTrue(profiles.updatePlaces(1, null));
        expected.tags = null;
        expected.series = null;
        expected.previous = null;
        expected.groups = null;
        expected.places = null;
        assertEquals(expected, stored(1));
        assertEquals(other, stored(2));
    }

    // ---- lists

    @Test
    void appendAddsAtTheEndOfEveryKindOfList() {
        ProfileData expected = bare(1);
        expected.notes = list("n0");
        profiles.save(copy(expected));

        assertTrue(profiles.appendNotes(1, "n1"));
        assertTrue(profiles.appendNotes(1, null));
        expected.notes.add("n1");
        expected.notes.add(null);
        assertTrue(profiles.appendTags(1, "t0"), "to a null list");
        assertTrue(profiles.appendTags(1, null));
        expected.tags = list("t0", null);
        assertTrue(profiles.appendPrevious(1, new Residence("s", "c", new Building("b", 1, null, list("w"), null))));
        assertTrue(profiles.appendPrevious(1, null));
        expected.previous = list(new Residence("s", "c", new Building("b", 1, null, list("w"), null)), null);
        assertTrue(profiles.appendGroups(1, list("a", null)));
        assertTrue(profiles.appendGroups(1, list()));
        assertTrue(profiles.appendGroups(1, null));
        expected.groups = list(list("a", null), list(), null);
        assertEquals(expected, stored(1));
        assertEquals(List.of(expected), profiles.findByTags(null));
        assertEquals(List.of(expected), profiles.findByTags("t0"));
    }

    @Test
    void insertPlacesTheElementAtTheFrontInTheMiddleAndAtTheEnd() {
        ProfileData expected = bare(1);
        expected.notes = list("b", "d");
        expected.tags = list("b", "d");
        expected.previous = list(new Residence("b", null, null));
        expected.groups = list(list("b"));
        profiles.save(copy(expected));

        assertTrue(profiles.insertNotes(1, 0, "a"));
        assertTrue(profiles.insertNotes(1, 2, "c"));
        assertTrue(profiles.insertNotes(1, 4, "e"));
        assertTrue(profiles.insertNotes(1, 1, null));
        expected.notes = list("a", null, "b", "c", "d", "e");
        assertTrue(profiles.insertTags(1, 0, "a"));
        assertTrue(profiles.insertTags(1, 2, "c"));
        assertTrue(profiles.insertTags(1, 4, "e"));
        expected.tags = list("a", "b", "c", "d", "e");
        assertTrue(profiles.insertPrevious(1, 1, new Residence("c", null, null)));
        assertTrue(profiles.insertPrevious(1, 0, null));
        expected.previous = list(null, new Residence("b", null, null), new Residence("c", null, null));
        assertTrue(profiles.insertGroups(1, 0, list("a", "a2")));
        assertTrue(profiles.insertGroups(1, 1, null));
        assertTrue(profiles.insertGroups(1, 3, list()));
        expected.groups = list(list("a", "a2"), null, list("b"), list());
        assertEquals(expected, stored(1));
        assertEquals(List.of(expected), profiles.findByTags("c"));

        ProfileData empty = bare(2);
        profiles.save(copy(empty));
        assertTrue(profiles.insertNotes(2, 0, "first"), "position 0 of a null list");
        empty.notes = list("first");
        assertEquals(empty, stored(2));
    }

    @Test
    void aPositionOutOfRangeIsRefusedNamingEntityAndFieldAndChangesNothing() {
        ProfileData expected = full(1);
        expected.notes = list("a", "b");
        profiles.save(copy(expected));
        profiles.save(bare(2));
        Map<String, String> before = Raw.dump(store);
        String entity = profiles.entityName();

        assertRefused(entity + ": cannot insert into 'notes' at position 3; it holds 2 elements, so a position is 0 to 2",
                () -> profiles.insertNotes(1, 3, "x"));
        assertRefused(entity + ": cannot insert into 'notes' at position -1; it holds 2 elements, so a position is 0 to 2",
                () -> profiles.insertNotes(1, -1, "x"));
        assertRefused(entity + ": cannot insert into 'tags' at position 5; it holds 4 elements, so a position is 0 to 4",
                () -> profiles.insertTags(1, 5, "x"));
        assertRefused(entity + ": cannot insert into 'groups' at position 1; it holds 0 elements, so a position is 0 to 0",
                () -> profiles.insertGroups(2, 1, list()));
        assertRefused(entity + ": 'notes' has no element at position 2; it holds 2 elements",
                () -> profiles.removeNotesAt(1, 2));
        assertRefused(entity + ": 'tags' has no element at position -1; it holds 4 elements",
                () -> profiles.removeTagsAt(1, -1));
        assertRefused(entity + ": 'previous' has no element at position 3; it holds 3 elements",
                () -> profiles.removePreviousAt(1, 3));
        assertRefused(entity + ": 'notes' has no element at position 0; it holds 0 elements",
                () -> profiles.removeNotesAt(2, 0));
        assertEquals(before, Raw.dump(store), "no refused change wrote anything");
    }

    private static void assertRefused(String message, BooleanSupplier change) {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, change::getAsBoolean);
        assertEquals(message, e.getMessage());
    }

    @Test
    void removeAtTakesOutTheFirstAMiddleAndTheLastElement() {
        ProfileData expected = full(1);
        expected.notes = list("a", "b", "c", "d", "e");
        profiles.save(copy(expected));

        assertTrue(profiles.removeNotesAt(1, 0));
        assertTrue(profiles.removeNotesAt(1, 1));
        assertTrue(profiles.removeNotesAt(1, 2));
        expected.notes = list("b", "d");
        assertTrue(profiles.removeTagsAt(1, 3));
        expected.tags = list("x", "y", null);
        assertEquals(List.of(expected), profiles.findByTags("x"), "the other x still holds the entry");
        assertTrue(profiles.removeTagsAt(1, 0));
        expected.tags = list("y", null);
        assertEquals(List.of(), profiles.findByTags("x"));
        assertTrue(profiles.removePreviousAt(1, 1));
        expected.previous.remove(1);
        assertTrue(profiles.removeGroupsAt(1, 0));
        expected.groups.remove(0);
        assertEquals(expected, stored(1));

        assertTrue(profiles.removeNotesAt(1, 1));
        assertTrue(profiles.removeNotesAt(1, 0));
        expected.notes = list();
        assertEquals(expected, stored(1), "removing every element leaves an empty list, not null");
        assertTrue(profiles.appendNotes(1, "again"));
        expected.notes = list("again");
        assertEquals(expected, stored(1));
    }

    @Test
    void nestedListsChangeElementByElement() {
        ProfileData expected = bare(1);
        expected.groups = list(list("a"), list("b", "c"));
        profiles.save(copy(expected));
        assertTrue(profiles.insertGroups(1, 1, list("between", null)));
        assertTrue(profiles.appendGroups(1, list("end")));
        assertTrue(profiles.removeGroupsAt(1, 0));
        expected.groups = list(list("between", null), list("b", "c"), list("end"));
        assertEquals(expected, stored(1));
        assertTrue(profiles.updateGroups(1, list(list("z"))));
        expected.groups = list(list("z"));
        assertEquals(expected, stored(1));
    }

    // ---- sets and maps

    @Test
    void setAddAndRemoveAreIdempotent() {
        ProfileData expected = full(1);
        profiles.save(copy(expected));

        assertTrue(profiles.addBadges(1, 7));
        expected.badges.add(7);
        assertEquals(expected, stored(1));
        Map<String, String> once = Raw.dump(store);
        assertTrue(profiles.addBadges(1, 7));
        assertEquals(once, Raw.dump(store), "adding an element twice is adding it once");

        assertTrue(profiles.removeBadges(1, 3));
        expected.badges.remove(3);
        assertEquals(expected, stored(1));
        Map<String, String> removed = Raw.dump(store);
        assertTrue(profiles.removeBadges(1, 3));
        assertTrue(profiles.removeBadges(1, 1_000));
        assertEquals(removed, Raw.dump(store), "removing an absent element changes nothing");

        assertTrue(profiles.removeBadges(1, null));
        expected.badges.remove(null);
        assertTrue(profiles.addBadges(1, -5));
        expected.badges.add(-5);
        assertEquals(expected, stored(1));

        profiles.save(bare(2));
        assertTrue(profiles.addBadges(2, null), "to a null set");
        assertEquals(set((Integer) null), stored(2).badges);
    }

    @Test
    void mapPutAddsOrReplacesOneEntryAndRemoveDeletesIt() {
        ProfileData expected = full(1);
        profiles.save(copy(expected));

        assertTrue(profiles.putRatings(1, "c", 3L));
        assertTrue(profiles.putRatings(1, "a", 50L));
        assertTrue(profiles.putRatings(1, "", null));
        assertTrue(profiles.removeRatings(1, "b"));
        assertTrue(profiles.removeRatings(1, "absent"));
        expected.ratings = map("a", 50L, "", null, "c", 3L);
        assertEquals(expected, stored(1));

        assertTrue(profiles.putSeries(1, "s1", list(9)));
        assertTrue(profiles.putSeries(1, "s2", list(1, null, 3)));
        assertTrue(profiles.putSeries(1, "s4", null));
        assertTrue(profiles.putSeries(1, "s5", list()));
        assertTrue(profiles.removeSeries(1, "s3"));
        expected.series = map("s1", list(9), "s2", list(1, null, 3), "s4", null, "s5", list());
        assertEquals(expected, stored(1), "a shorter list replaced a longer one, a null a list");

        assertTrue(profiles.putPlaces(1, "work", new Coordinates(5, 6)));
        assertTrue(profiles.putPlaces(1, "nowhere", new Coordinates(0, 0)));
        assertTrue(profiles.putPlaces(1, "gone", null));
        assertTrue(profiles.removePlaces(1, "work"));
        expected.places = map("nowhere", new Coordinates(0, 0), "gone", null);
        assertEquals(expected, stored(1));

        profiles.save(bare(2));
        assertTrue(profiles.putSeries(2, "k", list(1)), "into a null map");
        assertEquals(map("k", list(1)), stored(2).series);
    }

    @Test
    void aNullMapKeyIsRefusedNamingEntityAndFieldAndChangesNothing() {
        profiles.save(full(1));
        Map<String, String> before = Raw.dump(store);
        for (BooleanSupplier change : List.<BooleanSupplier>of(() -> profiles.putRatings(1, null, 1L),
                () -> profiles.putSeries(1, null, list()), () -> profiles.putPlaces(1, null, null))) {
            InvalidRequestException e = assertThrows(InvalidRequestException.class, change::getAsBoolean);
            assertTrue(e.getMessage().startsWith(profiles.entityName() + ": map '"), e.getMessage());
            assertTrue(e.getMessage().contains("null key"), e.getMessage());
        }
        ProfileData nullKey = full(2);
        nullKey.ratings.put(null, 1L);
        InvalidRequestException save = assertThrows(InvalidRequestException.class, () -> profiles.save(nullKey));
        assertTrue(save.getMessage().startsWith(profiles.entityName() + ": "), save.getMessage());
        assertEquals(before, Raw.dump(store));
    }

    /** Keys where one string continues another after a NUL character, and the empty key, stay apart. */
    @Test
    void mapKeysThatExtendEachOtherStayApart() {
        ProfileData expected = bare(1);
        expected.series = map("ab", list(1, 2), "ab\u0000c", list(3), "", list(4), "ab\u0000", list(5));
        profiles.save(copy(expected));
        assertEquals(expected, stored(1));

        assertTrue(profiles.putSeries(1, "ab", list(9)));
        expected.series.put("ab", list(9));
        assertEquals(expected, stored(1), "replacing \"ab\" left the keys that continue it alone");
        assertTrue(profiles.removeSeries(1, "ab"));
        expected.series.remove("ab");
        assertEquals(expected, stored(1), "removing \"ab\" left the keys that continue it alone");
        assertTrue(profiles.putSeries(1, "ab\u0000", null));
        expected.series.put("ab\u0000", null);
        assertEquals(expected, stored(1));
    }

    // ---- absent entities

    @Test
    void everyChangeOfAnAbsentProfileReturnsFalseAndWritesNothing() {
        profiles.save(full(1));
        Map<String, String> before = Raw.dump(store);
        long id = 2;
        List<BooleanSupplier> changes = List.of(() -> profiles.updateName(id, "x"),
                () -> profiles.updateEmail(id, "x@x"), () -> profiles.updateStatus(id, "x"),
                () -> profiles.updateScore(id, 1), () -> profiles.updateHome(id, home("A", 1, 1)),
                () -> profiles.updateTags(id, list("x")), () -> profiles.appendTags(id, "x"),
                () -> profiles.insertTags(id, 0, "x"), () -> profiles.removeTagsAt(id, 0),
                () -> profiles.updateNotes(id, list()), () -> profiles.appendNotes(id, "x"),
                () -> profiles.insertNotes(id, 0, "x"), () -> profiles.removeNotesAt(id, 0),
                () -> profiles.updateBadges(id, set()), () -> profiles.addBadges(id, 1),
                () -> profiles.removeBadges(id, 1), () -> profiles.updateRatings(id, map()),
                () -> profiles.putRatings(id, "k", 1L), () -> profiles.removeRatings(id, "k"),
                () -> profiles.updateSeries(id, map()), () -> profiles.putSeries(id, "k", list()),
                () -> profiles.removeSeries(id, "k"), () -> profiles.updatePrevious(id, list()),
                () -> profiles.appendPrevious(id, null), () -> profiles.insertPrevious(id, 0, null),
                () -> profiles.removePreviousAt(id, 0), () -> profiles.updateGroups(id, list()),
                () -> profiles.appendGroups(id, list()), () -> profiles.insertGroups(id, 0, list()),
                () -> profiles.removeGroupsAt(id, 0), () -> profiles.updatePlaces(id, map()),
                () -> profiles.putPlaces(id, "k", null), () -> profiles.removePlaces(id, "k"));
        for (int i = 0; i < changes.size(); i++) {
            assertFalse(changes.get(i).getAsBoolean(), "change " + i + " of an absent profile");
        }
        assertEquals(before, Raw.dump(store));
        assertEquals(Optional.empty(), profiles.findById(id));
    }

    // ---- indexes and counters following element-wise changes

    @Test
    void theCollectionIndexFollowsEveryElementWiseChange() {
        ProfileData one = bare(1);
        one.tags = list("b");
        profiles.save(copy(one));
        ProfileData two = bare(2);
        two.tags = list("a", "b");
        profiles.save(copy(two));
        List<Runnable> steps = List.of(
                () -> assertTrue(profiles.appendTags(1, "c")),
                () -> assertTrue(profiles.insertTags(1, 0, "a")),
                () -> assertTrue(profiles.insertTags(1, 1, "a")),
                () -> assertTrue(profiles.removeTagsAt(1, 0)),
                () -> assertTrue(profiles.removeTagsAt(1, 0)),
                () -> assertTrue(profiles.appendTags(2, null)),
                () -> assertTrue(profiles.removeTagsAt(2, 1)),
                () -> assertTrue(profiles.updateTags(1, list("d", "d"))),
                () -> assertTrue(profiles.removeTagsAt(1, 1)),
                () -> assertTrue(profiles.updateTags(2, null)),
                () -> assertTrue(profiles.insertTags(2, 0, "d")));
        for (int i = 0; i < steps.size(); i++) {
            steps.get(i).run();
            assertIndexesExact("after step " + i);
        }
        assertEquals(list("d"), stored(1).tags);
        assertEquals(list("d"), stored(2).tags);
    }

    /**
     * An index on a set: one entry per element, following every add and remove (of an element held
     * already or not held, of null), a change beside the set, a save that replaces the set, a delete and
     * a save after it. After every step the records hold what the steps made, and the index's entries,
     * its finder and verify() agree with them exactly.
     */
    @Test
    void theSetIndexHoldsOneEntryPerElementThroughAddsRemovesSavesAndDeletes() {
        Map<Long, Set<String>> expected = new HashMap<>();
        List<Runnable> steps = List.of(
                () -> saveMembership(expected, 1, set("chess", "go")),
                () -> saveMembership(expected, 2, set("go")),
                () -> addGroup(expected, 1, "poker"),
                () -> addGroup(expected, 1, "go"),
                () -> addGroup(expected, 2, "chess"),
                () -> removeGroup(expected, 1, "chess"),
                () -> removeGroup(expected, 2, "bridge"),
                () -> addGroup(expected, 2, null),
                () -> assertTrue(memberships.updateName(1, "renamed")),
                () -> saveMembership(expected, 1, set("bridge", "go")),
                () -> saveMembership(expected, 2, set()),
                () -> addGroup(expected, 2, "bridge"),
                () -> removeGroup(expected, 2, "bridge"),
                () -> {
                    assertTrue(memberships.deleteById(1));
                    expected.remove(1L);
                },
                () -> saveMembership(expected, 1, set("chess")),
                () -> {
                    assertTrue(memberships.updateGroups(2, null));
                    expected.put(2L, null);
                },
                () -> addGroup(expected, 2, "go"),
                () -> addGroup(expected, 2, "chess"));
        for (int i = 0; i < steps.size(); i++) {
            steps.get(i).run();
            assertSetIndexExact(expected, "after step " + i);
        }
        assertEquals(List.of(1L, 2L), memberships.findByGroups("chess").stream().map(m -> m.id).toList());
        assertEquals(List.of(), memberships.findByGroups("poker"));
    }

    private void saveMembership(Map<Long, Set<String>> expected, long id, Set<String> groups) {
        MembershipData membership = memberships.create();
        membership.id = id;
        membership.name = "m" + id;
        membership.groups = groups;
        memberships.save(membership);
        expected.put(id, new HashSet<>(groups));
    }

    private void addGroup(Map<Long, Set<String>> expected, long id, String group) {
        assertTrue(memberships.addGroups(id, group));
        expected.computeIfAbsent(id, nullSet -> new HashSet<>()).add(group);
    }

    private void removeGroup(Map<Long, Set<String>> expected, long id, String group) {
        assertTrue(memberships.removeGroups(id, group));
        expected.get(id).remove(group);
    }

    /**
     * The memberships hold the groups of {@code expected} (null: a null set), and the index on them holds
     * exactly one entry per membership and element, which its finder and verify() agree with.
     */
    private void assertSetIndexExact(Map<Long, Set<String>> expected, String context) {
        Map<Long, Set<String>> stored = new HashMap<>();
        for (MembershipData membership : memberships.findAll()) {
            stored.put(membership.id, membership.groups == null ? null : new HashSet<>(membership.groups));
        }
        assertEquals(expected, stored, context + ": the records");
        IntegrityReport report = memberships.verify();
        assertTrue(report.isClean(), context + ": " + report);

        Set<List<Object>> entries = new HashSet<>();
        Set<String> elements = new HashSet<>(List.of("nobody"));
        for (Map.Entry<Long, Set<String>> membership : stored.entrySet()) {
            for (String element : membership.getValue() == null ? Set.<String>of() : membership.getValue()) {
                entries.add(Arrays.asList(element, membership.getKey()));
                elements.add(element);
            }
        }
        KeyLayout layout = new KeyLayout(memberships.entityName(), 1);
        List<List<Object>> storedEntries = new ArrayList<>();
        for (KeyValue entry : Raw.scan(store.unwrap(KvBackend.class), KeyRange.tuplePrefix(layout.indexPrefix("groups")))) {
            List<Object> tuple = Tuples.decode(entry.key());
            storedEntries.add(tuple.subList(1, tuple.size()));
        }
        assertEquals(entries, new HashSet<>(storedEntries), context + ": one index entry per membership and element");
        for (String element : elements) {
            assertEquals(stored.entrySet().stream().filter(m -> m.getValue() != null && m.getValue().contains(element))
                    .map(Map.Entry::getKey).sorted().toList(),
                    memberships.findByGroups(element).stream().map(m -> m.id).toList(),
                    context + ": findByGroups(" + element + ")");
        }
    }

    @Test
    void countersFollowEveryChangeDeleteAndResurrection() {
        profiles.save(full(1));
        profiles.save(full(2));
        List<Runnable> steps = List.of(
                () -> assertTrue(profiles.updateStatus(1, "away")),
                () -> assertTrue(profiles.updateScore(2, -4)),
                () -> assertTrue(profiles.updateHome(2, home("Rome", 1, 1))),
                () -> assertTrue(profiles.updateHome(1, new Residence(null, null, null))),
                () -> assertTrue(profiles.updateStatus(2, null)),
                () -> assertTrue(profiles.deleteById(1)),
                () -> profiles.save(full(1)),
                () -> assertTrue(profiles.updateScore(1, 0)),
                () -> profiles.insert(full(3)));
        for (int i = 0; i < steps.size(); i++) {
            steps.get(i).run();
            assertConsistent();
        }
        assertEquals(Map.of("Oslo", 10L, "Rome", -4L), profiles.sumScoreByCity(),
                "profile 1 holds 0 in Oslo, 3 holds 10, 2 holds -4 in Rome");
        assertEquals(2, profiles.countByStatus("active"));
        assertEquals(3, profiles.countTotal());
    }

    @Test
    void aUniqueConflictRefusesTheChangeAndWritesNothing() {
        profiles.save(full(1));
        profiles.save(full(2));
        Map<String, String> before = Raw.dump(store);
        UniqueConstraintException update = assertThrows(UniqueConstraintException.class,
                () -> profiles.updateEmail(2, "p1@x"));
        assertTrue(update.getMessage().contains("email") && update.getMessage().contains("p1@x"), update.getMessage());
        ProfileData clash = full(2);
        clash.email = "p1@x";
        assertThrows(UniqueConstraintException.class, () -> profiles.save(clash));
        assertEquals(before, Raw.dump(store));
        assertTrue(profiles.updateEmail(1, null));
        assertTrue(profiles.updateEmail(2, "p1@x"), "the value is free once its holder let it go");
    }

    @Test
    void repairRestoresAnIndexEntryLostBehindTheRepositorysBack() {
        profiles.save(full(1));
        KeyLayout layout = new KeyLayout(profiles.entityName(), 1);
        byte[] entry = layout.entry(layout.indexPrefix("tags"), Tuples.encode("y"),
                Raw.recordKey(profiles.entityName(), 1L));
        assertTrue(store.unwrap(KvBackend.class).get(entry) != null, "the entry the test removes exists");
        store.transact(tx -> {
            tx.unwrap(KvTransaction.class).delete(entry);
        });
        IntegrityReport found = profiles.verify();
        assertEquals(1, found.problems().size(), found.toString());
        assertTrue(found.problems().get(0).contains("index 'tags' has no entry for value (\"y\")"), found.toString());
        assertEquals(1, profiles.repair().repaired());
        assertEquals(List.of(stored(1)), profiles.findByTags("y"));
    }

    // ---- transactions

    @Test
    void aUnitOfWorkAcrossRepositoriesCommitsOrRollsBackAsOne() {
        assumeFalse(versionedWritesRefused(), "the unit of work writes a versioned note");
        profiles.save(full(1));
        NoteData note = notes.create();
        note.owner = "ann";
        note.seq = 1;
        Map<String, String> before = Raw.dump(store);
        IllegalStateException abort = assertThrows(IllegalStateException.class, () -> store.transactResult(tx -> {
            assertTrue(profiles.with(tx).appendTags(1, "in-tx"));
            assertTrue(profiles.with(tx).putRatings(1, "tx", 1L));
            notes.with(tx).save(note);
            assertEquals(list("x", "y", null, "x", "in-tx"), profiles.with(tx).findById(1).orElseThrow().tags,
                    "the unit of work reads its own writes");
            throw new IllegalStateException("abort");
        }));
        assertEquals("abort", abort.getMessage());
        assertEquals(before, Raw.dump(store), "nothing of the failed unit of work is stored");

        store.transact(tx -> {
            assertTrue(profiles.with(tx).appendTags(1, "in-tx"));
            assertTrue(profiles.with(tx).removeRatings(1, "a"));
            profiles.with(tx).save(full(2));
            notes.with(tx).save(note);
        });
        ProfileData expected = full(1);
        expected.tags.add("in-tx");
        expected.ratings.remove("a");
        assertEquals(expected, stored(1));
        assertEquals(full(2), stored(2));
        assertEquals(1, notes.findById("ann", 1).orElseThrow().version);
        assertEquals(List.of(expected), profiles.findByTags("in-tx"));
    }

    // ---- @Version

    /**
     * Whether this store refuses the versioned notes' writes: an attribute-per-key entity has no one value a
     * checked write could compare, so on a backend without conflict detection (Cassandra) its versioned
     * writes could overwrite each other unawares (docs/consistency.md).
     */
    boolean versionedWritesRefused() {
        return notes instanceof Notes.Apk && !store.unwrap(KvBackend.class).detectsConflicts();
    }

    @Test
    void everyChangeOfAVersionedEntityBumpsItsVersionByOne() {
        NoteData expected = notes.create();
        expected.owner = "ann";
        expected.seq = 7;
        expected.lines = list("l0");
        if (versionedWritesRefused()) {
            Map<String, String> before = Raw.dump(store);
            InvalidRequestException refused = assertThrows(InvalidRequestException.class, () -> notes.save(expected));
            assertTrue(refused.getMessage().startsWith("ApkNote: a @Version entity stored one key per "
                    + "attribute cannot be written on "), refused.getMessage());
            assertTrue(refused.getMessage().contains("MONOLITHIC"), "says how to proceed: " + refused.getMessage());
            assertThrows(InvalidRequestException.class, () -> notes.appendLines("ann", 7, "x"));
            assertEquals(before, Raw.dump(store), "nothing written");
            return;
        }
        NoteData saved = notes.save(expected);
        assertEquals(1, saved.version);
        expected.version = 1;
        List<Function<NoteData, Boolean>> changes = List.of(
                n -> {
                    n.text = "t";
                    return notes.updateText("ann", 7, "t");
                },
                n -> {
                    n.place = home("Oslo", 1, 2);
                    return notes.updatePlace("ann", 7, home("Oslo", 1, 2));
                },
                n -> {
                    n.lines.add("l1");
                    return notes.appendLines("ann", 7, "l1");
                },
                n -> {
                    n.lines.add(0, "first");
                    return notes.insertLines("ann", 7, 0, "first");
                },
                n -> {
                    n.lines.remove(1);
                    return notes.removeLinesAt("ann", 7, 1);
                },
                n -> {
                    n.lines = list("new");
                    return notes.updateLines("ann", 7, list("new"));
                },
                n -> {
                    n.labels = set("a");
                    return notes.addLabels("ann", 7, "a");
                },
                n -> notes.addLabels("ann", 7, "a"),
                n -> {
                    n.labels.remove("a");
                    return notes.removeLabels("ann", 7, "a");
                },
                n -> {
                    n.labels = set("b", "c");
                    return notes.updateLabels("ann", 7, set("b", "c"));
                },
                n -> {
                    n.counts = map("k", 1);
                    return notes.putCounts("ann", 7, "k", 1);
                },
                n -> {
                    n.counts.put("k", null);
                    return notes.putCounts("ann", 7, "k", null);
                },
                n -> {
                    n.counts.remove("k");
                    return notes.removeCounts("ann", 7, "k");
                },
                n -> {
                    n.counts = null;
                    return notes.updateCounts("ann", 7, null);
                });
        for (int i = 0; i < changes.size(); i++) {
            assertTrue(changes.get(i).apply(expected), "change " + i);
            expected.version++;
            assertEquals(expected, notes.findById("ann", 7).orElseThrow(), "after change " + i);
        }
        assertEquals(1 + changes.size(), expected.version);

        InvalidRequestException refused = assertThrows(InvalidRequestException.class,
                () -> notes.insertLines("ann", 7, 5, "x"));
        assertTrue(refused.getMessage().contains("'lines'"), refused.getMessage());
        assertEquals(expected, notes.findById("ann", 7).orElseThrow(), "a refused change bumps nothing");
        assertFalse(notes.appendLines("ann", 8, "x"));
    }

    @Test
    void aSaveWithAStaleVersionIsRefusedAndChangesNothing() {
        assumeFalse(versionedWritesRefused(), "refused outright on this store: everyChangeOfAVersionedEntity...");
        NoteData note = notes.create();
        note.owner = "bob";
        note.seq = 1;
        note.lines = list("a");
        NoteData stale = notes.save(note);
        assertTrue(notes.appendLines("bob", 1, "b"));
        OptimisticLockException e = assertThrows(OptimisticLockException.class, () -> notes.save(stale));
        assertTrue(e.getMessage().contains("Note"), e.getMessage());
        NoteData current = notes.findById("bob", 1).orElseThrow();
        assertEquals(list("a", "b"), current.lines);
        assertEquals(2, current.version);
        current.lines = list("c");
        assertEquals(3, notes.save(current).version);
        assertTrue(notes.deleteById("bob", 1));
        NoteData again = notes.create();
        again.owner = "bob";
        again.seq = 1;
        assertEquals(1, notes.save(again).version, "a deleted note starts again at version 1");
        assertEquals(null, notes.findById("bob", 1).orElseThrow().lines);
    }

    /**
     * Threads appending to one versioned note at once: each change reads a version and writes the next, and
     * only a writer whose version is still the stored one commits (through a conflict where the backend
     * detects them, through a checked write of the record's value where it does not, as on Cassandra). So no
     * two changes share a version, and none is lost: every acknowledged append is there, in each thread's
     * order, and the version counts them all.
     */
    @Test
    void concurrentChangesOfAVersionedEntityNeitherShareAVersionNorGetLost() throws Exception {
        assumeFalse(versionedWritesRefused(), "refused outright on this store: everyChangeOfAVersionedEntity...");
        NoteData note = notes.create();
        note.owner = "cat";
        note.seq = 1;
        note.lines = list();
        notes.save(note);
        int threads = 4;
        int perThread = 15;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<List<String>>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    start.await();
                    List<String> acknowledged = new ArrayList<>();
                    for (int i = 0; i < perThread; i++) {
                        String line = thread + "-" + i;
                        try {
                            assertTrue(notes.appendLines("cat", 1, line));
                            acknowledged.add(line);
                        } catch (TransactionConflictException lostEveryRetry) {
                            // applied nothing: a conflict is thrown only by a commit that wrote nothing
                        }
                    }
                    return acknowledged;
                }));
            }
            start.countDown();
            List<String> acknowledged = new ArrayList<>();
            NoteData stored = null;
            for (int t = 0; t < threads; t++) {
                List<String> mine = futures.get(t).get(2, TimeUnit.MINUTES);
                acknowledged.addAll(mine);
                stored = notes.findById("cat", 1).orElseThrow();
                String prefix = t + "-";
                assertEquals(mine, stored.lines.stream().filter(line -> line.startsWith(prefix)).toList(),
                        "thread " + t + ": its acknowledged appends, in its order");
            }
            assertEquals(acknowledged.size(), stored.lines.size(), "nothing but the acknowledged appends");
            assertEquals(1 + acknowledged.size(), stored.version, "one version per change");
            assertTrue(acknowledged.size() >= perThread, "appends got through: " + acknowledged.size());
        } finally {
            pool.shutdownNow();
        }
    }

    // ---- the invariants every test ends with

    /**
     * verify() is clean, and every finder and counter agrees with a recount from the records: an index
     * or counter change a write forgot, or a record item a change left behind, shows here.
     */
    void assertConsistent() {
        IntegrityReport report = profiles.verify();
        assertTrue(report.isClean(), report.toString());
        List<ProfileData> all = profiles.findAll();
        for (ProfileData profile : all) {
            assertEquals(profile, stored(profile.id), "a point read agrees with the scan");
        }
        assertEquals(all.size(), profiles.countTotal());
        Map<String, Long> byStatus = new HashMap<>();
        Map<String, Long> scoreByCity = new HashMap<>();
        for (ProfileData profile : all) {
            byStatus.merge(profile.status, 1L, Long::sum);
            scoreByCity.merge(city(profile), (long) profile.score, Long::sum);
        }
        scoreByCity.values().removeIf(sum -> sum == 0);
        assertEquals(byStatus, new HashMap<>(profiles.countByStatus()), "countByStatus() against a recount");
        assertEquals(scoreByCity, new HashMap<>(profiles.sumScoreByCity()), "sumScoreByCity() against a recount");
        for (Map.Entry<String, Long> status : byStatus.entrySet()) {
            assertEquals(status.getValue(), profiles.countByStatus(status.getKey()));
        }
        assertIndexesExact("assertConsistent");
    }

    /** Every index finder, for every value the records hold (and one they do not), lists exactly the holders. */
    void assertIndexesExact(String context) {
        List<ProfileData> all = profiles.findAll();
        Set<String> statuses = new java.util.HashSet<>(List.of("nobody"));
        Set<String> tags = new java.util.HashSet<>(List.of("nobody"));
        Set<List<Object>> places = new java.util.HashSet<>();
        Set<Double> lats = new java.util.HashSet<>();
        for (ProfileData profile : all) {
            statuses.add(profile.status);
            if (profile.tags != null) {
                tags.addAll(profile.tags);
            }
            places.add(java.util.Arrays.asList(city(profile), floor(profile)));
            lats.add(lat(profile));
            if (profile.email != null) {
                assertEquals(Optional.of(profile), profiles.findByEmail(profile.email), context);
            }
        }
        assertEquals(Optional.empty(), profiles.findByEmail("nobody@x"), context);
        for (String status : statuses) {
            assertEquals(ids(all, p -> Objects.equals(p.status, status)), ids(profiles.findByStatus(status)),
                    context + ": findByStatus(" + status + ")");
        }
        for (String tag : tags) {
            assertEquals(ids(all, p -> p.tags != null && p.tags.contains(tag)), ids(profiles.findByTags(tag)),
                    context + ": findByTags(" + tag + ")");
        }
        for (List<Object> place : places) {
            assertEquals(ids(all, p -> Objects.equals(city(p), place.get(0)) && Objects.equals(floor(p), place.get(1))),
                    ids(profiles.findByCityAndFloor((String) place.get(0), (Integer) place.get(1))),
                    context + ": findByCityAndFloor" + place);
        }
        for (Double lat : lats) {
            assertEquals(ids(all, p -> Objects.equals(lat(p), lat)), ids(profiles.findByLat(lat)),
                    context + ": findByLat(" + lat + ")");
        }
    }

    private static List<Long> ids(List<ProfileData> profiles) {
        return profiles.stream().map(p -> p.id).toList();
    }

    private static List<Long> ids(List<ProfileData> all, java.util.function.Predicate<ProfileData> holds) {
        return all.stream().filter(holds).map(p -> p.id).sorted(Comparator.naturalOrder()).toList();
    }

    static String city(ProfileData p) {
        return p.home == null ? null : p.home.city();
    }

    static Integer floor(ProfileData p) {
        return p.home == null || p.home.building() == null ? null : p.home.building().floor;
    }

    static Double lat(ProfileData p) {
        return p.home == null || p.home.building() == null || p.home.building().coordinates == null ? null
                : p.home.building().coordinates.lat();
    }
}
