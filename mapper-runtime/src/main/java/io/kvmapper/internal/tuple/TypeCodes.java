package io.kvmapper.internal.tuple;

/** The FoundationDB tuple layer type codes this package reads and writes, and their names for messages. */
public final class TypeCodes {
    public static final int NULL = 0x00;
    public static final int BYTES = 0x01;
    public static final int STRING = 0x02;
    public static final int NESTED = 0x05;
    /** Negative integers of 9 to 255 bytes: a complemented length byte, then the one's complement magnitude. */
    public static final int NEG_BIG_INT = 0x0b;
    /** Negative integers of 8 bytes; {@code 0x13} is 1 byte. */
    public static final int NEG_INT_8 = 0x0c;
    public static final int INT_ZERO = 0x14;
    /** Positive integers of 8 bytes; {@code 0x15} is 1 byte. */
    public static final int POS_INT_8 = 0x1c;
    /** Positive integers of 9 to 255 bytes: a length byte, then the magnitude. */
    public static final int POS_BIG_INT = 0x1d;
    public static final int FLOAT = 0x20;
    public static final int DOUBLE = 0x21;
    public static final int FALSE = 0x26;
    public static final int TRUE = 0x27;
    public static final int UUID = 0x30;
    /** The escape that follows a 0x00 byte inside a byte string, or a null inside a nested tuple. */
    public static final int ESCAPE = 0xff;

    private TypeCodes() {
    }

    static boolean isInteger(int code) {
        return code >= NEG_BIG_INT && code <= POS_BIG_INT;
    }

    /** What an element with this type code is, for error messages. */
    static String describe(int code) {
        if (isInteger(code)) {
            return "an integer";
        }
        return switch (code) {
            case NULL -> "null";
            case BYTES -> "a byte string";
            case STRING -> "a string";
            case NESTED -> "a nested tuple";
            case FLOAT -> "a float";
            case DOUBLE -> "a double";
            case FALSE, TRUE -> "a boolean";
            case UUID -> "a UUID";
            case 0x33 -> "a versionstamp (type code 0x33, not supported)";
            default -> String.format("an unknown type code 0x%02x", code);
        };
    }
}
