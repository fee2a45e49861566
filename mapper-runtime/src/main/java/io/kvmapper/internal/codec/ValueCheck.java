package io.kvmapper.internal.codec;

import io.kvmapper.CorruptDataException;
import java.util.zip.CRC32C;

/**
 * The integrity check in front of every value KV Mapper writes under a record key: a monolithic record's value
 * (before its {@link ValueHeader}) and each item of an attribute-per-key record (its head included). A checked
 * value is the marker byte {@code 0xFF}, then the CRC32C of the key and of the rest of the value (4 bytes,
 * big-endian), then what the value held before checks existed: the header and payload, or the item's tuple
 * value. No unchecked value starts with {@code 0xFF} (a header starts with its codec's letter, a tuple with
 * its type code, below {@code 0x40}), so values written before the check are read as they are, unchecked.
 *
 * <p>The check catches a value cut short anywhere, any change of up to 32 bits in a row (CRC32C detects every
 * burst that short, and any odd number of flipped bits), and a value put under another key; what it cannot see
 * is a value or item lost whole. CRC32C is intrinsified by the JVM (SSE 4.2, ARMv8 CRC instructions).
 */
public final class ValueCheck {
    /** The first byte of a checked value. */
    public static final byte MARKER = (byte) 0xFF;
    /** The bytes the check takes: the marker and the CRC32C. */
    public static final int LENGTH = 1 + Integer.BYTES;

    private ValueCheck() {
    }

    /** The checked value of {@code body} under {@code key}. */
    public static byte[] seal(byte[] key, byte[] body) {
        byte[] value = new byte[LENGTH + body.length];
        System.arraycopy(body, 0, value, LENGTH, body.length);
        return sealInPlace(key, value);
    }

    /**
     * Fills in the check of a value under {@code key} whose first {@link #LENGTH} bytes were left for it.
     *
     * @return {@code value}
     */
    public static byte[] sealInPlace(byte[] key, byte[] value) {
        int crc = crc(key, value);
        value[0] = MARKER;
        value[1] = (byte) (crc >>> 24);
        value[2] = (byte) (crc >>> 16);
        value[3] = (byte) (crc >>> 8);
        value[4] = (byte) crc;
        return value;
    }

    /**
     * Where what the check covers starts in {@code value}, stored under {@code key}: after the check, once it
     * matches, or at 0 for a value written before values had checks.
     *
     * @throws CorruptDataException saying what does not match; the caller names the entity and the key
     */
    public static int bodyOffset(byte[] key, byte[] value) {
        if (value.length == 0 || value[0] != MARKER) {
            return 0;
        }
        if (value.length < LENGTH) {
            throw new CorruptDataException("the value's integrity check is cut short (" + value.length
                    + " bytes): the value is damaged");
        }
        int stored = (value[1] & 0xFF) << 24 | (value[2] & 0xFF) << 16 | (value[3] & 0xFF) << 8 | value[4] & 0xFF;
        int computed = crc(key, value);
        if (stored != computed) {
            throw new CorruptDataException(String.format("the value's integrity check fails (CRC32C %08x stored, %08x"
                    + " computed over the key and %d bytes): the value is damaged, or was put under another key",
                    stored, computed, value.length - LENGTH));
        }
        return LENGTH;
    }

    private static int crc(byte[] key, byte[] value) {
        CRC32C crc = new CRC32C();
        crc.update(key, 0, key.length);
        crc.update(value, LENGTH, value.length - LENGTH);
        return (int) crc.getValue();
    }
}
