package io.kvmapper.tuple;

import io.kvmapper.CorruptDataException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/** Encodes and decodes whole tuples, and prints keys for people. */
public final class Tuples {
    private Tuples() {
    }

    /**
     * Encodes {@code elements} as one tuple, each by its runtime type as {@link TupleWriter#write(Object)}
     * does. Equal values encode identically: an {@link Integer}, {@link Long} or {@link java.math.BigInteger}
     * of the same value give the same bytes.
     *
     * @throws IllegalArgumentException if an element's type cannot be encoded
     */
    public static byte[] encode(Object... elements) {
        TupleWriter writer = new TupleWriter();
        for (Object element : elements) {
            writer.write(element);
        }
        return writer.toByteArray();
    }

    /**
     * Decodes a whole tuple without a schema, into a new mutable list with the types
     * {@link TupleReader#read()} gives.
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
        if (key == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(key.length * 2 + 2).append('(');
        TupleReader reader = new TupleReader(key);
        try {
            // Iterative, so that deeply nested keys cannot overflow the stack.
            int level = 0;
            boolean first = true;
            while (true) {
                if (!reader.hasNext()) {
                    if (level == 0) {
                        break;
                    }
                    reader.endNested();
                    out.append(')');
                    level--;
                    first = false;
                    continue;
                }
                if (!first) {
                    out.append(", ");
                }
                first = false;
                if (reader.peekType() == TypeCodes.NESTED) {
                    reader.beginNested();
                    out.append('(');
                    level++;
                    first = true;
                } else {
                    appendScalar(out, reader.read());
                }
            }
        } catch (CorruptDataException e) {
            return "0x" + HexFormat.of().formatHex(key) + " (not a valid tuple: " + e.getMessage() + ")";
        }
        return out.append(')').toString();
    }

    private static void appendScalar(StringBuilder out, Object value) {
        if (value instanceof String s) {
            out.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\t' -> out.append("\\t");
                    case '\r' -> out.append("\\r");
                    default -> {
                        if (c < 0x20 || c == 0x7F) {
                            out.append(String.format("\\u%04x", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                }
            }
            out.append('"');
        } else if (value instanceof byte[] bytes) {
            out.append("b\"");
            for (byte b : bytes) {
                int u = b & 0xFF;
                if (u >= 0x20 && u < 0x7F && u != '"' && u != '\\') {
                    out.append((char) u);
                } else {
                    out.append(String.format("\\x%02x", u));
                }
            }
            out.append('"');
        } else if (value instanceof Float f) {
            out.append(f).append('f');
        } else {
            out.append(value);
        }
    }
}
