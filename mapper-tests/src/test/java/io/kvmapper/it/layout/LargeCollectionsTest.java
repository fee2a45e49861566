package io.kvmapper.it.layout;

import io.kvmapper.spi.KvBackend;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.it.TestStores;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Thousands of elements in one entity, in both layouts (the profile twins, which have the same generated
 * methods): a list, a set and a map written, read, and changed element by element, leaving no item behind.
 */
class LargeCollectionsTest {
    private static final int SIZE = 5_000;

    /** The layout under test, as the profile twin stored in it. */
    enum Twin {
        MONOLITHIC(Profiles.Mono::new),
        ATTRIBUTE_PER_KEY(Profiles.Apk::new);

        private final Function<KvStore, Profiles> repository;

        Twin(Function<KvStore, Profiles> repository) {
            this.repository = repository;
        }
    }

    @TempDir
    Path dir;
    KvStore store;
    Twin twin;
    Profiles profiles;

    @BeforeEach
    void openStore() {
        store = TestStores.open(dir);
    }

    void open(Twin layout) {
        twin = layout;
        profiles = layout.repository.apply(store);
    }

    @AfterEach
    void close() {
        try {
            assertTrue(profiles.verify().isClean(), profiles.verify().toString());
        } finally {
            store.close();
        }
    }

    ProfileData stored(long id) {
        return profiles.findById(id).orElseThrow(() -> new AssertionError("profile " + id + " is not stored"));
    }

    /**
     * Asserts how many items profile 1 is stored as: {@code attributeItems} in the attribute-per-key layout,
     * one value in the monolithic one.
     */
    void assertStoredAs(int attributeItems, String message) {
        int expected = twin == Twin.MONOLITHIC ? 1 : attributeItems;
        assertEquals(expected, Raw.record(store, Raw.recordKey(profiles.entityName(), 1L)).size(), twin + ": " + message);
    }

    /**
     * Whether this store refuses a monolithic profile of a few hundred kilobytes: on a backend that detects no
     * conflicts (Cassandra), a monolithic record with a unique index is replaced with a checked write, whose
     * value must fit one cell of {@code valueChunkSize} (docs/consistency.md).
     */
    boolean largeMonolithicValuesRefused() {
        return twin == Twin.MONOLITHIC && !store.unwrap(KvBackend.class).detectsConflicts();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Twin.class)
    void aListAndAMapOfFiveThousandElementsAreWrittenReadAndChangedElementByElement(Twin layout) {
        open(layout);
        ProfileData profile = profiles.create();
        profile.id = 1;
        profile.notes = new ArrayList<>();
        profile.ratings = new LinkedHashMap<>();
        profile.tags = new ArrayList<>();
        for (int i = 0; i < SIZE; i++) {
            profile.notes.add("note-" + i);
            profile.ratings.put("key-" + i, (long) i);
            profile.tags.add("tag-" + (i % 50));
        }
        if (largeMonolithicValuesRefused()) {
            Map<String, String> before = Raw.dump(store);
            InvalidRequestException refused = assertThrows(InvalidRequestException.class, () -> profiles.save(profile));
            assertTrue(refused.getMessage().contains("valueChunkSize"), "says what to raise: " + refused.getMessage());
            assertEquals(before, Raw.dump(store), "nothing written");
            return;
        }
        profiles.save(profile);
        assertStoredAs(1 + 1 + 3 * (1 + SIZE), "the head, the score, and per collection its container and one item "
                + "per element");
        assertEquals(profile, stored(1));
        assertEquals(List.of(profile), profiles.findByTags("tag-49"));

        List<String> notes = new ArrayList<>(profile.notes);
        Map<String, Long> ratings = new LinkedHashMap<>(profile.ratings);
        assertTrue(profiles.insertNotes(1, SIZE / 2, "middle"));
        notes.add(SIZE / 2, "middle");
        assertTrue(profiles.insertNotes(1, 0, "front"));
        notes.add(0, "front");
        assertTrue(profiles.removeNotesAt(1, SIZE - 1));
        notes.remove(SIZE - 1);
        assertTrue(profiles.appendNotes(1, "end"));
        notes.add("end");
        assertTrue(profiles.putRatings(1, "key-2500", -1L));
        ratings.put("key-2500", -1L);
        assertTrue(profiles.putRatings(1, "new", 7L));
        ratings.put("new", 7L);
        assertTrue(profiles.removeRatings(1, "key-0"));
        ratings.remove("key-0");
        assertTrue(profiles.appendTags(1, "tag-new"));
        assertTrue(profiles.removeTagsAt(1, 0));

        ProfileData changed = stored(1);
        assertEquals(notes, changed.notes);
        assertEquals(ratings, changed.ratings);
        assertEquals(SIZE, changed.tags.size());
        assertEquals("tag-new", changed.tags.get(SIZE - 1));
        assertEquals(List.of(changed), profiles.findByTags("tag-new"));
        assertEquals(List.of(changed), profiles.findAll());

        assertTrue(profiles.updateNotes(1, List.of("only")));
        assertTrue(profiles.updateRatings(1, null));
        assertStoredAs(1 + 1 + (1 + 1) + (1 + SIZE), "the replaced list and the removed map left no item behind");
        assertTrue(profiles.deleteById(1));
        assertEquals(List.of(), Raw.record(store, Raw.recordKey(profiles.entityName(), 1L)));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Twin.class)
    void aSetOfFiveThousandElementsIsWrittenReadAndChangedElementByElement(Twin layout) {
        open(layout);
        ProfileData profile = profiles.create();
        profile.id = 1;
        profile.badges = new LinkedHashSet<>();
        for (int i = 0; i < SIZE; i++) {
            profile.badges.add(2 * i);
        }
        profiles.save(profile);
        assertStoredAs(1 + 1 + 1 + SIZE, "the head, the score, the set's container and one item per element");
        assertEquals(profile, stored(1));

        Set<Integer> badges = new HashSet<>(profile.badges);
        for (int i = 0; i < SIZE; i += 50) {
            assertTrue(profiles.removeBadges(1, 2 * i));
            badges.remove(2 * i);
            assertTrue(profiles.addBadges(1, 2 * i + 1), "an element between two stored ones");
            badges.add(2 * i + 1);
        }
        assertTrue(profiles.addBadges(1, -1));
        badges.add(-1);
        assertTrue(profiles.addBadges(1, 2 * SIZE));
        badges.add(2 * SIZE);
        assertTrue(profiles.removeBadges(1, 2 * SIZE - 2));
        badges.remove(2 * SIZE - 2);
        assertTrue(profiles.addBadges(1, null));
        badges.add(null);
        assertTrue(profiles.addBadges(1, 2), "an element the set holds already");
        assertTrue(profiles.removeBadges(1, 3), "an element the set does not hold");
        assertEquals(SIZE + 2, badges.size());

        ProfileData changed = stored(1);
        assertEquals(badges, changed.badges);
        assertStoredAs(1 + 1 + 1 + badges.size(), "one item per element, no more");
        assertEquals(List.of(changed), profiles.findAll());

        assertTrue(profiles.updateBadges(1, Fixtures.set(7)));
        assertEquals(Fixtures.set(7), stored(1).badges);
        assertStoredAs(1 + 1 + 1 + 1, "the replaced set left no item behind");
        assertTrue(profiles.deleteById(1));
        assertEquals(List.of(), Raw.record(store, Raw.recordKey(profiles.entityName(), 1L)));
    }
}
