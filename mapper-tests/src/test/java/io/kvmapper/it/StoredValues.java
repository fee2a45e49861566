package io.kvmapper.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * The documented framing of the values KV Mapper writes under record keys (docs/codecs.md, "The value
 * header"): the marker {@code 0xFF} and a CRC32C, then what the value held before values had an integrity
 * check: the header and payload of a monolithic value, the tuple value of an attribute item.
 */
public final class StoredValues {
    /** The bytes of the integrity check: the marker and the CRC32C. */
    public static final int CHECK = 5;

    private StoredValues() {
    }

    /** What follows the integrity check of {@code value}, which must have one. */
    public static byte[] body(byte[] value) {
        assertTrue(value.length >= CHECK, () -> "a stored value starts with its 5-byte check: "
                + HexFormat.of().formatHex(value));
        assertEquals((byte) 0xFF, value[0], () -> "a stored value starts with the marker 0xff: "
                + HexFormat.of().formatHex(value));
        return Arrays.copyOfRange(value, CHECK, value.length);
    }
}
