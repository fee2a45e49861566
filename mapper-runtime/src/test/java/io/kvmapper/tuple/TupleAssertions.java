package io.kvmapper.tuple;

import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/** Comparisons of decoded tuples: byte arrays by content, floating point by bits, integers by value. */
final class TupleAssertions {
    private TupleAssertions() {
    }

    /**
     * What decoding {@code value}'s encoding must give: integers as Long (or BigInteger if too big), every
     * NaN as the canonical NaN (the writer drops sign and payload).
     */
    static Object decodedForm(Object value) {
        if (value instanceof Float f && f.isNaN()) {
            return Float.NaN;
        } else if (value instanceof Double d && d.isNaN()) {
            return Double.NaN;
        } else if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        } else if (value instanceof BigInteger big && big.bitLength() < Long.SIZE) {
            return big.longValue();
        } else if (value instanceof List<?> list) {
            List<Object> decoded = new ArrayList<>(list.size());
            for (Object element : list) {
                decoded.add(decodedForm(element));
            }
            return decoded;
        }
        return value;
    }

    static boolean sameValue(Object a, Object b) {
        if (a == null || b == null) {
            return a == b;
        } else if (a instanceof byte[] x) {
            return b instanceof byte[] y && Arrays.equals(x, y);
        } else if (a instanceof Float x) {
            return b instanceof Float y && Float.floatToRawIntBits(x) == Float.floatToRawIntBits(y);
        } else if (a instanceof Double x) {
            return b instanceof Double y && Double.doubleToRawLongBits(x) == Double.doubleToRawLongBits(y);
        } else if (a instanceof List<?> x) {
            if (!(b instanceof List<?> y) || x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!sameValue(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.getClass() == b.getClass() && a.equals(b);
    }

    static void assertSameValue(Object expected, Object actual, String context) {
        if (!sameValue(expected, actual)) {
            fail(context + ": expected " + describe(expected) + " but got " + describe(actual));
        }
    }

    static String hex(byte[] bytes) {
        return HexFormat.ofDelimiter(" ").formatHex(bytes);
    }

    static byte[] bytes(String hex) {
        return HexFormat.of().parseHex(hex.replace(" ", ""));
    }

    /** Describes a value for failure messages, showing byte arrays and floating-point bits. */
    static String describe(Object value) {
        if (value instanceof byte[] bytes) {
            return "bytes[" + HexFormat.of().formatHex(bytes) + "]";
        } else if (value instanceof Float f) {
            return f + "f(0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + ")";
        } else if (value instanceof Double d) {
            return d + "(0x" + Long.toHexString(Double.doubleToRawLongBits(d)) + ")";
        } else if (value instanceof List<?> list) {
            List<String> parts = new ArrayList<>();
            for (Object element : list) {
                parts.add(describe(element));
            }
            return parts.toString();
        } else if (value instanceof String s) {
            return "\"" + s + "\"" + Arrays.toString(s.codePoints().toArray());
        }
        return value + (value == null ? "" : ":" + value.getClass().getSimpleName());
    }
}
