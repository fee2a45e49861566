package io.kvmapper.tuple;

import io.kvmapper.CorruptDataException;
import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.internal.tuple.TupleText;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Encodes and decodes whole tuples, and prints keys for people. */
public final class Tuples {
    private Tuples() {
    }

    /**
     * Encodes {@code elements} as one tuple, each by its runtime type: null, {@code byte[]}, {@link String},
     * {@link Long}, {@link Integer}, {@link Short}, {@link Byte}, {@link java.math.BigInteger}, {@link Float},
     * {@link Double}, {@link Boolean}, {@link java.util.UUID}, {@link Character}, {@link java.time.Instant},
     * {@link java.time.LocalDate}, {@link java.time.LocalDateTime}, any {@link Enum},
     * {@link java.math.BigDecimal}, a {@link List} (a nested tuple of its elements) or a {@link Descending} (its
     * value, descending). Equal values encode identically: an {@link Integer}, {@link Long} or
     * {@link java.math.BigInteger} of the same value give the same bytes.
     *
     * @throws IllegalArgumentException if an element's type cannot be encoded
     * @throws io.kvmapper.InvalidRequestException if an element's value cannot be: a string with an unpaired
     *     surrogate (UTF-8 cannot hold it), an integer of more than 255 bytes, a decimal without a normalized
     *     form
     */
    public static byte[] encode(Object... elements) {
        TupleWriter writer = new TupleWriter();
        for (Object element : elements) {
            TupleValues.write(writer, element);
        }
        return writer.toByteArray();
    }

    /**
     * Decodes a whole tuple without a schema, into a new mutable list: integers as {@link Long}, or
     * {@link java.math.BigInteger} when they do not fit; strings as {@link String}; byte strings (including
     * descending elements and decimals) as {@code byte[]}; nested tuples as {@code List<Object>}; floats as
     * {@link Float}; doubles as {@link Double}; booleans as {@link Boolean}; UUIDs as {@link java.util.UUID}; null
     * as null.
     *
     * @throws CorruptDataException if the bytes are not a valid tuple
     */
    public static List<Object> decode(byte[] bytes) {
        return decode(bytes, 0, bytes.length);
    }

    /**
     * Decodes the tuple in {@code bytes[offset..offset+length)} without a schema.
     *
     * @throws CorruptDataException if the bytes are not a valid tuple
     * @throws IndexOutOfBoundsException if the range is not inside the array
     */
    public static List<Object> decode(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        TupleReader reader = new TupleReader(bytes, offset, offset + length);
        List<Object> elements = new ArrayList<>();
        while (reader.hasNext()) {
            elements.add(reader.read());
        }
        return elements;
    }

    /**
     * The length in bytes of the key's first element, its partition.
     *
     * @throws CorruptDataException if the key is empty or its first element is malformed
     */
    public static int partitionLength(byte[] key) {
        if (key.length == 0) {
            throw new CorruptDataException("malformed tuple at offset 0: the key is empty, so it has no partition element");
        }
        return elementEnd(key, 0);
    }

    /**
     * The offset just past the element that starts at {@code offset}, checking its structure.
     *
     * @throws CorruptDataException if there is no element at {@code offset} or it is malformed
     * @throws IndexOutOfBoundsException if {@code offset} is outside the array
     */
    public static int elementEnd(byte[] bytes, int offset) {
        TupleReader reader = new TupleReader(bytes, offset, bytes.length);
        reader.skip();
        return reader.position();
    }

    /**
     * The key as people read it, such as {@code ("User", "r", 42)}, for messages and logs. Strings are
     * quoted, byte strings (descending elements and decimals among them) print as {@code b"..."} with
     * {@code \xNN} escapes, floats end in {@code f}, nested tuples are parenthesized. Never throws: a null
     * key prints as {@code null}, malformed bytes as hex with the reason they are not a tuple.
     */
    public static String toString(byte[] key) {
        return TupleText.of(key);
    }

}
