package io.kvmapper.internal.codec;

import io.kvmapper.CorruptDataException;

/**
 * Positions of list elements in the attribute-per-key layout, chosen so that inserting or removing an
 * element touches that element's keys only.
 *
 * <p>A position is two tuple elements, {@code (major, minor)}: an integer and a string of base-62
 * digits ({@code 0-9A-Za-z}, in ASCII order) read as a fraction, {@code ""} being zero and none ending
 * in {@code 0}. Positions sort as the tuple encoding sorts them, which is numeric order of
 * {@code major + 0.minor}. A saved list gets {@code (0, ""), (1, ""), ...}; an append takes the last
 * major plus one and an insert at the front the first minus one, so neither grows the key. An insert
 * between two elements takes the middle major if there is a gap, and otherwise a fraction between
 * theirs: about one more character every six inserts at the same spot, never a rewrite of other
 * elements. {@code save} and {@code updateX} write a list afresh, which resets its positions.
 */
public final class ListPositions {
    private static final String DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final int BASE = DIGITS.length();

    private ListPositions() {
    }

    /** A list element's position. */
    public record Position(long major, String minor) {
    }

    /** The position of the first element of a new list. */
    public static Position first() {
        return new Position(0, "");
    }

    /** A position after {@code last}. */
    public static Position after(Position last) {
        if (last.major() < Long.MAX_VALUE) {
            return new Position(last.major() + 1, "");
        }
        return new Position(last.major(), midpoint(last.minor(), null));
    }

    /** A position before {@code first}. */
    public static Position before(Position first) {
        if (first.major() > Long.MIN_VALUE) {
            return new Position(first.major() - 1, "");
        }
        if (first.minor().isEmpty()) {
            throw new IllegalStateException("no list position lies before the smallest one");
        }
        return new Position(first.major(), midpoint("", first.minor()));
    }

    /** A position strictly between {@code low} and {@code high}, which must be in that order. */
    public static Position between(Position low, Position high) {
        long gap = high.major() - low.major();
        if (Long.compareUnsigned(gap, 2) >= 0 && high.major() > low.major()) {
            return new Position(low.major() + (gap >>> 1), "");
        }
        if (high.major() == low.major()) {
            return new Position(low.major(), midpoint(low.minor(), high.minor()));
        }
        return new Position(low.major(), midpoint(low.minor(), null));
    }

    /**
     * A fraction strictly between {@code low} and {@code high} (null: one), neither ending in
     * {@code 0}; the result does not end in {@code 0} either.
     */
    static String midpoint(String low, String high) {
        if (high != null) {
            int common = 0;
            while (common < high.length() && charAt(low, common) == high.charAt(common)) {
                common++;
            }
            if (common > 0) {
                return high.substring(0, common)
                        + midpoint(low.substring(Math.min(common, low.length())), high.substring(common));
            }
        }
        int lowDigit = low.isEmpty() ? 0 : digit(low.charAt(0));
        int highDigit = high == null ? BASE : digit(high.charAt(0));
        if (highDigit - lowDigit > 1) {
            return String.valueOf(DIGITS.charAt((lowDigit + highDigit) / 2));
        }
        if (high != null && high.length() > 1) {
            return high.substring(0, 1);
        }
        return DIGITS.charAt(lowDigit) + midpoint(low.isEmpty() ? "" : low.substring(1), null);
    }

    /** Whether {@code minor} is the minor of a position: base-62 digits, not ending in {@code 0}. */
    public static boolean isMinor(String minor) {
        for (int i = 0; i < minor.length(); i++) {
            if (DIGITS.indexOf(minor.charAt(i)) < 0) {
                return false;
            }
        }
        return minor.isEmpty() || minor.charAt(minor.length() - 1) != '0';
    }

    private static char charAt(String s, int i) {
        return i < s.length() ? s.charAt(i) : '0';
    }

    private static int digit(char c) {
        int digit = DIGITS.indexOf(c);
        if (digit < 0) {
            throw new CorruptDataException("a list position holds '" + c + "', which is not a base-62 digit");
        }
        return digit;
    }
}
