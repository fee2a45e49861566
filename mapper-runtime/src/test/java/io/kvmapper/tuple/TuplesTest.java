package io.kvmapper.tuple;

import static io.kvmapper.tuple.TupleAssertions.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Whole-tuple helpers: decoding a range, element boundaries, the partition, and printing keys. */
class TuplesTest {

    @Test
    void decodeOfARangeReadsOnlyThatRange() {
        byte[] key = Tuples.encode("a", 1L, "b");
        int second = Tuples.elementEnd(key, 0);
        assertEquals(List.of(1L, "b"), Tuples.decode(key, second, key.length - second));
        assertEquals(List.of(), Tuples.decode(key, key.length, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> Tuples.decode(key, 1, key.length));
    }

    @Test
    void partitionLengthIsTheLengthOfTheFirstElement() {
        byte[] key = Tuples.encode(List.of("Team", "r"), "HQ", 7L);
        assertEquals(Tuples.encode(List.of("Team", "r")).length, Tuples.partitionLength(key));
        assertEquals(1, Tuples.partitionLength(Tuples.encode(null, "x")));
        assertEquals(3, Tuples.partitionLength(Tuples.encode(300L)));
    }

    @Test
    void partitionLengthOfAnEmptyOrMalformedKeyIsCorrupt() {
        CorruptDataException empty = assertThrows(CorruptDataException.class, () -> Tuples.partitionLength(new byte[0]));
        assertTrue(empty.getMessage().contains("offset 0"), empty.getMessage());
        assertThrows(CorruptDataException.class, () -> Tuples.partitionLength(bytes("05 02 61 00")));
    }

    @Test
    void elementEndWalksAKeyElementByElement() {
        byte[] key = Tuples.encode("a\0b", Arrays.asList(null, List.of()), new Descending(3L), 2.0f);
        int[] ends = new int[4];
        int offset = 0;
        for (int i = 0; i < ends.length; i++) {
            offset = Tuples.elementEnd(key, offset);
            ends[i] = offset;
        }
        assertEquals(List.of(6, 12, 17, 22), Arrays.stream(ends).boxed().toList());
        assertThrows(CorruptDataException.class, () -> Tuples.elementEnd(key, key.length));
    }

    @Test
    void toStringPrintsKeysAsTuples() {
        byte[] key = Tuples.encode(List.of("User", "r"), 42L, null, "say \"hi\"\n", new byte[] {0, 'a', (byte) 0xFF}, 1.5f, -2.5,
                true, new UUID(0, 1), List.of());
        assertEquals("((\"User\", \"r\"), 42, null, \"say \\\"hi\\\"\\n\", b\"\\x00a\\xff\", 1.5f, -2.5, true, "
                + "00000000-0000-0000-0000-000000000001, ())", Tuples.toString(key));
        assertEquals("()", Tuples.toString(new byte[0]));
        assertEquals("null", Tuples.toString(null));
    }

    @Test
    void toStringPrintsMalformedKeysAsHexWithTheReason() {
        String printed = Tuples.toString(bytes("02 55 73 65 72 00 15"));
        assertTrue(printed.startsWith("0x0255736572 0015".replace(" ", "") + " (not a valid tuple: "), printed);
        assertTrue(printed.contains("offset 6"), printed);
    }
}
