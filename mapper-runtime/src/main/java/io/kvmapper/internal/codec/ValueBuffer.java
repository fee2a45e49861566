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
        while ((value & ~0x7F) != 0) {
            write((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        write(value);
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
