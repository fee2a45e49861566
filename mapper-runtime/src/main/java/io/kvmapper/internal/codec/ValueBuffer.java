package io.kvmapper.internal.codec;

import java.io.OutputStream;
import java.util.Arrays;

/** A growable byte buffer that value codecs write into; one per encode, not shared. */
public final class ValueBuffer extends OutputStream {
    private byte[] bytes;
    private int size;

    /** A buffer with room for {@code capacity} bytes before it grows. */
    public ValueBuffer(int capacity) {
        bytes = new byte[Math.max(16, capacity)];
    }

    @Override
    public void write(int b) {
        ensure(1);
        bytes[size++] = (byte) b;
    }

    @Override
    public void write(byte[] source, int offset, int length) {
        ensure(length);
        System.arraycopy(source, offset, bytes, size, length);
        size += length;
    }

    /** Writes {@code value} as an unsigned LEB128 varint. */
    public void writeVarint(int value) {
        ensure(varintLength(value));
        size = writeVarint(bytes, size, value);
    }

    /** How many bytes the unsigned LEB128 varint of {@code value} takes. */
    public static int varintLength(int value) {
        int length = 1;
        for (int rest = value >>> 7; rest != 0; rest >>>= 7) {
            length++;
        }
        return length;
    }

    /**
     * Writes {@code value} as an unsigned LEB128 varint into {@code into} from {@code at}, where
     * {@link #varintLength} bytes must be free, for a caller that sizes its array exactly.
     *
     * @return the index after the varint
     */
    public static int writeVarint(byte[] into, int at, int value) {
        while ((value & ~0x7F) != 0) {
            into[at++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        into[at++] = (byte) value;
        return at;
    }

    /**
     * Reads the unsigned LEB128 varint at {@code at[0]} of {@code bytes}, as {@link #writeVarint} writes it, and
     * moves {@code at[0]} past it.
     *
     * @throws IndexOutOfBoundsException if the bytes end inside it, or it runs longer than an int's five bytes
     */
    public static int readVarint(byte[] bytes, int[] at) {
        int value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            byte b = bytes[at[0]++];
            value |= (b & 0x7F) << shift;
            if (b >= 0) {
                return value;
            }
        }
        throw new IndexOutOfBoundsException("a varint longer than five bytes, ending at " + at[0]);
    }

    /** The number of bytes written. */
    public int size() {
        return size;
    }

    /** A copy of the bytes written. */
    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
