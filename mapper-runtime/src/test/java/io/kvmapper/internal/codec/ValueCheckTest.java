package io.kvmapper.internal.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/** The integrity check in front of stored values: its bytes, what it catches, and values written without it. */
class ValueCheckTest {
    private static final byte[] KEY = Tuples.encode(List.of("User", "r"), 42L);
    private static final byte[] BODY = {'P', 1, 0x28, 3};

    @Test
    void aCheckedValueIsTheMarkerTheCrc32cOfKeyAndBodyThenTheBody() {
        byte[] value = ValueCheck.seal(KEY, BODY);
        CRC32C crc = new CRC32C();
        crc.update(KEY);
        crc.update(BODY);
        assertEquals((byte) 0xFF, value[0]);
        assertEquals((int) crc.getValue(), ByteBuffer.wrap(value, 1, 4).getInt());
        assertArrayEquals(BODY, Arrays.copyOfRange(value, 5, value.length));
        assertEquals(ValueCheck.LENGTH, ValueCheck.bodyOffset(KEY, value));
        assertEquals(ValueCheck.LENGTH, ValueCheck.bodyOffset(KEY, ValueCheck.seal(KEY, new byte[0])));
    }

    @Test
    void aValueWithoutTheMarkerIsReadAsWrittenBeforeChecks() {
        for (byte[] legacy : new byte[][] {BODY, {}, {0x00}, {0x15, 0x07}, {'A', 1}, {'J', 1, '{', '}'}}) {
            assertEquals(0, ValueCheck.bodyOffset(KEY, legacy), HexFormat.of().formatHex(legacy));
        }
    }

    @Test
    void everyCutAndEveryFlippedBitAndAnotherKeyFail() {
        byte[] value = ValueCheck.seal(KEY, "a value of a few dozen bytes, as a small record has".getBytes());
        for (int length = 1; length < value.length; length++) {
            byte[] cut = Arrays.copyOf(value, length);
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> ValueCheck.bodyOffset(KEY, cut));
            assertTrue(e.getMessage().contains(length < 5 ? "cut short" : "integrity check fails"), e.getMessage());
        }
        for (int bit = 8; bit < value.length * 8; bit++) {
            byte[] flipped = value.clone();
            flipped[bit / 8] ^= (byte) (1 << (bit % 8));
            assertThrows(CorruptDataException.class, () -> ValueCheck.bodyOffset(KEY, flipped), "bit " + bit);
        }
        byte[] otherKey = Tuples.encode(List.of("User", "r"), 43L);
        assertThrows(CorruptDataException.class, () -> ValueCheck.bodyOffset(otherKey, value));
    }

    @Test
    void burstsOfUpTo32BitsAreAlwaysCaught() {
        Random random = new Random(32);
        byte[] value = ValueCheck.seal(KEY, new byte[300]);
        for (int i = 0; i < 20_000; i++) {
            byte[] damaged = value.clone();
            int length = 1 + random.nextInt(32);
            int start = 8 + random.nextInt(damaged.length * 8 - 8 - length + 1);
            damaged[start / 8] ^= (byte) (1 << (start % 8)); // a burst starts and ends with a flipped bit
            int end = start + length - 1;
            if (end != start) {
                damaged[end / 8] ^= (byte) (1 << (end % 8));
            }
            for (int bit = start + 1; bit < end; bit++) {
                if (random.nextBoolean()) {
                    damaged[bit / 8] ^= (byte) (1 << (bit % 8));
                }
            }
            assertThrows(CorruptDataException.class, () -> ValueCheck.bodyOffset(KEY, damaged),
                    "burst of " + length + " bits at " + start);
        }
    }
}
