package io.kvmapper.tuple;

import static io.kvmapper.tuple.TupleAssertions.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.internal.tuple.TupleWriter;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The reader's API: typed reads, nesting, skipping, and what it says about bytes it cannot read. */
class TupleReaderTest {

    @Test
    void typedReadsFollowTheWrittenKey() {
        UUID uuid = UUID.randomUUID();
        byte[] key = new TupleWriter().beginNested().writeString("User").writeString("r").endNested()
                .writeLong(-7).writeBytes(new byte[] {0, 1}).writeBoolean(true).writeUuid(uuid).writeFloat(-0f)
                .writeDouble(Double.NaN).writeNull().writeBigInteger(BigInteger.TEN.pow(40)).toByteArray();
        TupleReader reader = new TupleReader(key);
        reader.beginNested();
        assertEquals("User", reader.readString());
        assertTrue(reader.hasNext());
        assertEquals("r", reader.readString());
        assertFalse(reader.hasNext());
        reader.endNested();
        assertEquals(-7, reader.readInt());
        assertArrayEquals(new byte[] {0, 1}, reader.readBytes());
        assertTrue(reader.readBoolean());
        assertEquals(uuid, reader.readUuid());
        assertEquals(Float.floatToRawIntBits(-0f), Float.floatToRawIntBits(reader.readFloat()));
        assertTrue(Double.isNaN(reader.readDouble()));
        assertTrue(reader.nextIsNull());
        reader.readNull();
        assertEquals(BigInteger.TEN.pow(40), reader.readBigInteger());
        assertFalse(reader.hasNext());
        assertEquals(key.length, reader.position());
    }

    @Test
    void aReaderWorksOnARangeOfAnArray() {
        byte[] key = Tuples.encode("skip me", 5L, "and me");
        int start = Tuples.elementEnd(key, 0);
        TupleReader reader = new TupleReader(key, start, Tuples.elementEnd(key, start));
        assertEquals(5L, reader.readLong());
        assertFalse(reader.hasNext());
        assertThrows(IndexOutOfBoundsException.class, () -> new TupleReader(key, 3, key.length + 1));
    }

    @Test
    void skipPassesOverAnyElementIncludingNestedOnes() {
        byte[] key = Tuples.encode(Arrays.asList(null, List.of("x", new byte[] {0}), 1L), new Descending("d"), 3.0, "last");
        TupleReader reader = new TupleReader(key);
        reader.skip();
        reader.skip();
        reader.skip();
        assertEquals("last", reader.readString());
    }

    @Test
    void nullsInsideNestedTuplesAreReadAndPeeked() {
        TupleReader reader = new TupleReader(Tuples.encode(Arrays.asList(null, "a"), (Object) null));
        reader.beginNested();
        assertTrue(reader.nextIsNull());
        reader.readNull();
        assertFalse(reader.nextIsNull());
        assertEquals("a", reader.readString());
        assertFalse(reader.nextIsNull(), "the end of a nested tuple is not a null");
        reader.endNested();
        assertTrue(reader.nextIsNull());
        reader.readNull();
        assertFalse(reader.nextIsNull());
    }

    @Test
    void mappedTypesReadBackAtTheirExtremes() {
        byte[] key = Tuples.encode(Instant.MIN, Instant.MAX, LocalDate.MIN, LocalDate.MAX, LocalDateTime.MIN, LocalDateTime.MAX,
                Character.MAX_VALUE, Thread.State.WAITING);
        TupleReader reader = new TupleReader(key);
        assertEquals(Instant.MIN, reader.readInstant());
        assertEquals(Instant.MAX, reader.readInstant());
        assertEquals(LocalDate.MIN, reader.readLocalDate());
        assertEquals(LocalDate.MAX, reader.readLocalDate());
        assertEquals(LocalDateTime.MIN, reader.readLocalDateTime());
        assertEquals(LocalDateTime.MAX, reader.readLocalDateTime());
        assertEquals(Character.MAX_VALUE, reader.readChar());
        assertEquals(Thread.State.WAITING, reader.readEnum(Thread.State.class));
    }

    @Test
    void readingTheWrongTypeSaysWhatWasExpectedAndFoundWhere() {
        byte[] key = Tuples.encode("a", 42L);
        TupleReader reader = new TupleReader(key);
        reader.skip();
        assertCorrupt(reader::readString, "offset 3", "expected a string", "found an integer");
        assertCorrupt(() -> new TupleReader(key).readLong(), "offset 0", "expected an integer", "found a string");
        assertCorrupt(() -> new TupleReader(key).beginNested(), "offset 0", "expected a nested tuple");
        assertCorrupt(() -> new TupleReader(Tuples.encode(1.5)).readFloat(), "expected a float", "found a double");
        assertCorrupt(() -> new TupleReader(Tuples.encode(true)).readUuid(), "expected a UUID", "found a boolean");
        assertCorrupt(() -> new TupleReader(new byte[0]).readBoolean(), "offset 0", "found the end of the tuple");
    }

