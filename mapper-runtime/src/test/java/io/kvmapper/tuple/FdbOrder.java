package io.kvmapper.tuple;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

/**
 * The natural order of tuple values as FoundationDB defines it, written from the definition rather than
 * from the encoding: elements of different types order by type (null, byte string, string, nested tuple,
 * integer, float, double, boolean, UUID); within a type by value; tuples element by element, a prefix
 * first.
 */
final class FdbOrder {
    static final Comparator<Object> ELEMENTS = FdbOrder::compareElements;
    static final Comparator<List<?>> TUPLES = FdbOrder::compareTuples;

    private FdbOrder() {
    }

    static int compareTuples(List<?> a, List<?> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = compareElements(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    static int compareElements(Object a, Object b) {
        int byType = Integer.compare(typeRank(a), typeRank(b));
        if (byType != 0) {
            return byType;
        }
        if (a == null) {
            return 0;
        } else if (a instanceof byte[] x) {
            return Arrays.compareUnsigned(x, (byte[]) b);
        } else if (a instanceof String x) {
            return compareByCodePoint(x, (String) b);
        } else if (a instanceof List<?> x) {
            return compareTuples(x, (List<?>) b);
        } else if (a instanceof Float x) {
            return compareTotalOrder(Float.floatToIntBits(x), Float.floatToIntBits((Float) b));
        } else if (a instanceof Double x) {
            return compareTotalOrder(Double.doubleToLongBits(x), Double.doubleToLongBits((Double) b));
        } else if (a instanceof Boolean x) {
            return Boolean.compare(x, (Boolean) b);
        } else if (a instanceof UUID x) {
            UUID y = (UUID) b;
            int c = Long.compareUnsigned(x.getMostSignificantBits(), y.getMostSignificantBits());
            return c != 0 ? c : Long.compareUnsigned(x.getLeastSignificantBits(), y.getLeastSignificantBits());
        }
        return toBigInteger(a).compareTo(toBigInteger(b));
    }

    /** Unicode code point order, which is UTF-8 byte order (unlike {@link String#compareTo}). */
    static int compareByCodePoint(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i);
            int y = b.codePointAt(j);
            if (x != y) {
                return Integer.compare(x, y);
            }
            i += Character.charCount(x);
            j += Character.charCount(y);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }

    /**
     * IEEE 754 totalOrder on the bits the writer keeps, as sign and magnitude: negatives before positives,
     * larger magnitudes further from zero, -0.0 before 0.0, and (every NaN being written as the canonical,
     * positive NaN) NaNs beyond positive infinity.
     */
    static int compareTotalOrder(long a, long b) {
        boolean aNegative = a < 0;
        boolean bNegative = b < 0;
        if (aNegative != bNegative) {
            return aNegative ? -1 : 1;
        }
        long aMagnitude = a & Long.MAX_VALUE;
        long bMagnitude = b & Long.MAX_VALUE;
        return aNegative ? Long.compare(bMagnitude, aMagnitude) : Long.compare(aMagnitude, bMagnitude);
    }

    static int compareTotalOrder(int a, int b) {
        // Shift into a long's sign bit so the long version's sign-and-magnitude reading applies.
        return compareTotalOrder((long) a << 32, (long) b << 32);
    }

    static BigInteger toBigInteger(Object integer) {
        return integer instanceof BigInteger big ? big : BigInteger.valueOf(((Number) integer).longValue());
    }

    private static int typeRank(Object value) {
        if (value == null) {
            return 0;
        } else if (value instanceof byte[]) {
            return 1;
        } else if (value instanceof String) {
            return 2;
        } else if (value instanceof List<?>) {
            return 5;
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short
                || value instanceof Byte || value instanceof BigInteger) {
            return 20;
        } else if (value instanceof Float) {
            return 32;
        } else if (value instanceof Double) {
            return 33;
        } else if (value instanceof Boolean) {
            return 38;
        } else if (value instanceof UUID) {
            return 48;
        }
        throw new IllegalArgumentException("not a tuple layer value: " + value.getClass());
    }
}
