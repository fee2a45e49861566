package io.kvmapper.it.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.it.TestStores;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Thousands of elements in one attribute-per-key entity: written, read, and changed element by element. */
class LargeCollectionsTest {
    private static final int SIZE = 5_000;

    @TempDir
    Path dir;
    KvStore store;
    ApkProfileRepository profiles;

    @BeforeEach
    void open() {
        store = TestStores.open(dir);
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

    @Test
    void aListAndAMapOfFiveThousandElementsAreWrittenReadAndChangedElementByElement() {
        ApkProfile profile = new ApkProfile();
        profile.id = 1;
        profile.notes = new ArrayList<>();
        profile.ratings = new LinkedHashMap<>();
        profile.tags = new ArrayList<>();
        for (int i = 0; i < SIZE; i++) {
            profile.notes.add("note-" + i);
            profile.ratings.put("key-" + i, (long) i);
            profile.tags.add("tag-" + (i % 50));
        }
        profiles.save(profile);
        byte[] key = Raw.recordKey("ApkProfile", 1L);
        assertEquals(1 + 1 + 3 * (1 + SIZE), Raw.record(store, key).size(),
                "the head, the score, and per collection its container and one item per element");
        assertEquals(profile, profiles.findById(1).orElseThrow());
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

        ApkProfile changed = profiles.findById(1).orElseThrow();
        assertEquals(notes, changed.notes);
        assertEquals(ratings, changed.ratings);
        assertEquals(SIZE, changed.tags.size());
        assertEquals("tag-new", changed.tags.get(SIZE - 1));
        assertEquals(List.of(changed), profiles.findByTags("tag-new"));
        try (Stream<ApkProfile> all = profiles.findAll()) {
            assertEquals(List.of(changed), all.toList());
        }

        assertTrue(profiles.updateNotes(1, List.of("only")));
        assertTrue(profiles.updateRatings(1, null));
        assertEquals(1 + 1 + (1 + 1) + (1 + SIZE), Raw.record(store, key).size(),
                "the replaced list and the removed map left no item behind");
        assertTrue(profiles.deleteById(1));
        assertEquals(List.of(), Raw.record(store, key));
    }
}
