package io.kvmapper.tuple;

import static io.kvmapper.tuple.TupleAssertions.bytes;
import static io.kvmapper.tuple.TupleAssertions.describe;
import static io.kvmapper.tuple.TupleAssertions.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.internal.tuple.TupleWriter;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Descending elements where one value's encoding is a prefix of the other's, the case plain complementing
 * gets wrong, and the byte layout of the descending form.
 */
class DescendingFormTest {

    /** Pairs in ascending natural order whose encodings share a prefix. */
    static Stream<Arguments> smallerThenLarger() {
        return Stream.of(
                Arguments.of("a", "ab"),
                Arguments.of("", "\0"),
                Arguments.of("", "a"),
                Arguments.of("a", "a\0"),
                Arguments.of("a\0", "a\0\0"),
                Arguments.of("a\0", "a\0a"),
                Arguments.of(new byte[0], new byte[] {0}),
                Arguments.of(new byte[] {1}, new byte[] {1, 0}),
                Arguments.of(new byte[] {0}, new byte[] {0, (byte) 0xFF}),
                Arguments.of(null, "a"),
                Arguments.of(null, List.of()),
                Arguments.of(List.of(), Arrays.asList((Object) null)),
                Arguments.of(List.of("a"), Arrays.asList("a", null)),
                Arguments.of(List.of("a"), List.of("a", "b")),
                Arguments.of(List.of(List.of()), List.of(List.of(), List.of())),
                Arguments.of(Arrays.asList("a", null), Arrays.asList("a", null, null)),
                Arguments.of(new BigDecimal("1.2"), new BigDecimal("1.23")),
                Arguments.of(new BigDecimal("-1.23"), new BigDecimal("-1.2")),
                Arguments.of(new BigDecimal("-1.2"), BigDecimal.ZERO),
                Arguments.of(new BigDecimal("1"), new BigDecimal("1.0000000001")),
                Arguments.of(1.2, 1.23),
                Arguments.of(-1.23f, -1.2f),
                Arguments.of(-0.0, 0.0),
                Arguments.of(255L, 256L),
                Arguments.of(-256L, -255L),
                Arguments.of(Long.MAX_VALUE, new java.math.BigInteger("18446744073709551616")));
    }

    @ParameterizedTest(name = "{0} < {1}")
    @MethodSource("smallerThenLarger")
    void descendingReversesOrderEvenWhenOneEncodingIsAPrefixOfTheOther(Object smaller, Object larger) {
        String context = describe(smaller) + " < " + describe(larger);
        assertTrue(Arrays.compareUnsigned(Tuples.encode(smaller), Tuples.encode(larger)) < 0, context + " ascending");
        assertTrue(Arrays.compareUnsigned(Tuples.encode(new Descending(smaller)), Tuples.encode(new Descending(larger))) > 0,
                context + " descending");
        assertTrue(Arrays.compareUnsigned(Tuples.encode(new Descending(smaller), "z"), Tuples.encode(new Descending(larger), "a")) > 0,
                context + " descending, followed by an element");
        assertTrue(Arrays.compareUnsigned(Tuples.encode(List.of(new Descending(smaller))), Tuples.encode(List.of(new Descending(larger)))) > 0,
                context + " descending inside a nested tuple");
    }

    @Test
    void aDescendingElementIsTheComplementedEncodingEndedBy0xFfAsAByteString() {
        // "a" is 02 61 00; complemented FD 9E FF; with 0xFF appended FD 9E FF FF; as a byte string 01 .. 00.
        assertEquals("01 fd 9e ff ff 00", hex(Tuples.encode(new Descending("a"))));
        // "" is 02 00 -> FD FF FF; "\0" is 02 00 FF 00 -> FD FF 00 FF FF, whose 0x00 is escaped.
        assertEquals("01 fd ff ff 00", hex(Tuples.encode(new Descending(""))));
        assertEquals("01 fd ff 00 ff ff ff 00", hex(Tuples.encode(new Descending("\0"))));
        // A descending null is the top-level null 00 -> FF, also inside a nested tuple.
        assertEquals("01 ff ff 00", hex(Tuples.encode(new Descending(null))));
        assertEquals("05 01 ff ff 00 00", hex(Tuples.encode(List.of(new Descending(null)))));
        // 7 is 15 07 -> EA F8.
        assertEquals("01 ea f8 ff 00", hex(Tuples.encode(new Descending(7L))));
        // A whole nested tuple: 05 02 61 00 00 -> FA FD 9E FF FF.
        assertEquals("01 fa fd 9e ff ff ff 00", hex(Tuples.encode(new Descending(List.of("a")))));
    }

    @Test
    void schemaLessDecodingSeesADescendingElementAsItsByteString() {
        List<Object> decoded = Tuples.decode(Tuples.encode("k", new Descending("a")));
        assertEquals("k", decoded.get(0));
        assertArrayEquals(bytes("fd 9e ff ff"), (byte[]) decoded.get(1));
    }

