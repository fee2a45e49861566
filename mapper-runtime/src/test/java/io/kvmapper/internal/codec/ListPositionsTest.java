package io.kvmapper.internal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.codec.ListPositions.Position;
import io.kvmapper.internal.tuple.TupleWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * List positions against a model: whatever sequence of inserts chooses them, positions sort in list
 * order as the tuple encoding sorts them, are base-62 fractions never ending in '0', and stay short.
 */
class ListPositionsTest {
    private static final String DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    /** The key bytes a position is stored under: its two tuple elements. */
    private static byte[] encoded(Position position) {
        return new TupleWriter(16).writeLong(position.major()).writeString(position.minor()).toByteArray();
    }

    private static void assertWellFormed(Position position) {
        String minor = position.minor();
        assertTrue(minor.chars().allMatch(c -> DIGITS.indexOf(c) >= 0), "not base 62: " + position);
        assertTrue(minor.isEmpty() || minor.charAt(minor.length() - 1) != '0', "ends in '0': " + position);
    }

    private static void assertBetween(Position low, Position middle, Position high) {
        assertWellFormed(middle);
        if (low != null) {
            assertTrue(Arrays.compareUnsigned(encoded(low), encoded(middle)) < 0, low + " < " + middle);
        }
        if (high != null) {
            assertTrue(Arrays.compareUnsigned(encoded(middle), encoded(high)) < 0, middle + " < " + high);
        }
    }

    /** The position a list insert at {@code index} takes, from its neighbours in {@code list}. */
    private static Position insertAt(List<Position> list, int index) {
        if (list.isEmpty()) {
            return ListPositions.first();
        }
        if (index == 0) {
            return ListPositions.before(list.get(0));
        }
        if (index == list.size()) {
            return ListPositions.after(list.get(list.size() - 1));
        }
        return ListPositions.between(list.get(index - 1), list.get(index));
    }

    private static void assertStrictlyOrdered(List<Position> list) {
        for (int i = 1; i < list.size(); i++) {
            assertTrue(Arrays.compareUnsigned(encoded(list.get(i - 1)), encoded(list.get(i))) < 0,
                    "element " + (i - 1) + " " + list.get(i - 1) + " before element " + i + " " + list.get(i));
        }
    }

    @Test
    void appendsAndFrontInsertsMoveTheMajorAndKeepTheMinorEmpty() {
        assertEquals(new Position(0, ""), ListPositions.first());
        assertEquals(new Position(8, ""), ListPositions.after(new Position(7, "x")));
        assertEquals(new Position(-4, ""), ListPositions.before(new Position(-3, "1")));
        assertEquals(new Position(5, ""), ListPositions.between(new Position(2, ""), new Position(9, "")));
        assertEquals(new Position(Long.MAX_VALUE, "V"), ListPositions.after(new Position(Long.MAX_VALUE, "")));
        assertEquals(new Position(Long.MIN_VALUE, "F"), ListPositions.before(new Position(Long.MIN_VALUE, "V")));
        Position wide = ListPositions.between(new Position(Long.MIN_VALUE, ""), new Position(Long.MAX_VALUE, ""));
        assertEquals(new Position(-1, ""), wide, "the gap of the whole long range does not overflow");
    }

    @Test
    void midpointsLieStrictlyBetweenOnEdgeCases() {
        String[][] cases = {
                {"", null}, {"", "1"}, {"", "01"}, {"", "001"}, {"1", "2"}, {"1", "11"}, {"1", "1001"},
                {"V", "W"}, {"z", null}, {"zz", null}, {"zzz", null}, {"y", "z"}, {"yz", "z"}, {"0V", "1"},
                {"1", "2V"}, {"12", "13"}, {"1z", "2"}, {"", "0001"}, {"9zz", "A"}};
        for (String[] c : cases) {
            Position low = new Position(3, c[0]);
            Position high = c[1] == null ? new Position(4, "") : new Position(3, c[1]);
            Position middle = ListPositions.between(low, high);
            assertBetween(low, middle, high);
        }
    }

