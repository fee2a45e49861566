package io.kvmapper.spi;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.tuple.TupleText;

/** The 8-byte little-endian counter format shared by {@link KvWriter#add} and its readers. */
public final class Counters {
    /** The size of a counter value. */
    public static final int SIZE = Long.BYTES;

    private Counters() {
    }

    /** Encodes {@code value} as a counter value. */
    public static byte[] encode(long value) {
        byte[] bytes = new byte[SIZE];
        for (int i = 0; i < SIZE; i++) {
            bytes[i] = (byte) (value >>> (8 * i));
        }
        return bytes;
    }

    /**
     * Decodes a counter value; {@code null} (an absent key) is zero.
     *
     * @param key the key it was read from, named in the error
     * @throws CorruptDataException if the value is not 8 bytes long
     */
    public static long decode(byte[] key, byte[] value) {
        if (value == null) {
            return 0;
        }
        if (value.length != SIZE) {
            throw new CorruptDataException("counter at key " + TupleText.of(key) + " holds " + value.length
                    + " bytes; a counter value is exactly 8 bytes (little-endian)");
        }
        long result = 0;
        for (int i = SIZE - 1; i >= 0; i--) {
            result = (result << 8) | (value[i] & 0xFF);
        }
        return result;
    }
}