    @Test
    void writerDescendingAppliesToTheNextScalarOnly() {
        byte[] key = new TupleWriter().descending().writeLong(7).writeLong(7).toByteArray();
        assertEquals("01 ea f8 ff 00 15 07", hex(key));
    }

    @Test
    void writerDescendingNestedCoversBeginToEnd() {
        byte[] key = new TupleWriter().descending().beginNested().writeString("a").writeNull().endNested().writeLong(1).toByteArray();
        assertArrayEquals(Tuples.encode(new Descending(Arrays.asList("a", null)), 1L), key);

        TupleReader reader = new TupleReader(key);
        reader.descending().beginNested();
        assertEquals("a", reader.readString());
        assertTrue(reader.nextIsNull());
        reader.readNull();
        assertFalse(reader.hasNext());
        reader.endNested();
        assertEquals(1L, reader.readLong());
        assertFalse(reader.hasNext());
    }

    @Test
    void descendingElementsNestInsideDescendingNestedTuples() {
        Instant instant = Instant.parse("2024-05-01T10:15:30.123456789Z");
        byte[] key = new TupleWriter().descending().beginNested()
                .descending().writeInstant(instant).writeString("x").endNested().toByteArray();
        TupleReader reader = new TupleReader(key);
        reader.descending().beginNested();
        assertEquals(instant, reader.descending().readInstant());
        assertEquals("x", reader.readString());
        reader.endNested();
        assertFalse(reader.hasNext());
    }

    @Test
    void nextIsNullHonoursDescending() {
        TupleReader reader = new TupleReader(Tuples.encode(new Descending(null), new Descending("a")));
        assertTrue(reader.descending().nextIsNull());
        reader.readNull();
        assertFalse(reader.descending().nextIsNull());
        assertEquals("a", reader.readString());
    }

    @Test
    void readingAnAscendingElementAsDescendingIsCorrupt() {
        CorruptDataException notBytes = assertThrows(CorruptDataException.class, () -> new TupleReader(Tuples.encode("a")).descending());
        assertTrue(notBytes.getMessage().contains("offset 0"), notBytes.getMessage());
        CorruptDataException noEndMarker = assertThrows(CorruptDataException.class,
                () -> new TupleReader(Tuples.encode((Object) new byte[] {1, 2})).descending());
        assertTrue(noEndMarker.getMessage().contains("0xff"), noEndMarker.getMessage());
        assertThrows(CorruptDataException.class, () -> new TupleReader(bytes("01 ff 00")).descending());
        // Two elements inside one descending element.
        byte[] twoElements = bytes("01 ea f8 ea f8 ff 00");
        assertThrows(CorruptDataException.class, () -> new TupleReader(twoElements).descending().readLong());
    }

    /**
     * Why the 0xFF end marker works: whenever one element's encoding is a proper prefix of another's, the
     * longer continues with 0xFF (its escape), which complements to 0x00, below the marker.
     */
    @Test
    void whereOneEncodingIsAPrefixOfAnotherTheLongerContinuesWith0xFf() {
        int prefixPairs = 0;
        for (int i = 0; i < 20_000; i++) {
            long seed = 0x50726566L + i;
            Random random = new Random(seed);
            RandomValues values = new RandomValues(random);
            Object a = anyElement(values, random);
            Object b = random.nextBoolean() ? extension(a, values) : anyElement(values, random);
            byte[] x = Tuples.encode(a);
            byte[] y = Tuples.encode(b);
            byte[] shorter = x.length <= y.length ? x : y;
            byte[] longer = x.length <= y.length ? y : x;
            if (shorter.length < longer.length && Arrays.equals(shorter, 0, shorter.length, longer, 0, shorter.length)) {
                prefixPairs++;
                assertEquals((byte) 0xFF, longer[shorter.length],
                        "seed " + seed + ": " + hex(shorter) + " is a prefix of " + hex(longer));
            }
        }
        assertTrue(prefixPairs > 100, "the values should often be prefixes of each other: " + prefixPairs);
    }

    /** A value that continues {@code a}: a longer string, byte string or tuple, or more decimal digits. */
    private static Object extension(Object a, RandomValues values) {
        if (a instanceof String s) {
            return s + values.string();
        } else if (a instanceof byte[] bytes) {
            byte[] more = values.bytes();
            byte[] joined = Arrays.copyOf(bytes, bytes.length + more.length);
            System.arraycopy(more, 0, joined, bytes.length, more.length);
            return joined;
        } else if (a instanceof List<?> list) {
            List<Object> longer = new java.util.ArrayList<>(list);
            longer.add(values.nativeValue(1));
            return longer;
        } else if (a instanceof BigDecimal decimal) {
            return values.decimalNear(decimal);
        } else if (a instanceof Descending descending) {
            return new Descending(extension(descending.value(), values));
        }
        return values.nativeValue(2);
    }

    private static Object anyElement(RandomValues values, Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> values.decimal();
            case 1 -> new Descending(values.nativeValue(2));
            default -> values.nativeValue(2);
        };
    }
}
