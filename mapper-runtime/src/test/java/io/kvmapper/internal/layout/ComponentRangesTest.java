package io.kvmapper.internal.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.spi.KeyRange;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The ranges of derived queries select exactly the keys whose element satisfies the predicate: checked against
 * every pair of values from a set that holds the troublesome cases (a string that is a prefix of another, a
 * string holding 0x00, null, negative and large numbers), with the element ascending and descending, after a
 * plain prefix and inside an open nested tuple, and followed by more elements or by the end of the nested tuple.
 */
class ComponentRangesTest {
    private static final List<String> STRINGS = List.of("", "a", "a\0", "a\0a", "ab", "abc", "b", "\0", "\u00e9",
            "\uD83D\uDE00", "z", "ay", "a\u00ff");
    private static final List<Long> NUMBERS = List.of(Long.MIN_VALUE, -256L, -255L, -1L, 0L, 1L, 255L, 256L,
            65536L, Long.MAX_VALUE);

    /** How the key around the ranged element looks. */
    private enum Shape {
        FLAT, NESTED_OPEN, NESTED_LAST
    }

    @Test
    void rangesOverStringsHoldExactlyTheValuesBetweenTheirBounds() {
        for (Shape shape : Shape.values()) {
            for (boolean descending : List.of(false, true)) {
                for (String low : withNull(STRINGS)) {
                    for (String high : withNull(STRINGS)) {
                        for (boolean lowIn : List.of(false, true)) {
                            for (boolean highIn : List.of(false, true)) {
                                check(shape, descending, low, lowIn, high, highIn, STRINGS, ComponentRangesTest::string,
                                        (a, b) -> Arrays.compareUnsigned(utf8(a), utf8(b)));
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void rangesOverNumbersHoldExactlyTheValuesBetweenTheirBounds() {
        for (Shape shape : Shape.values()) {
            for (boolean descending : List.of(false, true)) {
                for (Long low : withNull(NUMBERS)) {
                    for (Long high : withNull(NUMBERS)) {
                        check(shape, descending, low, true, high, false, NUMBERS, ComponentRangesTest::number,
                                Long::compare);
                        check(shape, descending, low, false, high, true, NUMBERS, ComponentRangesTest::number,
                                Long::compare);
                    }
                }
            }
        }
    }

    /** In an index a null value is stored and sorts first; a comparison leaves it out, an open range keeps it. */
    @Test
    void aComparisonLeavesOutNullValuesOnlyWhenAskedTo() {
        byte[] prefix = new TupleWriter().writeString("index").toByteArray();
        byte[] nullKey = key(prefix, new TupleWriter().writeNull().toByteArray(), Shape.FLAT, 0);
        byte[] bound = string("m", false);
        assertTrue(ComponentRanges.range(prefix, null, false, bound, false, false, false).contains(nullKey));
        assertTrue(!ComponentRanges.range(prefix, null, false, bound, false, false, true).contains(nullKey));
        assertTrue(!ComponentRanges.range(prefix, null, false, null, false, false, true).contains(nullKey));
        assertTrue(ComponentRanges.all(prefix).contains(nullKey));
    }

    @Test
    void startingWithHoldsExactlyTheStringsWithThatPrefix() {
        Random random = new Random(15);
        List<String> strings = new ArrayList<>(STRINGS);
        for (int i = 0; i < 200; i++) {
            strings.add(randomString(random));
        }
        for (Shape shape : Shape.values()) {
            for (boolean descending : List.of(false, true)) {
                for (String start : strings) {
                    byte[] prefix = prefix(shape);
                    KeyRange range = ComponentRanges.startingWith(prefix, string(start, descending), descending);
                    for (String value : strings) {
                        for (int rest = 0; rest < 3; rest++) {
                            byte[] key = key(prefix, string(value, descending), shape, rest);
                            assertEquals(value.startsWith(start), range.contains(key),
                                    () -> "\"" + value + "\" starts with \"" + start + "\" (" + shape + ", descending "
                                            + descending + ")");
                        }
                    }
                }
            }
        }
    }

    @Test
    void crossedBoundsGiveAnEmptyRange() {
        byte[] prefix = prefix(Shape.FLAT);
        assertTrue(ComponentRanges.range(prefix, number(5L, false), true, number(3L, false), false, false, true)
                .isEmpty());
        assertTrue(ComponentRanges.range(prefix, number(5L, true), true, number(3L, true), false, true, false)
                .isEmpty());
        assertTrue(ComponentRanges.range(prefix, number(5L, false), true, number(5L, false), false, false, true)
                .isEmpty());
    }

    private interface Encoder<T> {
        byte[] encode(T value, boolean descending);
    }

    private static <T> void check(Shape shape, boolean descending, T low, boolean lowIn, T high, boolean highIn,
            List<T> values, Encoder<T> encoder, java.util.Comparator<T> order) {
        byte[] prefix = prefix(shape);
        KeyRange range = ComponentRanges.range(prefix, low == null ? null : encoder.encode(low, descending), lowIn,
                high == null ? null : encoder.encode(high, descending), highIn, descending, true);
        Predicate<T> inRange = v -> (low == null || (lowIn ? order.compare(v, low) >= 0 : order.compare(v, low) > 0))
                && (high == null || (highIn ? order.compare(v, high) <= 0 : order.compare(v, high) < 0));
        for (T value : values) {
            for (int rest = 0; rest < 3; rest++) {
                byte[] key = key(prefix, encoder.encode(value, descending), shape, rest);
                assertEquals(inRange.test(value), range.contains(key), () -> value + " in " + (lowIn ? "[" : "(") + low
                        + ", " + high + (highIn ? "]" : ")") + " (" + shape + ", descending " + descending + ")");
            }
        }
    }

    private static <T> List<T> withNull(List<T> values) {
        List<T> all = new ArrayList<>(values);
        all.add(null);
        return all;
    }

    private static byte[] prefix(Shape shape) {
        TupleWriter writer = new TupleWriter();
        if (shape == Shape.FLAT) {
            return writer.beginNested().writeString("E").writeString("i").writeString("x").endNested().toByteArray();
        }
        return writer.beginNested().writeString("E").writeString("r").toPrefixBytes();
    }

    /** The prefix, the element, then what follows it in the key's shape ({@code rest} picks one variant). */
    private static byte[] key(byte[] prefix, byte[] element, Shape shape, int rest) {
        TupleWriter after = new TupleWriter();
        switch (shape) {
            case FLAT -> {
                if (rest == 1) {
                    after.writeLong(-1);
                } else if (rest == 2) {
                    after.writeString("").writeNull();
                }
            }
            case NESTED_OPEN -> {
                after.appendRaw(new byte[] {0});
                if (rest > 0) {
                    after.writeLong(rest);
                }
            }
            case NESTED_LAST -> {
                after.appendRaw(new byte[] {0});
                if (rest == 1) {
                    after.writeString("\0");
                }
            }
        }
        byte[] tail = after.toPrefixBytes();
        byte[] key = Arrays.copyOf(prefix, prefix.length + element.length + tail.length);
        System.arraycopy(element, 0, key, prefix.length, element.length);
        System.arraycopy(tail, 0, key, prefix.length + element.length, tail.length);
        return key;
    }

    private static byte[] string(String value, boolean descending) {
        TupleWriter writer = new TupleWriter();
        if (descending) {
            writer.descending();
        }
        return writer.writeString(value).toByteArray();
    }

    private static byte[] number(Long value, boolean descending) {
        TupleWriter writer = new TupleWriter();
        if (descending) {
            writer.descending();
        }
        return writer.writeLong(value).toByteArray();
    }

    private static byte[] utf8(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }

    private static String randomString(Random random) {
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(4);
        for (int i = 0; i < length; i++) {
            text.append("\0ab\u00ff\u00e9".charAt(random.nextInt(5)));
        }
        return text.toString();
    }
}
