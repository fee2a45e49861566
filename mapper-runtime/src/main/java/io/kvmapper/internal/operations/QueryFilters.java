package io.kvmapper.internal.operations;

import java.util.Arrays;
import java.util.List;

/**
 * The predicates of derived queries tested on fetched entities, on encoded values: a value compares as its tuple
 * encoding does, which is how the key and the indexes order and match it, so a filter agrees with a scan on every
 * value (numbers by value, strings by UTF-8 bytes, enums by name, {@code BigDecimal} 1.0 equal to 1.00). Null is
 * {@link QueryArguments#NULL}: equal to a null argument, never inside a range.
 */
public final class QueryFilters {
    /** The encoding of {@code true}. */
    public static final byte[] TRUE = {0x27};
    /** The encoding of {@code false}. */
    public static final byte[] FALSE = {0x26};

    private QueryFilters() {
    }

    /** Whether an encoded value equals an encoded argument. */
    public static boolean equal(byte[] value, byte[] argument) {
        return Arrays.equals(value, argument);
    }

    /** Whether an encoded value equals one of the encoded arguments of an {@code In}. */
    public static boolean in(byte[] value, List<byte[]> arguments) {
        for (byte[] argument : arguments) {
            if (Arrays.equals(value, argument)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a collection's encoded elements (null for a null collection) hold the argument. */
    public static boolean contains(List<byte[]> elements, byte[] argument) {
        return elements != null && in(argument, elements);
    }

    /** Whether a collection's encoded elements (null for a null collection) hold one of the arguments. */
    public static boolean containsAny(List<byte[]> elements, List<byte[]> arguments) {
        if (elements == null) {
            return false;
        }
        for (byte[] element : elements) {
            if (in(element, arguments)) {
                return true;
            }
        }
        return false;
    }

    /** Whether an encoded value is null. */
    public static boolean isNull(byte[] value) {
        return Arrays.equals(value, QueryArguments.NULL);
    }

    /** Whether a collection's encoded elements are those of a null collection. */
    public static boolean isNull(List<byte[]> elements) {
        return elements == null;
    }

    /**
     * Whether an encoded value lies between encoded bounds (null: unbounded on that side); null never does.
     */
    public static boolean range(byte[] value, byte[] lower, boolean lowerInclusive, byte[] upper,
            boolean upperInclusive) {
        if (isNull(value)) {
            return false;
        }
        if (lower != null) {
            int c = Arrays.compareUnsigned(value, lower);
            if (c < 0 || c == 0 && !lowerInclusive) {
                return false;
            }
        }
        if (upper != null) {
            int c = Arrays.compareUnsigned(value, upper);
            return c < 0 || c == 0 && upperInclusive;
        }
        return true;
    }

    /** Whether an encoded string starts with the string another encoding holds: its bytes without the end marker. */
    public static boolean startsWith(byte[] value, byte[] prefix) {
        int length = prefix.length - 1;
        return !isNull(value) && value.length > length && Arrays.equals(value, 0, length, prefix, 0, length);
    }
}
