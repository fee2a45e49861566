package io.kvmapper.internal.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The two ways to write a varint (into a growing buffer, into an array sized by its length) write the same bytes,
 * and the one reader reads them back.
 */
class ValueBufferTest {
    @Test
    void aVarintIsWrittenAlikeIntoTheBufferAndIntoAnExactArray() {
        int[] values = {0, 1, 127, 128, 300, 16_383, 16_384, 2_097_151, 2_097_152, Integer.MAX_VALUE, -1};
        int[] lengths = {1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 5};
        for (int i = 0; i < values.length; i++) {
            ValueBuffer buffer = new ValueBuffer(0);
            buffer.write(7);
            buffer.writeVarint(values[i]);
            assertEquals(lengths[i], ValueBuffer.varintLength(values[i]), "length of " + values[i]);
            byte[] exact = new byte[1 + lengths[i]];
            exact[0] = 7;
            assertEquals(exact.length, ValueBuffer.writeVarint(exact, 1, values[i]));
            assertArrayEquals(exact, buffer.toByteArray(), "bytes of " + values[i]);
        }
        ValueBuffer threeHundred = new ValueBuffer(0);
        threeHundred.writeVarint(300); // LEB128: the low seven bits with the continuation bit, then the rest
        assertArrayEquals(new byte[] {(byte) 0xAC, 0x02}, threeHundred.toByteArray());
    }

    @Test
    void aVarintReadsBackAndMovesPastItself() {
        int[] values = {0, 1, 127, 128, 300, 16_383, 16_384, 2_097_152, Integer.MAX_VALUE, -1};
        for (int value : values) {
            byte[] bytes = new byte[2 + ValueBuffer.varintLength(value)];
            int end = ValueBuffer.writeVarint(bytes, 1, value);
            int[] at = {1};
            assertEquals(value, ValueBuffer.readVarint(bytes, at), "value " + value);
            assertEquals(end, at[0], "position after " + value);
        }
        byte[] cut = {(byte) 0x80};
        assertThrows(IndexOutOfBoundsException.class, () -> ValueBuffer.readVarint(cut, new int[1]));
        byte[] sixBytes = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x01};
        assertThrows(IndexOutOfBoundsException.class, () -> ValueBuffer.readVarint(sixBytes, new int[1]));
    }
}
