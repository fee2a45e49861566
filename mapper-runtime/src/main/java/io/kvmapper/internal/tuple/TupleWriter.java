package io.kvmapper.internal.tuple;

import io.kvmapper.InvalidRequestException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * Appends tuple elements, in the FoundationDB tuple layer encoding, to a buffer it grows itself.
 *
 * <p>A value the encoding cannot hold (a string with an unpaired surrogate, an integer of more than 255
 * bytes, a decimal without a normalized form, a tuple beyond 2 GiB) is an {@link InvalidRequestException}
 * saying why, the counterpart of the {@link io.kvmapper.CorruptDataException} of {@link TupleReader}: such a
 * value comes from a caller, and callers that know more (the entity, the key component, the index) say so
 * around it.
 *
 * <p>Generated repositories build every key with one of these, so the typed methods write straight into
 * the buffer without boxing or intermediate arrays. A writer is not thread-safe; reuse one with
 * {@link #reset()}.
 *
 * <pre>{@code
 * byte[] key = new TupleWriter()
 *         .beginNested().writeString("User").writeString("r").endNested()
 *         .writeLong(42)
 *         .descending().writeInstant(createdAt)
 *         .toByteArray();
 * }</pre>
 *
 * <p>The encodings are described in {@code docs/key-encoding.md}. If a method throws, the element it was
 * writing is not in the buffer, but other state (a pending {@link #descending()}) is unspecified: call
 * {@link #reset()} before reusing the writer.
 */
public final class TupleWriter {
    private static final int DEFAULT_CAPACITY = 64;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final BigInteger BIG_NANOS_PER_SECOND = BigInteger.valueOf(NANOS_PER_SECOND);
    /** Seconds for which {@code seconds * 10^9 + nanos} cannot overflow a long. */
    private static final long MIN_LONG_NANOS_SECONDS = Long.MIN_VALUE / NANOS_PER_SECOND;
    private static final long MAX_LONG_NANOS_SECONDS = Long.MAX_VALUE / NANOS_PER_SECOND - 1;
    private static final int MAX_BIG_INTEGER_BYTES = 255;

    private byte[] buffer;
    private int size;
    /** Nesting depth inside the element being written: nulls are 0x00 0xFF when it is above 0. */
    private int depth;
    /** How many times the next element is to be wrapped in descending form. */
    private int pendingDescending;

    /** Open nested tuples, innermost last: where each starts, its descending count, the depth outside it. */
    private int[] nestedStart = new int[4];
    private int[] nestedDescending = new int[4];
    private int[] nestedOuterDepth = new int[4];
    private int openNested;

    /** Holds an element while it is rewritten in descending form. */
    private byte[] scratch;

    /** Creates a writer with a buffer for a typical key. */
    public TupleWriter() {
        this(DEFAULT_CAPACITY);
    }

    /**
     * Creates a writer whose buffer starts at {@code initialCapacity} bytes (it grows as needed).
     *
     * @throws IllegalArgumentException if {@code initialCapacity} is negative
     */
    public TupleWriter(int initialCapacity) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException("initial capacity is negative: " + initialCapacity);
        }
        buffer = new byte[initialCapacity];
    }

    /**
     * Appends bytes that are already encoded, such as a precomputed prefix, verbatim.
     *
     * @throws IllegalStateException if {@link #descending()} is pending, since raw bytes are not one element
     */
    public TupleWriter appendRaw(byte[] encoded) {
        if (pendingDescending > 0) {
            throw new IllegalStateException("descending() must be followed by an element, not appendRaw()");
        }
        ensureCapacity(encoded.length);
        System.arraycopy(encoded, 0, buffer, size, encoded.length);
        size += encoded.length;
        return this;
    }

    /**
     * Starts a nested tuple (type code 0x05); the elements written until the matching {@link #endNested()}
     * belong to it. If {@link #descending()} is pending, the whole nested tuple is written descending.
     */
    public TupleWriter beginNested() {
        if (openNested == nestedStart.length) {
            int capacity = openNested * 2;
            nestedStart = Arrays.copyOf(nestedStart, capacity);
            nestedDescending = Arrays.copyOf(nestedDescending, capacity);
            nestedOuterDepth = Arrays.copyOf(nestedOuterDepth, capacity);
        }
        int descending = takeDescending();
        nestedStart[openNested] = size;
        nestedDescending[openNested] = descending;
        nestedOuterDepth[openNested] = depth;
        openNested++;
        if (descending > 0) {
            // A descending element's payload is encoded as a tuple of its own.
            depth = 0;
        }
        depth++;
        ensureCapacity(1);
        buffer[size++] = TypeCodes.NESTED;
        return this;
    }

    /**
     * Ends the innermost nested tuple (a 0x00 byte).
     *
     * @throws IllegalStateException if no nested tuple is open, or {@link #descending()} is pending
     */
    public TupleWriter endNested() {
        if (openNested == 0) {
            throw new IllegalStateException("endNested() without a matching beginNested()");
        }
        if (pendingDescending > 0) {
            throw new IllegalStateException("descending() must be followed by an element, not endNested()");
        }
        ensureCapacity(1);
        buffer[size++] = TypeCodes.NULL;
        openNested--;
        depth = nestedOuterDepth[openNested];
        wrapDescending(nestedStart[openNested], nestedDescending[openNested]);
        return this;
    }

    /**
     * Writes the next element (a scalar, or a whole nested tuple from {@link #beginNested()} to its
     * {@link #endNested()}) in descending form: its encoding with every byte complemented and 0xFF
     * appended, stored as a byte string. Descending elements sort in reverse order. Calling this twice
     * wraps the element twice.
     */
    public TupleWriter descending() {
        pendingDescending++;
        return this;
    }

    /** Writes null: 0x00, or 0x00 0xFF inside a nested tuple. */
    public TupleWriter writeNull() {
        int descending = takeDescending();
        int start = size;
        ensureCapacity(2);
        buffer[size++] = TypeCodes.NULL;
        if (depth > 0 && descending == 0) {
            buffer[size++] = (byte) TypeCodes.ESCAPE;
        }
        wrapDescending(start, descending);
        return this;
    }

    /** Writes a byte string: 0x01, the bytes with each 0x00 escaped as 0x00 0xFF, then 0x00. */
    public TupleWriter writeBytes(byte[] value) {
        Objects.requireNonNull(value, "writeBytes(null): write a null element with writeNull()");
        int descending = takeDescending();
        int start = size;
        encodeBytes(value, 0, value.length);
        wrapDescending(start, descending);
        return this;
    }

    /**
     * Writes a string: 0x02, its UTF-8 bytes with each 0x00 escaped as 0x00 0xFF, then 0x00.
     *
     * @throws InvalidRequestException if the string holds an unpaired surrogate, which UTF-8 cannot hold
     */
    public TupleWriter writeString(String value) {
        Objects.requireNonNull(value, "writeString(null): write a null element with writeNull()");
        int descending = takeDescending();
        int start = size;
        encodeString(value);
        wrapDescending(start, descending);
        return this;
    }

    /** Writes an integer in the fewest bytes: type code 0x0c to 0x1c, 0x14 being zero. */
    public TupleWriter writeLong(long value) {
        int descending = takeDescending();
        int start = size;
        ensureCapacity(IntegerCodec.MAX_LONG_SIZE);
        size = IntegerCodec.encodeLong(buffer, size, value);
        wrapDescending(start, descending);
        return this;
    }

    /**
     * Writes an integer of any size up to 255 bytes of magnitude; one that fits in a long is written exactly
     * as {@link #writeLong(long)} writes it, larger ones with type codes 0x0b and 0x1d as FoundationDB does.
     *
     * @throws InvalidRequestException if the magnitude needs more than 255 bytes
     */
    public TupleWriter writeBigInteger(BigInteger value) {
        Objects.requireNonNull(value, "writeBigInteger(null): write a null element with writeNull()");
        int descending = takeDescending();
        int start = size;
        encodeBigInteger(value);
        wrapDescending(start, descending);
        return this;
    }

    /**
     * Writes a float: 0x20 and its IEEE bits, sign bit flipped if positive, all bits if negative. Every NaN
     * is written as the canonical NaN ({@link Float#NaN}, bits {@code 0x7fc00000}), whatever its sign and
     * payload, so that keys are equal exactly when {@link Float#equals} says the values are: a NaN computed at
     * run time ({@code 0f / 0f} has the sign bit set on x86-64) finds the entity saved with any other NaN.
     */
    public TupleWriter writeFloat(float value) {
        int descending = takeDescending();
        int start = size;
        int bits = Float.floatToIntBits(value);
        bits ^= (bits >> (Integer.SIZE - 1)) | Integer.MIN_VALUE;
        ensureCapacity(1 + Integer.BYTES);
        buffer[size++] = TypeCodes.FLOAT;
        putLong(bits, Integer.BYTES);
        wrapDescending(start, descending);
        return this;
    }

    /**
     * Writes a double: 0x21 and its IEEE bits, sign bit flipped if positive, all bits if negative. Every NaN
     * is written as the canonical NaN ({@link Double#NaN}, bits {@code 0x7ff8000000000000}), as
     * {@link #writeFloat} does.
     */
    public TupleWriter writeDouble(double value) {
        int descending = takeDescending();
        int start = size;
        long bits = Double.doubleToLongBits(value);
        bits ^= (bits >> (Long.SIZE - 1)) | Long.MIN_VALUE;
        ensureCapacity(1 + Long.BYTES);
        buffer[size++] = TypeCodes.DOUBLE;
        putLong(bits, Long.BYTES);
        wrapDescending(start, descending);
        return this;
    }

    /** Writes a boolean: 0x26 for false, 0x27 for true. */
    public TupleWriter writeBoolean(boolean value) {
        int descending = takeDescending();
        int start = size;
        ensureCapacity(1);
        buffer[size++] = (byte) (value ? TypeCodes.TRUE : TypeCodes.FALSE);
        wrapDescending(start, descending);
        return this;
    }

    /** Writes a UUID: 0x30 and its 16 bytes, big-endian. */
    public TupleWriter writeUuid(UUID value) {
        Objects.requireNonNull(value, "writeUuid(null): write a null element with writeNull()");
        int descending = takeDescending();
        int start = size;
        ensureCapacity(1 + 2 * Long.BYTES);
        buffer[size++] = TypeCodes.UUID;
        putLong(value.getMostSignificantBits(), Long.BYTES);
        putLong(value.getLeastSignificantBits(), Long.BYTES);
        wrapDescending(start, descending);
        return this;
    }

    /**
     * Writes an instant as an integer: nanoseconds since 1970-01-01T00:00:00Z. Instants from about 1677 to
     * 2262 fit in 8 bytes; the rest, down to {@link Instant#MIN} and up to {@link Instant#MAX}, take the
     * big-integer forms (an 11-byte magnitude at the extremes).
     */
    public TupleWriter writeInstant(Instant value) {
        Objects.requireNonNull(value, "writeInstant(null): write a null element with writeNull()");
        int descending = takeDescending();
        int start = size;
        encodeEpochNanos(value.getEpochSecond(), value.getNano());
        wrapDescending(start, descending);
        return this;
    }

    /** Writes a date as an integer: its epoch day (days since 1970-01-01). */
    public TupleWriter writeLocalDate(LocalDate value) {
        Objects.requireNonNull(value, "writeLocalDate(null): write a null element with writeNull()");
        return writeLong(value.toEpochDay());
    }

    /** Writes a date-time as an integer: nanoseconds since 1970-01-01T00:00, read as if it were UTC. */
    public TupleWriter writeLocalDateTime(LocalDateTime value) {
        Objects.requireNonNull(value, "writeLocalDateTime(null): write a null element with writeNull()");
        int descending = takeDescending();
        int start = size;
        encodeEpochNanos(value.toEpochSecond(ZoneOffset.UTC), value.getNano());
        wrapDescending(start, descending);
        return this;
    }

    /** Writes an enum constant as a string: its {@link Enum#name()}, so enums sort by name. */
    public TupleWriter writeEnum(Enum<?> value) {
        Objects.requireNonNull(value, "writeEnum(null): write a null element with writeNull()");
        return writeString(value.name());
    }

    /** Writes a char as an integer: its UTF-16 code unit, 0 to 65535. */
    public TupleWriter writeChar(char value) {
        return writeLong(value);
    }

    /**
     * Writes a decimal as a byte string whose payload sorts in numeric order; trailing zeros are dropped
     * first, so 1.0 and 1.00 are the same key. The payload is described in {@code docs/key-encoding.md}.
     *
     * @throws InvalidRequestException if the value without trailing zeros needs a scale below
     *     {@link Integer#MIN_VALUE} (such as {@code 10} with scale {@code Integer.MIN_VALUE})
     */
    public TupleWriter writeBigDecimal(BigDecimal value) {
        Objects.requireNonNull(value, "writeBigDecimal(null): write a null element with writeNull()");
        int descending = takeDescending();
        int start = size;
        byte[] payload = DecimalCodec.encode(value);
        encodeBytes(payload, 0, payload.length);
        wrapDescending(start, descending);
        return this;
    }

    /**
     * A copy of the bytes written so far, where nested tuples may still be open: the prefix shared by
     * every key that goes on inside them, for a range scan over those keys.
     *
     * @throws IllegalStateException if {@link #descending()} is pending or an open nested tuple is
     *     descending, since a descending element's bytes are final only once it ends
     */
    public byte[] toPrefixBytes() {
        if (pendingDescending > 0) {
            throw new IllegalStateException("descending() was not followed by an element");
        }
        for (int i = 0; i < openNested; i++) {
            if (nestedDescending[i] > 0) {
                throw new IllegalStateException("a descending nested tuple is still open: call endNested()");
            }
        }
        return Arrays.copyOf(buffer, size);
    }

    /** The number of bytes written so far. */
    public int size() {
        return size;
    }

    /**
     * A copy of the bytes written so far.
     *
     * @throws IllegalStateException if a nested tuple is still open or {@link #descending()} is pending
     */
    public byte[] toByteArray() {
        if (openNested > 0) {
            throw new IllegalStateException(openNested + " nested tuple(s) still open: call endNested()");
        }
        if (pendingDescending > 0) {
            throw new IllegalStateException("descending() was not followed by an element");
        }
        return Arrays.copyOf(buffer, size);
    }

    /**
     * A copy of the bytes written so far after {@code headroom} zero bytes, which the caller fills in: the room
     * for a value's integrity check, without copying the value twice.
     *
     * @throws IllegalStateException if a nested tuple is still open or {@link #descending()} is pending
     */
    public byte[] toByteArray(int headroom) {
        if (openNested > 0 || pendingDescending > 0) {
            throw new IllegalStateException("a nested tuple is still open or descending() is pending");
        }
        byte[] bytes = new byte[headroom + size];
        System.arraycopy(buffer, 0, bytes, headroom, size);
        return bytes;
    }

    /**
     * Drops every byte after the first {@code size}, so that the writer can go on from an earlier
     * point: the attribute-per-key layout writes many keys that share a prefix this way.
     *
     * @throws IllegalStateException if a nested tuple is open or {@link #descending()} is pending
     * @throws IndexOutOfBoundsException if {@code size} is negative or more than {@link #size()}
     */
    public TupleWriter truncate(int size) {
        if (openNested > 0 || pendingDescending > 0) {
            throw new IllegalStateException("cannot truncate while a nested tuple is open or descending() is pending");
        }
        java.util.Objects.checkIndex(size, this.size + 1);
        this.size = size;
        return this;
    }

    /** Empties the writer, keeping its buffer, so it can build another key. */
    public TupleWriter reset() {
        size = 0;
        depth = 0;
        pendingDescending = 0;
        openNested = 0;
        return this;
    }

    /**
     * The index of the first unpaired surrogate in {@code value}, or -1 if it has none: whether
     * {@link #writeString} can write it, without writing it.
     */
    public static int unpairedSurrogate(CharSequence value) {
        int length = value.length();
        for (int i = 0; i < length; i++) {
            char c = value.charAt(i);
            if (Character.isSurrogate(c)) {
                boolean paired = Character.isHighSurrogate(c) && i + 1 < length
                        && Character.isLowSurrogate(value.charAt(i + 1));
                if (!paired) {
                    return i;
                }
                i++;
            }
        }
        return -1;
    }

    /** What is wrong with a string whose unpaired surrogate {@link #unpairedSurrogate} found at {@code index}. */
    public static String unpairedSurrogateMessage(CharSequence value, int index) {
        return String.format("the string has an unpaired surrogate U+%04X at index %d, which UTF-8 cannot encode",
                (int) value.charAt(index), index);
    }

    private int takeDescending() {
        int descending = pendingDescending;
        pendingDescending = 0;
        return descending;
    }

    /**
     * Rewrites the element at {@code start..size} in descending form {@code times} times: 0x01, the
     * complement of every byte with 0xFF appended, 0x00 escaped as 0x00 0xFF, then 0x00.
     *
     * <p>Complementing reverses the order of two encodings unless one is a prefix of the other, which
     * happens ("" and "\0" encode as 02 00 and 02 00 FF 00). The appended 0xFF settles that case: where the
     * shorter encoding ends, the longer continues with the 0xFF escape, complemented to 0x00, below it.
     */
    private void wrapDescending(int start, int times) {
        for (int t = 0; t < times; t++) {
            int length = size - start;
            if (scratch == null || scratch.length < length) {
                scratch = new byte[Math.max(length, DEFAULT_CAPACITY)];
            }
            System.arraycopy(buffer, start, scratch, 0, length);
            size = start;
            ensureCapacity(2 * length + 3);
            byte[] out = buffer;
            int n = size;
            out[n++] = TypeCodes.BYTES;
            for (int i = 0; i < length; i++) {
                byte complement = (byte) ~scratch[i];
                out[n++] = complement;
                if (complement == 0) {
                    out[n++] = (byte) TypeCodes.ESCAPE;
                }
            }
            out[n++] = (byte) 0xFF;
            out[n++] = TypeCodes.NULL;
            size = n;
        }
    }

    private void encodeBytes(byte[] value, int from, int to) {
        ensureCapacity(2 * (to - from) + 2);
        byte[] out = buffer;
        int n = size;
        out[n++] = TypeCodes.BYTES;
        for (int i = from; i < to; i++) {
            byte b = value[i];
            out[n++] = b;
            if (b == 0) {
                out[n++] = (byte) TypeCodes.ESCAPE;
            }
        }
        out[n++] = TypeCodes.NULL;
        size = n;
    }

    private void encodeString(String value) {
        int length = value.length();
        // At most 3 bytes per UTF-16 unit (a surrogate pair is 4 bytes for 2 units; "\0" is 2 escaped).
        ensureCapacity(3L * length + 2);
        byte[] out = buffer;
        int n = size;
        out[n++] = TypeCodes.STRING;
        for (int i = 0; i < length; i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                out[n++] = (byte) c;
                if (c == 0) {
                    out[n++] = (byte) TypeCodes.ESCAPE;
                }
            } else if (c < 0x800) {
                out[n++] = (byte) (0xC0 | (c >> 6));
                out[n++] = (byte) (0x80 | (c & 0x3F));
            } else if (!Character.isSurrogate(c)) {
                out[n++] = (byte) (0xE0 | (c >> 12));
                out[n++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                out[n++] = (byte) (0x80 | (c & 0x3F));
            } else {
                char low = i + 1 < length ? value.charAt(i + 1) : 0;
                if (!Character.isHighSurrogate(c) || !Character.isLowSurrogate(low)) {
                    throw new InvalidRequestException(unpairedSurrogateMessage(value, i));
                }
                int codePoint = Character.toCodePoint(c, low);
                i++;
                out[n++] = (byte) (0xF0 | (codePoint >> 18));
                out[n++] = (byte) (0x80 | ((codePoint >> 12) & 0x3F));
                out[n++] = (byte) (0x80 | ((codePoint >> 6) & 0x3F));
                out[n++] = (byte) (0x80 | (codePoint & 0x3F));
            }
        }
        out[n++] = TypeCodes.NULL;
        size = n;
    }

    private void encodeBigInteger(BigInteger value) {
        if (value.bitLength() < Long.SIZE) {
            ensureCapacity(IntegerCodec.MAX_LONG_SIZE);
            size = IntegerCodec.encodeLong(buffer, size, value.longValue());
            return;
        }
        boolean negative = value.signum() < 0;
        BigInteger magnitude = value.abs();
        int n = (magnitude.bitLength() + 7) / Byte.SIZE;
        if (n > MAX_BIG_INTEGER_BYTES) {
            throw new InvalidRequestException("the integer's magnitude takes " + n
                    + " bytes; the tuple layer holds at most " + MAX_BIG_INTEGER_BYTES);
        }
        byte[] bytes = magnitude.toByteArray();
        int from = bytes.length - n; // skips the sign byte toByteArray may add
        ensureCapacity(2 + n);
        byte[] out = buffer;
        int pos = size;
        if (n == Long.BYTES) {
            out[pos++] = (byte) (negative ? TypeCodes.NEG_INT_8 : TypeCodes.POS_INT_8);
        } else {
            out[pos++] = (byte) (negative ? TypeCodes.NEG_BIG_INT : TypeCodes.POS_BIG_INT);
            out[pos++] = (byte) (negative ? n ^ 0xFF : n);
        }
        for (int i = 0; i < n; i++) {
            out[pos++] = negative ? (byte) ~bytes[from + i] : bytes[from + i];
        }
        size = pos;
    }

    private void encodeEpochNanos(long seconds, int nanos) {
        if (seconds >= MIN_LONG_NANOS_SECONDS && seconds <= MAX_LONG_NANOS_SECONDS) {
            ensureCapacity(IntegerCodec.MAX_LONG_SIZE);
            size = IntegerCodec.encodeLong(buffer, size, seconds * NANOS_PER_SECOND + nanos);
        } else {
            encodeBigInteger(BigInteger.valueOf(seconds).multiply(BIG_NANOS_PER_SECOND).add(BigInteger.valueOf(nanos)));
        }
    }

    private void putLong(long bits, int bytes) {
        for (int shift = (bytes - 1) * Byte.SIZE; shift >= 0; shift -= Byte.SIZE) {
            buffer[size++] = (byte) (bits >>> shift);
        }
    }

    private void ensureCapacity(long extra) {
        long needed = size + extra;
        if (needed <= buffer.length) {
            return;
        }
        if (needed > Integer.MAX_VALUE - 8) {
            throw new InvalidRequestException("a tuple cannot grow beyond 2 GiB");
        }
        buffer = Arrays.copyOf(buffer, (int) Math.max(needed, Math.min(2L * buffer.length, Integer.MAX_VALUE - 8)));
    }
}
