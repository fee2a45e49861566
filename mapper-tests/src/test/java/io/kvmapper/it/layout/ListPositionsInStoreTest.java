package io.kvmapper.it.layout;

import static io.kvmapper.it.layout.Fixtures.list;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.it.TestStores;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.tuple.Tuples;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * List positions as the store holds them: many inserts at one spot and random inserts, removals and
 * appends keep the order of a java.util.List model, and the positions stay short.
 */
class ListPositionsInStoreTest {
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
        store.close();
    }

    @Test
    void fiveHundredInsertsAtPositionOneKeepTheOrderAndPositionsGrowOneCharacterPerFiveInserts() {
        ApkProfile profile = new ApkProfile();
        profile.id = 1;
        profile.notes = list("first", "last");
        profiles.save(profile);
        List<String> model = list("first", "last");
        for (int i = 0; i < 500; i++) {
            assertTrue(profiles.insertNotes(1, 1, "n" + i));
            model.add(1, "n" + i);
            if (i % 100 == 99) {
                assertEquals(model, profiles.findById(1).orElseThrow().notes, "after " + (i + 1) + " inserts");
            }
        }
        List<Position> positions = positions(1);
        assertEquals(model.size(), positions.size());
        int longest = positions.stream().mapToInt(p -> p.minor.length()).max().orElseThrow();
        // Each insert lands before the previous one, halving the gap above the first element: 31, 15, 7,
        // 3, 1 in base 62, then one more character. 500 such inserts give 100 characters (measured).
        assertTrue(longest <= 500 / 5, "the longest position after 500 inserts at one spot has " + longest
                + " characters; at most one per five inserts");
    }

    @Test
    void randomInsertsRemovalsAndAppendsFollowAListModel() {
        ApkProfile profile = new ApkProfile();
        profile.id = 1;
        profile.notes = list();
        profiles.save(profile);
        List<String> model = new ArrayList<>();
        Random random = new Random(20_261_124);
        for (int step = 0; step < 1_500; step++) {
            int choice = random.nextInt(10);
            String value = "v" + step;
            if (choice < 6 || model.isEmpty()) {
                int index = random.nextInt(model.size() + 1);
                assertTrue(profiles.insertNotes(1, index, value));
                model.add(index, value);
            } else if (choice < 8) {
                int index = random.nextInt(model.size());
                assertTrue(profiles.removeNotesAt(1, index));
                model.remove(index);
            } else {
                assertTrue(profiles.appendNotes(1, value));
                model.add(value);
            }
            if (step % 250 == 249) {
                assertEquals(model, profiles.findById(1).orElseThrow().notes, "after step " + step);
            }
        }
        assertEquals(model, profiles.findById(1).orElseThrow().notes);
        List<Position> positions = positions(1);
        assertEquals(model.size(), positions.size());
        int longest = positions.stream().mapToInt(p -> p.minor.length()).max().orElseThrow();
        assertTrue(longest <= 6, "random inserts into a list of " + model.size() + " elements need short positions, "
                + "not " + longest + " characters");
    }

    /** A list element's position as stored. */
    record Position(long major, String minor) {
    }

    /** The positions of the elements of {@code notes} (stored as "memo"), in key order, strictly increasing. */
    private List<Position> positions(long id) {
        byte[] key = Raw.recordKey("ApkProfile", id);
        byte[] field = Tuples.encode("memo");
        List<Position> positions = new ArrayList<>();
        byte[] previous = null;
        for (KeyValue item : Raw.record(store, key)) {
            byte[] path = Arrays.copyOfRange(item.key(), key.length, item.key().length);
            List<Object> elements = Tuples.decode(path);
            if (elements.isEmpty() || !elements.get(0).equals("memo") || path.length == field.length) {
                continue;
            }
            assertEquals(3, elements.size(), "an element of a list of strings is one item: " + elements);
            String minor = (String) elements.get(2);
            assertTrue(minor.isEmpty() || minor.charAt(minor.length() - 1) != '0', "a minor ending in 0: " + elements);
            assertTrue(minor.chars().allMatch(Character::isLetterOrDigit), "not base 62: " + elements);
            if (previous != null) {
                assertTrue(Arrays.compareUnsigned(previous, item.key()) < 0);
            }
            previous = item.key();
            positions.add(new Position((Long) elements.get(1), minor));
        }
        return positions;
    }
}
