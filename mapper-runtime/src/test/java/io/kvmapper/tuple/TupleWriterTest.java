package io.kvmapper.tuple;

import static io.kvmapper.tuple.TupleAssertions.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.internal.tuple.TupleWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The writer's API: state, reuse, dispatch by type, mapped types, and the errors it reports. */
class TupleWriterTest {

    @Test
    void aWriterIsReusableAfterReset() {
        TupleWriter writer = new TupleWriter(1);
        byte[] first = writer.writeString("User").writeLong(42).toByteArray();
        assertEquals(first.length, writer.size());
        writer.reset();
        assertEquals(0, writer.size());
        byte[] second = writer.writeString("User").writeLong(42).toByteArray();
        assertArrayEquals(first, second);
        assertArrayEquals(Tuples.encode("User", 42L), second);
    }

    @Test
    void resetClearsOpenNestedTuplesAndPendingDescending() {
        TupleWriter writer = new TupleWriter().beginNested().descending();
        writer.reset();
        assertEquals("15 01", hex(writer.writeLong(1).toByteArray()));
    }

    @Test
    void appendRawCopiesAPrecomputedPrefixVerbatim() {
        byte[] prefix = Tuples.encode(List.of("Team", "r"));
        byte[] key = new TupleWriter().appendRaw(prefix).writeString("HQ").toByteArray();
        assertArrayEquals(Tuples.encode(List.of("Team", "r"), "HQ"), key);
    }

    @Test
    void nestedTuplesWriteNullsAsEscapedNulls() {
        byte[] key = new TupleWriter().writeNull().beginNested().writeNull().beginNested().writeNull().endNested().endNested()
                .toByteArray();
        assertEquals("00 05 00 ff 05 00 ff 00 00", hex(key));
    }

    @Test
    void writeDispatchesOnTheRuntimeType() {
        UUID uuid = new UUID(1, 2);
        byte[] byDispatch = Tuples.encode(null, new byte[] {1}, "s", 1L, 2, (short) 3, (byte) 4, BigInteger.TEN, 1.5f, 2.5,
                true, uuid, 'c', Instant.EPOCH, LocalDate.EPOCH, LocalDateTime.of(1970, 1, 1, 0, 0), Thread.State.NEW,
                BigDecimal.ONE, List.of("n"), new Descending("d"));
        byte[] typed = new TupleWriter().writeNull().writeBytes(new byte[] {1}).writeString("s").writeLong(1).writeLong(2)
                .writeLong(3).writeLong(4).writeBigInteger(BigInteger.TEN).writeFloat(1.5f).writeDouble(2.5).writeBoolean(true)
                .writeUuid(uuid).writeChar('c').writeInstant(Instant.EPOCH).writeLocalDate(LocalDate.EPOCH)
                .writeLocalDateTime(LocalDateTime.of(1970, 1, 1, 0, 0)).writeEnum(Thread.State.NEW)
                .writeBigDecimal(BigDecimal.ONE).beginNested().writeString("n").endNested().descending().writeString("d")
                .toByteArray();
        assertArrayEquals(typed, byDispatch);
    }

    @Test
    void equalIntegersOfEveryJavaTypeEncodeAlike() {
        byte[] expected = Tuples.encode(100L);
        assertArrayEquals(expected, Tuples.encode(100));
        assertArrayEquals(expected, Tuples.encode((short) 100));
        assertArrayEquals(expected, Tuples.encode((byte) 100));
        assertArrayEquals(expected, Tuples.encode(BigInteger.valueOf(100)));
        assertArrayEquals(Tuples.encode(Long.MIN_VALUE), Tuples.encode(BigInteger.valueOf(Long.MIN_VALUE)));
        assertArrayEquals(Tuples.encode((long) 'c'), Tuples.encode('c'));
    }

    /** Every NaN bit pattern: both signs, quiet and signalling, smallest and largest payloads. */
    static final long[] DOUBLE_NANS = {0x7ff8000000000000L, 0xfff8000000000000L, 0x7ff0000000000001L,
        0x7ff4000000000000L, 0x7ff8000000000001L, 0x7fffffffffffffffL, 0xfff0000000000001L, 0xffffffffffffffffL};
    static final int[] FLOAT_NANS = {0x7fc00000, 0xffc00000, 0x7f800001, 0x7fa00000, 0x7fc00001, 0x7fffffff,
        0xff800001, 0xffffffff};

