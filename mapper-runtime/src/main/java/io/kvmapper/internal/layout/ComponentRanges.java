package io.kvmapper.internal.layout;

import static io.kvmapper.internal.layout.KeyLayout.concat;

import io.kvmapper.spi.KeyRange;
import java.util.Arrays;

/**
 * Ranges of keys selected by the value of one tuple element that follows a fixed prefix: what a derived query
 * scans after its equality predicates ({@code docs/queries.md}). The prefix is the encoded elements before the
 * ranged one (it may end inside the nested partition tuple of a record key); bounds are the encoded element
 * itself, as a {@code TupleWriter} writes it, in ascending or descending form.
 *
 * <p>A key whose ranged element equals a bound {@code b} is {@code prefix + b + rest}, where {@code rest} starts
 * with a type code or the end of a nested tuple, never with 0xFF, so {@code prefix + b + 0xFF} lies after every
 * such key and before every key with a larger element (see {@link KeyRange#tuplePrefix}). A descending element
 * sorts in reverse value order, so its value bounds swap ends.
 */
public final class ComponentRanges {
    private static final byte[] AFTER_NULL = {0x01};
    private static final byte[] END = {(byte) 0xFF};

    private ComponentRanges() {
    }

    /** Every key that continues {@code prefix} with complete elements: the ranged element takes any value. */
    public static KeyRange all(byte[] prefix) {
        return KeyRange.tuplePrefix(prefix);
    }

    /**
     * Every key that continues {@code prefix} with an element whose value lies between the bounds.
     *
     * @param lower the encoded lower bound, or null for none
     * @param lowerInclusive whether a value equal to {@code lower} is in the range
     * @param upper the encoded upper bound, or null for none
     * @param upperInclusive whether a value equal to {@code upper} is in the range
     * @param descending whether the element (and so both bounds) is in descending form
     * @param skipNull whether a null element, which sorts before every value, is left out: a comparison
     *     never holds for null; only an ascending element can be null (an index value; key components never are)
     * @return the range; empty when the bounds cross
     */
    public static KeyRange range(byte[] prefix, byte[] lower, boolean lowerInclusive, byte[] upper,
            boolean upperInclusive, boolean descending, boolean skipNull) {
        if (descending) {
            byte[] begin = upper == null ? prefix : upperInclusive ? concat(prefix, upper) : concat(prefix, upper, END);
            byte[] end = lower == null ? concat(prefix, END)
                    : lowerInclusive ? concat(prefix, lower, END) : concat(prefix, lower);
            return new KeyRange(begin, end);
        }
        byte[] begin = lower == null ? (skipNull ? concat(prefix, AFTER_NULL) : prefix)
                : lowerInclusive ? concat(prefix, lower) : concat(prefix, lower, END);
        byte[] end = upper == null ? concat(prefix, END) : upperInclusive ? concat(prefix, upper, END)
                : concat(prefix, upper);
        return new KeyRange(begin, end);
    }

    /**
     * Every key that continues {@code prefix} with a string element starting with the string {@code encoded}
     * holds. A string's encoding without its end marker is a byte prefix of the encoding of every string that
     * starts with it (0x02, the UTF-8 bytes with 0x00 escaped, then 0x00); a descending string is that encoding
     * mapped byte by byte (complemented, a 0x00 escaped) and ended with three bytes (the mapped end marker, then
     * 0xFF 0x00), so the mapped prefix is a byte prefix of every longer string's descending form too.
     *
     * @param encoded the string as one element, ascending or descending as the element is stored
     * @param descending whether {@code encoded} is in descending form
     */
    public static KeyRange startingWith(byte[] prefix, byte[] encoded, boolean descending) {
        byte[] start = concat(prefix, Arrays.copyOf(encoded, encoded.length - (descending ? 3 : 1)));
        return new KeyRange(start, KeyRange.strinc(start));
    }
}
