package io.kvmapper.spi;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * A half-open range of keys, {@code begin} inclusive and {@code end} exclusive, in unsigned
 * lexicographic byte order. Instances do not copy their arrays; callers must not change them.
 *
 * @param begin the first key in the range
 * @param end the first key after the range
 */
public record KeyRange(byte[] begin, byte[] end) {

    /** Checks that the range is well formed. */
    public KeyRange {
        if (begin == null || end == null) {
            throw new IllegalArgumentException("a key range needs both bounds");
        }
    }

    /** Every key that starts with {@code prefix}, including {@code prefix} itself. */
    public static KeyRange startingWith(byte[] prefix) {
        return new KeyRange(prefix, strinc(prefix));
    }

    /**
     * Every key that begins with the complete tuple elements encoded in {@code prefix} (or is
     * {@code prefix}): {@code [prefix, prefix + 0xFF)}. Unlike {@link #startingWith}, it leaves out keys
     * whose next element merely continues the last one: the string "ab" is a byte prefix of the string
     * "ab\0c" ({@code 02 61 62 00} and {@code 02 61 62 00 FF 63 00}), and a key that continues an element
     * continues it with 0xFF, which no tuple element starts with.
     */
    public static KeyRange tuplePrefix(byte[] prefix) {
        byte[] end = Arrays.copyOf(prefix, prefix.length + 1);
        end[prefix.length] = (byte) 0xFF;
        return new KeyRange(prefix, end);
    }

    /** Whether {@code key} lies in this range. */
    public boolean contains(byte[] key) {
        return Arrays.compareUnsigned(key, begin) >= 0 && Arrays.compareUnsigned(key, end) < 0;
    }

    /** Whether the range holds no key at all. */
    public boolean isEmpty() {
        return Arrays.compareUnsigned(begin, end) >= 0;
    }

    /**
     * The first key after every key that starts with {@code prefix}: the prefix with trailing 0xFF
     * bytes dropped and its last byte incremented.
     *
     * @throws IllegalArgumentException if the prefix is empty or all 0xFF, which has no successor
     */
    public static byte[] strinc(byte[] prefix) {
        int last = prefix.length - 1;
        while (last >= 0 && prefix[last] == (byte) 0xFF) {
            last--;
        }
        if (last < 0) {
            throw new IllegalArgumentException("no key follows every key with prefix " + HexFormat.of().formatHex(prefix));
        }
        byte[] next = Arrays.copyOf(prefix, last + 1);
        next[last]++;
        return next;
    }

    /** The key right after {@code key} in byte order: {@code key} followed by 0x00. */
    public static byte[] successor(byte[] key) {
        return Arrays.copyOf(key, key.length + 1);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof KeyRange that && Arrays.equals(begin, that.begin) && Arrays.equals(end, that.end);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(begin) + Arrays.hashCode(end);
    }

    @Override
    public String toString() {
        HexFormat hex = HexFormat.of();
        return "[" + hex.formatHex(begin) + ", " + hex.formatHex(end) + ")";
    }
}