    @Test
    void midpointsOfRandomFractionsLieStrictlyBetween() {
        Random random = new Random(11);
        for (int i = 0; i < 20_000; i++) {
            String a = fraction(random);
            String b = fraction(random);
            if (a.equals(b)) {
                continue;
            }
            String low = a.compareTo(b) < 0 ? a : b;
            String high = a.compareTo(b) < 0 ? b : a;
            assertBetween(new Position(0, low), ListPositions.between(new Position(0, low), new Position(0, high)),
                    new Position(0, high));
            assertBetween(new Position(0, low), ListPositions.after(new Position(0, low)), null);
            assertBetween(new Position(0, high), ListPositions.between(new Position(0, high), new Position(1, low)),
                    new Position(1, low));
        }
    }

    /** A random base-62 fraction of up to six digits, not ending in '0'; digits near both ends are likelier. */
    private static String fraction(Random random) {
        StringBuilder digits = new StringBuilder();
        int length = random.nextInt(7);
        for (int i = 0; i < length; i++) {
            int pick = random.nextInt(4);
            digits.append(DIGITS.charAt(pick == 0 ? 0 : pick == 1 ? 61 : pick == 2 ? 1 : random.nextInt(62)));
        }
        while (digits.length() > 0 && digits.charAt(digits.length() - 1) == '0') {
            digits.setLength(digits.length() - 1);
        }
        return digits.toString();
    }

    @Test
    void anInvalidDigitInAStoredPositionIsCorruptData() {
        CorruptDataException e = assertThrows(CorruptDataException.class,
                () -> ListPositions.between(new Position(1, "a"), new Position(1, "a!")));
        assertTrue(e.getMessage().contains("'!'"), e.getMessage());
    }

    @Test
    void randomInsertsKeepTheModelsOrderWithShortPositions() {
        Random random = new Random(4);
        for (int round = 0; round < 20; round++) {
            List<Position> list = new ArrayList<>();
            int longest = 0;
            for (int step = 0; step < 500; step++) {
                if (!list.isEmpty() && random.nextInt(4) == 0) {
                    list.remove(random.nextInt(list.size()));
                    continue;
                }
                int index = random.nextInt(list.size() + 1);
                Position position = insertAt(list, index);
                assertBetween(index == 0 ? null : list.get(index - 1), position,
                        index == list.size() ? null : list.get(index));
                list.add(index, position);
                longest = Math.max(longest, position.minor().length());
            }
            assertStrictlyOrdered(list);
            assertTrue(longest <= 5, "round " + round + ": random inserts needed " + longest + " characters");
        }
    }

    /** The adversarial patterns: always at the same index, from either side, and sequential typing. */
    @Test
    void insertsAtOneSpotGrowPositionsByAboutOneCharacterPerFiveOrSixInserts() {
        int[][] patterns = {{1, 0}, {-1, 0}, {1, 1}, {2, 0}};
        for (int[] pattern : patterns) {
            List<Position> list = new ArrayList<>(List.of(ListPositions.first(), ListPositions.after(
                    ListPositions.first()), new Position(2, ""), new Position(3, "")));
            int longest = 0;
            for (int i = 0; i < 1_000; i++) {
                // pattern {a, b}: a >= 0 inserts at index a + b * i; a < 0 inserts before the last element
                int index = pattern[0] < 0 ? list.size() - 1 : pattern[0] + pattern[1] * i;
                Position position = insertAt(list, index);
                assertBetween(list.get(index - 1), position, list.get(index));
                list.add(index, position);
                longest = Math.max(longest, position.minor().length());
            }
            assertStrictlyOrdered(list);
            assertTrue(longest <= 1_000 / 5, Arrays.toString(pattern) + ": " + longest + " characters");
        }
    }

    @Test
    void aMinorIsBase62DigitsNotEndingInZero() {
        for (String minor : List.of("", "1", "V", "zz", "0V", "00z", "Az9")) {
            assertTrue(ListPositions.isMinor(minor), minor);
        }
        for (String minor : List.of("0", "10", "V0", "!", "a b", "\u00e9", "1-")) {
            assertTrue(!ListPositions.isMinor(minor), minor);
        }
    }

    @Test
    void beforeTheSmallestPositionThereIsNone() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ListPositions.before(new Position(Long.MIN_VALUE, "")));
        assertTrue(e.getMessage().contains("smallest"), e.getMessage());
    }
}