    @Test
    void everyNanIsWrittenAsTheCanonicalNanAscendingDescendingAndNested() {
        byte[] canonicalDouble = new TupleWriter().writeDouble(Double.NaN).toByteArray();
        byte[] canonicalFloat = new TupleWriter().writeFloat(Float.NaN).toByteArray();
        assertEquals("21 ff f8 00 00 00 00 00 00", hex(canonicalDouble));
        assertEquals("20 ff c0 00 00", hex(canonicalFloat));
        double zero = Double.parseDouble("0");
        assertArrayEquals(canonicalDouble, new TupleWriter().writeDouble(zero / zero).toByteArray(), "0.0 / 0.0");
        for (long bits : DOUBLE_NANS) {
            double nan = Double.longBitsToDouble(bits);
            String context = Long.toHexString(bits);
            assertArrayEquals(canonicalDouble, new TupleWriter().writeDouble(nan).toByteArray(), context);
            assertArrayEquals(Tuples.encode(Double.NaN), Tuples.encode(nan), context);
            assertArrayEquals(Tuples.encode(new Descending(Double.NaN)), Tuples.encode(new Descending(nan)), context);
            assertArrayEquals(Tuples.encode(List.of(Double.NaN)), Tuples.encode(List.of(nan)), context);
        }
        for (int bits : FLOAT_NANS) {
            float nan = Float.intBitsToFloat(bits);
            String context = Integer.toHexString(bits);
            assertArrayEquals(canonicalFloat, new TupleWriter().writeFloat(nan).toByteArray(), context);
            assertArrayEquals(Tuples.encode(new Descending(Float.NaN)), Tuples.encode(new Descending(nan)), context);
        }
        // -0.0 is not NaN: it stays apart from 0.0, as Double.equals keeps it
        assertEquals("21 7f ff ff ff ff ff ff ff", hex(Tuples.encode(-0.0)));
    }

    @Test
    void aReaderKeepsTheBitsOfANanAnotherWriterStored() {
        byte[] negativeNan = TupleAssertions.bytes("21 00 07 ff ff ff ff ff ff");
        assertEquals(0xfff8000000000000L, Double.doubleToRawLongBits((Double) Tuples.decode(negativeNan).get(0)));
        assertEquals("(NaN(0xfff8000000000000))", Tuples.toString(negativeNan));
        assertEquals("(NaNf(0xffc00000))", Tuples.toString(TupleAssertions.bytes("20 00 3f ff ff")));
        assertEquals("(NaN, NaNf)", Tuples.toString(Tuples.encode(Double.NaN, Float.NaN)));
    }