    @Test
    void integersThatDoNotFitTheRequestedTypeAreCorrupt() {
        assertCorrupt(() -> new TupleReader(Tuples.encode(1L << 31)).readInt(), "expected an integer (an int)", "2147483648");
        assertCorrupt(() -> new TupleReader(Tuples.encode(128)).readByte(), "expected an integer (a byte)");
        assertCorrupt(() -> new TupleReader(Tuples.encode(-32769)).readShort(), "expected an integer (a short)");
        assertCorrupt(() -> new TupleReader(Tuples.encode(-1)).readChar(), "expected an integer (a char)");
        assertCorrupt(() -> new TupleReader(Tuples.encode(BigInteger.ONE.shiftLeft(63))).readLong(), "expected an integer (a long)",
                "9223372036854775808");
        assertCorrupt(() -> new TupleReader(Tuples.encode(Long.MAX_VALUE)).readLocalDate(), "LocalDate");
        assertCorrupt(() -> new TupleReader(Tuples.encode(BigInteger.TEN.pow(40))).readInstant(), "Instant");
        assertCorrupt(() -> new TupleReader(Tuples.encode("TUESDAY")).readEnum(Thread.State.class), "TUESDAY", "Thread$State");
    }

    @Test
    void nonCanonicalIntegersDecodeAsFoundationDbReadsThem() {
        // A 2-byte encoding of 1, and 1 in the big-integer form: not what a writer produces, but valid.
        assertEquals(1L, new TupleReader(bytes("16 00 01")).readLong());
        assertEquals(1L, new TupleReader(bytes("1d 01 01")).readLong());
        assertEquals(-1L, new TupleReader(bytes("0b fe fe")).readLong());
        assertEquals(Long.MIN_VALUE, new TupleReader(bytes("0b f7 7f ff ff ff ff ff ff ff ff")).readLong());
        assertEquals(List.of(0L), Tuples.decode(bytes("1d 00")));
    }

    @Test
    void endNestedInsistsOnTheEndOfTheNestedTuple() {
        TupleReader reader = new TupleReader(Tuples.encode(List.of("a", "b")));
        reader.beginNested();
        reader.readString();
        assertCorrupt(reader::endNested, "offset 4", "expected the end of a nested tuple", "found a string");
        assertThrows(IllegalStateException.class, () -> new TupleReader(Tuples.encode(1L)).endNested());
        TupleReader unterminated = new TupleReader(bytes("05 15 01"));
        unterminated.beginNested();
        unterminated.readLong();
        assertFalse(unterminated.hasNext());
        assertCorrupt(unterminated::endNested, "offset 3", "found the end of the bytes");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "02 c0 80 00", // overlong NUL
        "02 e0 80 af 00", // overlong
        "02 ed a0 80 00", // a UTF-16 surrogate
        "02 f4 90 80 80 00", // above U+10FFFF
        "02 f8 88 80 80 80 00", // a 5-byte form
        "02 61 80 00", // a lone continuation byte
        "02 e2 82 00", // a truncated sequence
        "02 e2 00 ff ac 00", // an escaped NUL where a continuation byte belongs
    })
    void invalidUtf8IsCorrupt(String hex) {
        byte[] bytes = bytes(hex);
        assertCorrupt(() -> new TupleReader(bytes).readString(), "offset 0", "invalid UTF-8");
        assertCorrupt(() -> Tuples.decode(bytes), "offset 0", "invalid UTF-8");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"02 61", "01", "05 15 01", "05 05 00", "15", "1c 00 00", "1d 09 01", "1d", "0b f6 00",
        "20 00 00", "21", "30 00", "03", "33 00 00 00 00 00 00 00 00 00 00 00 00", "ff", "05 00 ff"})
    void truncatedAndUnknownElementsAreCorruptWithTheirOffset(String hex) {
        byte[] bytes = bytes("14 " + hex);
        assertCorrupt(() -> Tuples.decode(bytes), "offset 1");
        assertCorrupt(() -> Tuples.elementEnd(bytes, 1), "offset 1");
    }

    @Test
    void deeplyNestedInputDoesNotOverflowTheStack() {
        int depth = 200_000;
        byte[] bytes = new byte[2 * depth];
        Arrays.fill(bytes, 0, depth, (byte) 0x05);
        Object element = Tuples.decode(bytes).get(0);
        int levels = 0;
        while (element instanceof List<?> list && !list.isEmpty()) {
            element = list.get(0);
            levels++;
        }
        assertEquals(depth - 1, levels);
        assertEquals(bytes.length, Tuples.elementEnd(bytes, 0));
        assertTrue(Tuples.toString(bytes).startsWith("(((((("));
        byte[] unterminated = Arrays.copyOf(bytes, depth);
        assertCorrupt(() -> Tuples.decode(unterminated), "offset 0", "unterminated");
    }

    private static void assertCorrupt(Executable read, String... fragments) {
        CorruptDataException e = assertThrows(CorruptDataException.class, read);
        for (String fragment : fragments) {
            assertTrue(e.getMessage().contains(fragment), () -> "\"" + fragment + "\" is not in: " + e.getMessage());
        }
    }
}
