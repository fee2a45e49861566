package io.kvmapper.internal.codec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * Typed reads for generated JSON codecs. Each reads the value the parser stands on and fails with a
 * message naming what was expected and found; the repository turns that into a
 * {@link io.kvmapper.CorruptDataException} naming entity and key.
 */
public final class Json {
    private Json() {
    }

    /** Reads one value of a collection element or map value; the parser stands on it. */
    @FunctionalInterface
    public interface Reader<T> {
        /** Reads the value the parser stands on. */
        T read(JsonParser parser);
    }

    /**
     * Checks a {@code String} map key before it is written as a property name: a key with an unpaired surrogate
     * cannot be, because Jackson refuses to read one back in a name (it does in a string value, where the codec
     * keeps it). Fails with an {@link IllegalArgumentException}, which the repository reports as an
     * {@link io.kvmapper.InvalidRequestException} with nothing written.
     */
    public static String mapKey(String key) {
        if (key == null) {
            throw new IllegalArgumentException("a map key is null; JSON property names cannot be null");
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < key.length() && Character.isLowSurrogate(key.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new IllegalArgumentException("a map key has an unpaired surrogate at index " + i
                        + "; a JSON property name cannot hold one and read back");
            }
        }
        return key;
    }

    /** Whether the parser stands on {@code null}. */
    public static boolean isNull(JsonParser p) {
        return p.currentToken() == JsonToken.VALUE_NULL;
    }

    /** Checks that the parser stands on the start of an object. */
    public static void expectObject(JsonParser p, String what) {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw mismatch(p, "an object for " + what);
        }
    }

    /** Reads a string. */
    public static String readString(JsonParser p) {
        expect(p, JsonToken.VALUE_STRING, "a string");
        return p.getString();
    }

    /** Reads a boolean. */
    public static boolean readBoolean(JsonParser p) {
        JsonToken t = p.currentToken();
        if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
            throw mismatch(p, "a boolean");
        }
        return t == JsonToken.VALUE_TRUE;
    }

    /** Reads an integer that fits a long. */
    public static long readLong(JsonParser p) {
        expect(p, JsonToken.VALUE_NUMBER_INT, "an integer");
        return p.getLongValue();
    }

    /** Reads an integer that fits an int. */
    public static int readInt(JsonParser p) {
        expect(p, JsonToken.VALUE_NUMBER_INT, "an integer");
        return p.getIntValue();
    }

    /** Reads an integer that fits a short. */
    public static short readShort(JsonParser p) {
        int value = readInt(p);
        if (value != (short) value) {
            throw new IllegalStateException("integer " + value + " does not fit a short");
        }
        return (short) value;
    }

    /** Reads an integer that fits a byte. */
    public static byte readByte(JsonParser p) {
        int value = readInt(p);
        if (value != (byte) value) {
            throw new IllegalStateException("integer " + value + " does not fit a byte");
        }
        return (byte) value;
    }

    /** Reads a one-character string. */
    public static char readChar(JsonParser p) {
        String s = readString(p);
        if (s.length() != 1) {
            throw new IllegalStateException("expected a one-character string, found \"" + s + "\"");
        }
        return s.charAt(0);
    }

    /** Reads a number, or one of the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}. */
    public static double readDouble(JsonParser p) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_NUMBER_INT) {
            return p.getDoubleValue();
        }
        if (t == JsonToken.VALUE_STRING) {
            switch (p.getString()) {
                case "NaN":
                    return Double.NaN;
                case "Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    break;
            }
        }
        throw mismatch(p, "a number");
    }

    /** Reads a number, or one of the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}. */
    public static float readFloat(JsonParser p) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_NUMBER_INT) {
            return p.getFloatValue();
        }
        return (float) readDouble(p);
    }

    /** Reads an exact decimal. */
    public static BigDecimal readBigDecimal(JsonParser p) {
        JsonToken t = p.currentToken();
        if (t != JsonToken.VALUE_NUMBER_FLOAT && t != JsonToken.VALUE_NUMBER_INT) {
            throw mismatch(p, "a number");
        }
        return DecimalText.parse(p.getString());
    }

    /** Reads an integer of any size. */
    public static BigInteger readBigInteger(JsonParser p) {
        expect(p, JsonToken.VALUE_NUMBER_INT, "an integer");
        return p.getBigIntegerValue();
    }

    /** Reads base64 bytes. */
    public static byte[] readBytes(JsonParser p) {
        expect(p, JsonToken.VALUE_STRING, "a base64 string");
        return p.getBinaryValue();
    }

    /** Reads a UUID in its canonical string form. */
    public static UUID readUuid(JsonParser p) {
        return UUID.fromString(readString(p));
    }

    /** Reads an ISO-8601 instant. */
    public static Instant readInstant(JsonParser p) {
        return IsoText.instant(readString(p));
    }

    /** Reads an ISO-8601 date. */
    public static LocalDate readLocalDate(JsonParser p) {
        return IsoText.localDate(readString(p));
    }

    /** Reads an ISO-8601 date-time without offset. */
    public static LocalDateTime readLocalDateTime(JsonParser p) {
        return IsoText.localDateTime(readString(p));
    }

    /** Reads an enum constant by name. */
    public static <T extends Enum<T>> T readEnum(JsonParser p, Class<T> type) {
        return Enum.valueOf(type, readString(p));
    }

    /** Reads an array into a list, elements through {@code element} (null elements stay null). */
    public static <T> List<T> readList(JsonParser p, Reader<T> element) {
        expect(p, JsonToken.START_ARRAY, "an array");
        List<T> list = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            list.add(isNull(p) ? null : element.read(p));
        }
        return list;
    }

    /** Reads an array into an insertion-ordered set. */
    public static <T> Set<T> readSet(JsonParser p, Reader<T> element) {
        expect(p, JsonToken.START_ARRAY, "an array");
        Set<T> set = new LinkedHashSet<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            set.add(isNull(p) ? null : element.read(p));
        }
        return set;
    }

    /** Reads an object into an insertion-ordered map, keys parsed from field names. */
    public static <K, V> Map<K, V> readMap(JsonParser p, Function<String, K> key, Reader<V> value) {
        expect(p, JsonToken.START_OBJECT, "an object");
        Map<K, V> map = new LinkedHashMap<>();
        String name;
        while ((name = p.nextName()) != null) {
            p.nextToken();
            map.put(key.apply(name), isNull(p) ? null : value.read(p));
        }
        return map;
    }

    private static void expect(JsonParser p, JsonToken token, String what) {
        if (p.currentToken() != token) {
            throw mismatch(p, what);
        }
    }

    private static IllegalStateException mismatch(JsonParser p, String expected) {
        String where = p.currentName() == null ? "" : " in field \"" + p.currentName() + "\"";
        return new IllegalStateException("expected " + expected + where + ", found " + p.currentToken());
    }
}