    @Test
    void anUnsupportedTypeIsRejectedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Tuples.encode(new Date(0)));
        assertTrue(e.getMessage().contains("java.util.Date"), e.getMessage());
        IllegalArgumentException array = assertThrows(IllegalArgumentException.class, () -> Tuples.encode((Object) new int[0]));
        assertTrue(array.getMessage().contains("[I"), array.getMessage());
    }

    @Test
    void anUnpairedSurrogateIsAnInvalidRequestAndLeavesNothingBehind() {
        TupleWriter writer = new TupleWriter().writeLong(1);
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> writer.writeString("a\ud800b"));
        assertTrue(e.getMessage().contains("U+D800 at index 1"), e.getMessage());
        assertThrows(InvalidRequestException.class, () -> Tuples.encode("\udc00"));
        assertThrows(InvalidRequestException.class, () -> Tuples.encode("end\ud83d"));
        assertThrows(InvalidRequestException.class, () -> Tuples.encode("\udc00\ud800"));
        assertThrows(InvalidRequestException.class, () -> new TupleWriter().descending().writeString("\ud800"));
        assertEquals("15 01", hex(writer.toByteArray()));
    }

    @Test
    void unpairedSurrogateFindsWhatWriteStringRejects() {
        for (String s : new String[] {"", "plain", "\ud83d\ude00", "a\ud83d\ude00b\u00e9\u4e2d"}) {
            assertEquals(-1, TupleWriter.unpairedSurrogate(s), s);
            new TupleWriter().writeString(s);
        }
        String[] bad = {"\ud800", "a\udc00", "\ud83d\ud83d\ude00", "\ude00\ud83d", "ok\ud83d"};
        int[] at = {0, 1, 0, 0, 2};
        for (int i = 0; i < bad.length; i++) {
            assertEquals(at[i], TupleWriter.unpairedSurrogate(bad[i]), bad[i]);
            String text = bad[i];
            InvalidRequestException e = assertThrows(InvalidRequestException.class,
                    () -> new TupleWriter().writeString(text));
            assertEquals(TupleWriter.unpairedSurrogateMessage(text, at[i]), e.getMessage());
        }
    }

    @Test
    void anIntegerOfMoreThan255BytesIsRejected() {
        assertEquals(257, Tuples.encode(BigInteger.ONE.shiftLeft(255 * 8).subtract(BigInteger.ONE)).length);
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> Tuples.encode(BigInteger.ONE.shiftLeft(255 * 8)));
        assertTrue(e.getMessage().contains("256 bytes"), e.getMessage());
    }

    @Test
    void unbalancedNestingAndDanglingDescendingAreStateErrors() {
        assertThrows(IllegalStateException.class, () -> new TupleWriter().endNested());
        assertThrows(IllegalStateException.class, () -> new TupleWriter().beginNested().toByteArray());
        assertThrows(IllegalStateException.class, () -> new TupleWriter().descending().toByteArray());
        assertThrows(IllegalStateException.class, () -> new TupleWriter().beginNested().descending().endNested());
        assertThrows(IllegalStateException.class, () -> new TupleWriter().descending().appendRaw(new byte[] {0x14}));
    }

    @Test
    void nullValuesInTypedMethodsPointToWriteNull() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> new TupleWriter().writeString(null));
        assertTrue(e.getMessage().contains("writeNull"), e.getMessage());
    }

    @Test
    void instantsAreNanosecondsSinceTheEpochInAsFewBytesAsTheyNeed() {
        assertEquals("14", hex(Tuples.encode(Instant.EPOCH)));
        assertEquals("15 01", hex(Tuples.encode(Instant.ofEpochSecond(0, 1))));
        assertEquals("13 fe", hex(Tuples.encode(Instant.ofEpochSecond(-1, 999_999_999))));
        assertArrayEquals(Tuples.encode(1_700_000_000_123_456_789L), Tuples.encode(Instant.ofEpochSecond(1_700_000_000L, 123_456_789)));
        // Instant.MIN is -31557014167219200 s: -3.1557014167219200e25 ns, an 11-byte magnitude.
        BigInteger minNanos = BigInteger.valueOf(Instant.MIN.getEpochSecond()).multiply(BigInteger.valueOf(1_000_000_000L));
        assertArrayEquals(Tuples.encode(minNanos), Tuples.encode(Instant.MIN));
        assertEquals(0x0b, Tuples.encode(Instant.MIN)[0]);
        assertEquals(0x1d, Tuples.encode(Instant.MAX)[0]);
    }

    @Test
    void datesAreEpochDaysAndDateTimesNanosecondsAsIfUtc() {
        assertEquals("15 01", hex(Tuples.encode(LocalDate.of(1970, 1, 2))));
        assertEquals("13 fe", hex(Tuples.encode(LocalDate.of(1969, 12, 31))));
        assertArrayEquals(Tuples.encode(Instant.parse("2024-02-29T12:34:56.789Z")),
                Tuples.encode(LocalDateTime.of(2024, 2, 29, 12, 34, 56, 789_000_000)));
    }

    @Test
    void enumsAreTheirNamesAndCharsTheirCodeUnits() {
        assertArrayEquals(Tuples.encode("BLOCKED"), Tuples.encode(Thread.State.BLOCKED));
        assertEquals("16 ff ff", hex(Tuples.encode('\uffff')));
        assertEquals("14", hex(Tuples.encode('\0')));
    }

    @Test
    void theBufferGrowsForLongElements() {
        char[] chars = new char[10_000];
        Arrays.fill(chars, '\u20ac');
        String euros = new String(chars);
        byte[] key = new TupleWriter(0).writeString(euros).writeBytes(new byte[5000]).toByteArray();
        assertEquals(1 + 30_000 + 1 + 1 + 10_000 + 1, key.length);
        assertEquals(List.of(euros), Tuples.decode(key).subList(0, 1));
    }
}
