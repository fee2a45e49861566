package io.kvmapper.internal.tuple;

import java.math.BigInteger;

/**
 * The tuple layer's integers of up to 8 bytes: type code {@code 0x14 + n} for a positive number of
 * {@code n} big-endian bytes, {@code 0x14 - n} for a negative one stored as the one's complement of its
 * magnitude. Shared by the writer, the reader and the decimal exponent.
 */
public final class IntegerCodec {
    /** The largest element an integer of up to 8 bytes takes: a type code and 8 bytes. */
    static final int MAX_LONG_SIZE = 9;

    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

    private IntegerCodec() {
    }

    /** Writes {@code value} at {@code pos}, which has room for {@link #MAX_LONG_SIZE} bytes; returns the end. */
    public static int encodeLong(byte[] out, int pos, long value) {
        if (value == 0) {
            out[pos] = TypeCodes.INT_ZERO;
            return pos + 1;
        }
        if (value > 0) {
            int n = byteCount(value);
            out[pos] = (byte) (TypeCodes.INT_ZERO + n);
            return putBigEndian(out, pos + 1, value, n);
        }
        // The magnitude of Long.MIN_VALUE is 2^63, which needs 8 bytes; value - 1 holds the one's
        // complement of the magnitude in its low n bytes (it wraps to Long.MAX_VALUE for MIN_VALUE).
        int n = value == Long.MIN_VALUE ? Long.BYTES : byteCount(-value);
        out[pos] = (byte) (TypeCodes.INT_ZERO - n);
        return putBigEndian(out, pos + 1, value - 1, n);
    }

    /** The number of bytes the unsigned value {@code bits} needs (1 to 8; 0 needs 1). */
    public static int byteCount(long bits) {
        return Math.max(1, (Long.SIZE - Long.numberOfLeadingZeros(bits) + 7) / Byte.SIZE);
    }

    private static int putBigEndian(byte[] out, int pos, long bits, int n) {
        for (int shift = (n - 1) * Byte.SIZE; shift >= 0; shift -= Byte.SIZE) {
            out[pos++] = (byte) (bits >>> shift);
        }
        return pos;
    }

    /** Whether {@code code} is one of the fixed-size integer codes {@code 0x0c..0x1c}. */
    static boolean isFixedSize(int code) {
        return code >= TypeCodes.NEG_INT_8 && code <= TypeCodes.POS_INT_8;
    }

    /** The number of bytes after a fixed-size integer code. */
    public static int payloadLength(int code) {
        return Math.abs(code - TypeCodes.INT_ZERO);
    }

    /** The {@code n} bytes at {@code pos} as an unsigned big-endian number. */
    public static long readBigEndian(byte[] in, int pos, int n) {
        long bits = 0;
        for (int i = 0; i < n; i++) {
            bits = (bits << Byte.SIZE) | (in[pos + i] & 0xFF);
        }
        return bits;
    }

    /** Whether the fixed-size integer with this code and raw payload fits in a {@code long}. */
    static boolean fitsInLong(int code, long raw) {
        if (payloadLength(code) < Long.BYTES) {
            return true;
        }
        // 8 bytes: positive fits below 2^63; negative fits when the magnitude is at most 2^63.
        return code > TypeCodes.INT_ZERO ? raw >= 0 : raw < 0 || raw == Long.MAX_VALUE;
    }

    /** The value of a fixed-size integer that {@linkplain #fitsInLong fits in a long}. */
    public static long toLong(int code, long raw) {
        if (code >= TypeCodes.INT_ZERO) {
            return raw;
        }
        int n = payloadLength(code);
        return n == Long.BYTES ? raw + 1 : raw - ((1L << (n * Byte.SIZE)) - 1);
    }

    /**
     * The value of a fixed-size integer that does not {@linkplain #fitsInLong fit in a long}: an 8-byte
     * positive one at or above 2^63 (raw is negative as a long), or an 8-byte negative one whose magnitude
     * {@code 2^64 - 1 - raw} exceeds 2^63.
     */
    public static BigInteger beyondLong(int code, long raw) {
        BigInteger rawValue = BigInteger.valueOf(raw);
        return code > TypeCodes.INT_ZERO
                ? rawValue.add(TWO_TO_64)
                : rawValue.subtract(TWO_TO_64).add(BigInteger.ONE);
    }
}
