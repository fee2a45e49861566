package io.kvmapper.internal.codec;

import io.kvmapper.CorruptDataException;
import io.kvmapper.tuple.Tuples;

/**
 * The header in front of every stored entity value: one byte naming the codec ({@code 'J'} for JSON,
 * {@code 'P'} for Protobuf), then the entity's schema version as an unsigned varint. It lets old data
 * stay readable and makes a value written by another codec fail loudly instead of being misread. It follows
 * the value's integrity check ({@link ValueCheck}), which covers it.
 */
public final class ValueHeader {
    /** The codec id of JSON values. */
    public static final byte JSON = 'J';
    /** The codec id of Protobuf values. */
    public static final byte PROTOBUF = 'P';
    /**
     * The id in the head of an entity stored in the attribute-per-key layout: its attributes lie under
     * keys of their own, each a tuple-encoded value, so the head holds no payload.
     */
    public static final byte ATTRIBUTES = 'A';

    private ValueHeader() {
    }

    /** The header alone: what the head of an attribute-per-key entity holds. */
    public static byte[] of(byte codecId, int schemaVersion) {
        ValueBuffer out = new ValueBuffer(8);
        write(out, codecId, schemaVersion);
        return out.toByteArray();
    }

    public static void write(ValueBuffer out, byte codecId, int schemaVersion) {
        out.write(codecId);
        out.writeVarint(schemaVersion);
    }

    /**
     * Checks the header at {@code start} (after the value's integrity check, if it has one) and returns where
     * the payload starts.
     *
     * @throws CorruptDataException naming the entity and key if the header is missing or names another codec
     */
    public static int payloadOffset(byte[] value, int start, byte codecId, String entityName, byte[] key) {
        if (value.length == start || value[start] != codecId) {
            String found = value.length == start ? "an empty value"
                    : isKnown(value[start]) ? "one written by " + writerOf(value[start])
                            + String.format(" (0x%02x)", value[start])
                            + "; the entity's layout or codec changed after the data was written"
                    : String.format("codec byte 0x%02x", value[start]);
            throw new CorruptDataException(entityName + " " + Tuples.toString(key) + ": expected a value written by "
                    + writerOf(codecId) + " (header byte 0x" + String.format("%02x", codecId) + "), found " + found);
        }
        int offset = start + 1;
        int shift = 0;
        while (true) {
            if (offset >= value.length || shift > 28) {
                throw new CorruptDataException(entityName + " " + Tuples.toString(key)
                        + ": the value header's schema version is truncated or too long");
            }
            byte b = value[offset++];
            if ((b & 0x80) == 0) {
                return offset;
            }
            shift += 7;
        }
    }

    private static boolean isKnown(byte codecId) {
        return codecId == JSON || codecId == PROTOBUF || codecId == ATTRIBUTES;
    }

    private static String writerOf(byte codecId) {
        switch (codecId) {
            case JSON:
                return "the JSON codec";
            case PROTOBUF:
                return "the Protobuf codec";
            case ATTRIBUTES:
                return "the attribute-per-key layout";
            default:
                return "an unknown codec";
        }
    }
}
