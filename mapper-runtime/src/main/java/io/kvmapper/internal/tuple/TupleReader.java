package io.kvmapper.internal.tuple;

import io.kvmapper.CorruptDataException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * A cursor over tuple-encoded bytes that reads one element at a time, typed or schema-less.
 *
 * <p>Every malformed input (a truncated element, an unterminated string or nested tuple, an unknown type
 * code, invalid UTF-8) and every element of the wrong type throws {@link CorruptDataException} with a
 * message that says what was expected, what was found and at which offset. Reading never runs past the
 * given range and always advances, so it cannot hang. After an exception the cursor's position is
 * unspecified.
 *
 * <p>A reader is not thread-safe. It does not copy the bytes; the caller must not change them while
 * reading.
 */
public final class TupleReader {
    private static final int HEX_CONTEXT = 48;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final BigInteger BIG_NANOS_PER_SECOND = BigInteger.valueOf(NANOS_PER_SECOND);

    private final byte[] original;
    private final int originalStart;
    private final int originalEnd;

    /** The bytes being read: the original ones, or the decoded payload of a descending element. */
    private byte[] buf;
    private int pos;
    private int end;
    /** Nesting depth inside the current bytes: nulls are 0x00 0xFF and 0x00 ends a tuple above 0. */
    private int depth;

    /** Descending elements being read, outermost first; entries past {@link #frames} are kept for reuse. */
    private Frame[] frameStack;
    private int frames;
    /** Where the outermost descending element being read starts in the original bytes. */
    private int descendingStart;

    /** Set by {@link #readIntegerRaw} when the integer does not fit in a long. */
    private BigInteger bigValue;
    /** The number of 0x00 0xFF escapes {@link #findTerminator} passed. */
    private int escapes;
    private byte[] byteScratch;
    private char[] charScratch;

    /** Reads all of {@code bytes}. */
    public TupleReader(byte[] bytes) {
        this(bytes, 0, bytes.length);
    }

    /**
     * Reads {@code bytes} from {@code offset} (inclusive) to {@code end} (exclusive).
     *
     * @throws IndexOutOfBoundsException if the range is not inside the array
     */
    public TupleReader(byte[] bytes, int offset, int end) {
        Objects.checkFromToIndex(offset, end, bytes.length);
        this.original = bytes;
        this.originalStart = offset;
        this.originalEnd = end;
        this.buf = bytes;
        this.pos = offset;
        this.end = end;
    }

    /** Whether another element follows, in the current nested tuple if one is open. */
    public boolean hasNext() {
        return pos < end && (depth == 0 || buf[pos] != 0 || isEscapeAt(pos + 1));
    }

    /**
     * The offset in the array of the next element. While reading inside a descending element, whose
     * payload is decoded into a copy, it is the offset where that (outermost) descending element starts.
     */
    public int position() {
        return frames == 0 ? pos : descendingStart;
    }

    /**
     * Reads the next element in descending form, as {@link TupleWriter#descending()} wrote it: this decodes
     * the byte string's payload now, and the next read (of a scalar, or from {@link #beginNested()} to its
     * {@link #endNested()}) reads the original value from it. Calling it twice unwraps twice.
     *
     * @throws CorruptDataException if the next element is not a descending element
     */
    public TupleReader descending() {
        int start = pos;
        expect(TypeCodes.BYTES, "a descending element (a byte string)");
        int terminator = findTerminator(start, pos + 1);
        if (frameStack == null) {
            frameStack = new Frame[2];
        } else if (frames == frameStack.length) {
            frameStack = Arrays.copyOf(frameStack, frames * 2);
        }
        Frame frame = frameStack[frames];
        if (frame == null) {
            frame = frameStack[frames] = new Frame();
        }
        int length = terminator - (pos + 1) - escapes;
        if (frame.payload == null || frame.payload.length < length) {
            frame.payload = new byte[Math.max(length, 32)];
        }
        byte[] payload = frame.payload;
        unescape(pos + 1, terminator, payload);
        if (length == 0 || payload[length - 1] != (byte) 0xFF) {
            throw corrupt(start, "expected a descending element, found a byte string that does not end with 0xff");
        }
        if (length == 1) {
            throw corrupt(start, "expected a descending element, found one that holds no element");
        }
        length--;
        for (int i = 0; i < length; i++) {
            payload[i] = (byte) ~payload[i];
        }
        if (frames == 0) {
            descendingStart = start;
        }
        frame.outerBuf = buf;
        frame.outerPos = terminator + 1;
        frame.outerEnd = end;
        frame.outerDepth = depth;
        frames++;
        buf = payload;
        pos = 0;
        end = length;
        depth = 0;
        return this;
    }

    /** Whether the next element is null (in descending form after {@link #descending()}); false at the end. */
    public boolean nextIsNull() {
        return pos < end && buf[pos] == 0 && (depth == 0 || isEscapeAt(pos + 1));
    }

    /** Skips the next element, checking its structure but not its contents (such as UTF-8). */
    public void skip() {
        skipRaw();
        finishElement();
    }

    /**
     * Reads the next element without a schema: integers as {@link Long}, or {@link BigInteger} when they do
     * not fit; strings as {@link String}; byte strings (including descending elements and decimals) as
     * {@code byte[]}; nested tuples as {@code List<Object>}; floats as {@link Float}; doubles as
     * {@link Double}; booleans as {@link Boolean}; UUIDs as {@link UUID}; null as null.
     */
    public Object read() {
        Object value = readAnyRaw();
        finishElement();
        return value;
    }

    /** Reads a null element. */
    public void readNull() {
        int start = pos;
        int code = peekCode("null");
        if (code != TypeCodes.NULL) {
            throw mismatch(start, "null", code);
        }
        pos += depth > 0 ? 2 : 1;
        finishElement();
    }

    /** Reads a byte string. */
    public byte[] readBytes() {
        byte[] value = readBytesRaw();
        finishElement();
        return value;
    }

    /** Reads a string, checking that it is valid UTF-8. */
    public String readString() {
        String value = readStringRaw();
        finishElement();
        return value;
    }

    /** Reads an integer that fits in a long. */
    public long readLong() {
        long value = readLongRaw("an integer (a long)", Long.MIN_VALUE, Long.MAX_VALUE);
        finishElement();
        return value;
    }

    /** Reads an integer that fits in an int. */
    public int readInt() {
        int value = (int) readLongRaw("an integer (an int)", Integer.MIN_VALUE, Integer.MAX_VALUE);
        finishElement();
        return value;
    }

    /** Reads an integer that fits in a short. */
    public short readShort() {
        short value = (short) readLongRaw("an integer (a short)", Short.MIN_VALUE, Short.MAX_VALUE);
        finishElement();
        return value;
    }

    /** Reads an integer that fits in a byte. */
    public byte readByte() {
        byte value = (byte) readLongRaw("an integer (a byte)", Byte.MIN_VALUE, Byte.MAX_VALUE);
        finishElement();
        return value;
    }

    /** Reads a char written by {@link TupleWriter#writeChar(char)}: an integer from 0 to 65535. */
    public char readChar() {
        char value = (char) readLongRaw("an integer (a char)", Character.MIN_VALUE, Character.MAX_VALUE);
        finishElement();
        return value;
    }

    /** Reads an integer of any size. */
    public BigInteger readBigInteger() {
        long value = readIntegerRaw("an integer");
        BigInteger result = bigValue != null ? bigValue : BigInteger.valueOf(value);
        finishElement();
        return result;
    }

    /** Reads a float (type code 0x20). */
    public float readFloat() {
        float value = Float.intBitsToFloat((int) readFloatingRaw(TypeCodes.FLOAT, "a float", Integer.BYTES));
        finishElement();
        return value;
    }

    /** Reads a double (type code 0x21). */
    public double readDouble() {
        double value = Double.longBitsToDouble(readFloatingRaw(TypeCodes.DOUBLE, "a double", Long.BYTES));
        finishElement();
        return value;
    }

    /** Reads a boolean. */
    public boolean readBoolean() {
        boolean value = readBooleanRaw();
        finishElement();
        return value;
    }

    /** Reads a UUID. */
    public UUID readUuid() {
        UUID value = readUuidRaw();
        finishElement();
        return value;
    }

    /** Reads an instant written by {@link TupleWriter#writeInstant(Instant)}. */
    public Instant readInstant() {
        int start = pos;
        long nanos = readIntegerRaw("an integer (an Instant)");
        Instant value;
        if (bigValue == null) {
            value = Instant.ofEpochSecond(Math.floorDiv(nanos, NANOS_PER_SECOND), Math.floorMod(nanos, NANOS_PER_SECOND));
        } else {
            BigInteger[] split = splitNanos(bigValue);
            try {
                value = Instant.ofEpochSecond(split[0].longValueExact(), split[1].longValue());
            } catch (DateTimeException | ArithmeticException e) {
                throw corrupt(start, "the integer " + bigValue + " is outside the range of Instant (in nanoseconds)");
            }
        }
        finishElement();
        return value;
    }

    /** Reads a date written by {@link TupleWriter#writeLocalDate(LocalDate)}. */
    public LocalDate readLocalDate() {
        int start = pos;
        long epochDay = readLongRaw("an integer (a LocalDate)", Long.MIN_VALUE, Long.MAX_VALUE);
        LocalDate value;
        try {
            value = LocalDate.ofEpochDay(epochDay);
        } catch (DateTimeException e) {
            throw corrupt(start, "the integer " + epochDay + " is outside the range of LocalDate (in epoch days)");
        }
        finishElement();
        return value;
    }

    /** Reads a date-time written by {@link TupleWriter#writeLocalDateTime(LocalDateTime)}. */
    public LocalDateTime readLocalDateTime() {
        int start = pos;
        long nanos = readIntegerRaw("an integer (a LocalDateTime)");
        LocalDateTime value;
        try {
            if (bigValue == null) {
                value = LocalDateTime.ofEpochSecond(Math.floorDiv(nanos, NANOS_PER_SECOND),
                        (int) Math.floorMod(nanos, NANOS_PER_SECOND), ZoneOffset.UTC);
            } else {
                BigInteger[] split = splitNanos(bigValue);
                value = LocalDateTime.ofEpochSecond(split[0].longValueExact(), split[1].intValue(), ZoneOffset.UTC);
            }
        } catch (DateTimeException | ArithmeticException e) {
            throw corrupt(start, "the integer " + (bigValue != null ? bigValue : nanos)
                    + " is outside the range of LocalDateTime (in nanoseconds)");
        }
        finishElement();
        return value;
    }

    /** Reads an enum constant written by {@link TupleWriter#writeEnum(Enum)}: a string naming it. */
    public <E extends Enum<E>> E readEnum(Class<E> type) {
        int start = pos;
        String name = readStringRaw();
        E value;
        try {
            value = Enum.valueOf(type, name);
        } catch (IllegalArgumentException e) {
            throw corrupt(start, "the string \"" + name + "\" names no constant of " + type.getName());
        }
        finishElement();
        return value;
    }

    /** Reads a decimal written by {@link TupleWriter#writeBigDecimal(BigDecimal)}, without trailing zeros. */
    public BigDecimal readBigDecimal() {
        int start = pos;
        expect(TypeCodes.BYTES, "a byte string (a BigDecimal)");
        int terminator = findTerminator(start, pos + 1);
        int length = terminator - (pos + 1) - escapes;
        byte[] payload = byteScratch(length);
        unescape(pos + 1, terminator, payload);
        BigDecimal value;
        try {
            value = DecimalCodec.decode(payload, length);
        } catch (IllegalArgumentException e) {
            throw corrupt(start, "expected a BigDecimal, found a byte string that is not one: " + e.getMessage());
        }
        pos = terminator + 1;
        finishElement();
        return value;
    }

    /** Enters the nested tuple that is the next element; read its elements, then call {@link #endNested()}. */
    public void beginNested() {
        expect(TypeCodes.NESTED, "a nested tuple");
        pos++;
        depth++;
    }

    /**
     * Leaves the current nested tuple, which must have no elements left.
     *
     * @throws IllegalStateException if no nested tuple is open
     * @throws CorruptDataException if the nested tuple has more elements or is unterminated
     */
    public void endNested() {
        if (depth == 0) {
            throw new IllegalStateException("endNested() without a matching beginNested()");
        }
        if (pos >= end) {
            throw corrupt(pos, "expected the end of a nested tuple (0x00), found the end of the bytes");
        }
        if (hasNext()) {
            throw corrupt(pos, "expected the end of a nested tuple (0x00), found " + TypeCodes.describe(buf[pos] & 0xFF));
        }
        pos++;
        depth--;
        finishElement();
    }

    /** The type code of the next element, or -1 at the end of the bytes or of the current nested tuple. */
    public int peekType() {
        return hasNext() ? buf[pos] & 0xFF : -1;
    }

    // ---- element bodies; each leaves pos after the element, and the caller calls finishElement ----

    private Object readAnyRaw() {
        int start = pos;
        int code = peekCode("an element");
        if (code != TypeCodes.NESTED) {
            return readScalarRaw(code);
        }
        // Iterative, so that deeply nested input cannot overflow the stack.
        Deque<List<Object>> outer = new ArrayDeque<>();
        List<Object> current = new ArrayList<>();
        pos++;
        depth++;
        while (true) {
            if (pos >= end) {
                throw corrupt(start, "the nested tuple is unterminated: no 0x00 before the end of the bytes");
            }
            int c = buf[pos] & 0xFF;
            if (c == TypeCodes.NULL && !isEscapeAt(pos + 1)) {
                pos++;
                depth--;
                if (outer.isEmpty()) {
                    return current;
                }
                List<Object> parent = outer.pop();
                parent.add(current);
                current = parent;
            } else if (c == TypeCodes.NESTED) {
                outer.push(current);
                current = new ArrayList<>();
                pos++;
                depth++;
            } else {
                current.add(readScalarRaw(c));
            }
        }
    }

    private Object readScalarRaw(int code) {
        int start = pos;
        switch (code) {
            case TypeCodes.NULL:
                pos += depth > 0 ? 2 : 1;
                return null;
            case TypeCodes.BYTES:
                return readBytesRaw();
            case TypeCodes.STRING:
                return readStringRaw();
            case TypeCodes.FLOAT:
                return Float.intBitsToFloat((int) readFloatingRaw(TypeCodes.FLOAT, "a float", Integer.BYTES));
            case TypeCodes.DOUBLE:
                return Double.longBitsToDouble(readFloatingRaw(TypeCodes.DOUBLE, "a double", Long.BYTES));
            case TypeCodes.FALSE:
            case TypeCodes.TRUE:
                return readBooleanRaw();
            case TypeCodes.UUID:
                return readUuidRaw();
            default:
                if (TypeCodes.isInteger(code)) {
                    long value = readIntegerRaw("an integer");
                    return bigValue != null ? bigValue : (Object) value;
                }
                throw corrupt(start, "found " + TypeCodes.describe(code));
        }
    }

    private void skipRaw() {
        int start = pos;
        int code = peekCode("an element");
        if (code != TypeCodes.NESTED) {
            skipScalar(code);
            return;
        }
        pos++;
        int level = 1;
        while (level > 0) {
            if (pos >= end) {
                throw corrupt(start, "the nested tuple is unterminated: no 0x00 before the end of the bytes");
            }
            int c = buf[pos] & 0xFF;
            if (c == TypeCodes.NULL) {
                if (isEscapeAt(pos + 1)) {
                    pos += 2;
                } else {
                    pos++;
                    level--;
                }
            } else if (c == TypeCodes.NESTED) {
                pos++;
                level++;
            } else {
                skipScalar(c);
            }
        }
    }

    private void skipScalar(int code) {
        int start = pos;
        switch (code) {
            case TypeCodes.NULL -> pos += depth > 0 ? 2 : 1;
            case TypeCodes.BYTES, TypeCodes.STRING -> pos = findTerminator(start, pos + 1) + 1;
            case TypeCodes.FLOAT -> pos += require(start, 1 + Integer.BYTES, "a float");
            case TypeCodes.DOUBLE -> pos += require(start, 1 + Long.BYTES, "a double");
            case TypeCodes.FALSE, TypeCodes.TRUE -> pos++;
            case TypeCodes.UUID -> pos += require(start, 1 + 2 * Long.BYTES, "a UUID");
            default -> {
                if (!TypeCodes.isInteger(code)) {
                    throw corrupt(start, "found " + TypeCodes.describe(code));
                }
                pos += require(start, integerLength(code), "an integer");
            }
        }
    }

    private byte[] readBytesRaw() {
        int start = pos;
        expect(TypeCodes.BYTES, "a byte string");
        int terminator = findTerminator(start, pos + 1);
        byte[] value = new byte[terminator - (pos + 1) - escapes];
        unescape(pos + 1, terminator, value);
        pos = terminator + 1;
        return value;
    }

    private String readStringRaw() {
        int start = pos;
        expect(TypeCodes.STRING, "a string");
        int from = pos + 1;
        int terminator = findTerminator(start, from);
        String value;
        if (escapes == 0) {
            value = decodeUtf8(buf, from, terminator, start);
        } else {
            int length = terminator - from - escapes;
            byte[] text = byteScratch(length);
            unescape(from, terminator, text);
            value = decodeUtf8(text, 0, length, start);
        }
        pos = terminator + 1;
        return value;
    }

    /** Reads an integer in {@code min..max}; {@code what} names the expected type in messages. */
    private long readLongRaw(String what, long min, long max) {
        int start = pos;
        long value = readIntegerRaw(what);
        if (bigValue != null || value < min || value > max) {
            throw corrupt(start, "expected " + what + ", found the integer "
                    + (bigValue != null ? bigValue : value) + ", which does not fit");
        }
        return value;
    }

    /**
     * Reads an integer element: returns it and clears {@link #bigValue} if it fits in a long, or sets
     * {@link #bigValue} to it.
     */
    private long readIntegerRaw(String expected) {
        int start = pos;
        int code = peekCode(expected);
        if (!TypeCodes.isInteger(code)) {
            throw mismatch(start, expected, code);
        }
        int length = require(start, integerLength(code), "an integer");
        if (IntegerCodec.isFixedSize(code)) {
            long raw = IntegerCodec.readBigEndian(buf, pos + 1, length - 1);
            pos += length;
            if (IntegerCodec.fitsInLong(code, raw)) {
                bigValue = null;
                return IntegerCodec.toLong(code, raw);
            }
            bigValue = IntegerCodec.beyondLong(code, raw);
            return 0;
        }
        boolean negative = code == TypeCodes.NEG_BIG_INT;
        byte[] magnitude = Arrays.copyOfRange(buf, pos + 2, pos + length);
        if (negative) {
            for (int i = 0; i < magnitude.length; i++) {
                magnitude[i] = (byte) ~magnitude[i];
            }
        }
        BigInteger value = new BigInteger(1, magnitude);
        pos += length;
        if (value.bitLength() < Long.SIZE) {
            bigValue = null;
            return negative ? -value.longValue() : value.longValue();
        }
        bigValue = negative ? value.negate() : value;
        if (bigValue.bitLength() < Long.SIZE) { // -2^63 written in the big form
            long fits = bigValue.longValue();
            bigValue = null;
            return fits;
        }
        return 0;
    }

    /** The encoded length of the integer at pos with this code, reading the length byte of big ones. */
    private int integerLength(int code) {
        if (IntegerCodec.isFixedSize(code)) {
            return 1 + IntegerCodec.payloadLength(code);
        }
        require(pos, 2, "an integer");
        int n = buf[pos + 1] & 0xFF;
        return 2 + (code == TypeCodes.NEG_BIG_INT ? n ^ 0xFF : n);
    }

    /** Reads the IEEE bits of a float or double, undoing the order-preserving transform. */
    private long readFloatingRaw(int code, String expected, int bytes) {
        int start = pos;
        expect(code, expected);
        require(start, 1 + bytes, expected);
        long bits = IntegerCodec.readBigEndian(buf, pos + 1, bytes);
        long signBit = 1L << (bytes * Byte.SIZE - 1);
        long mask = bytes == Long.BYTES ? -1L : 0xFFFF_FFFFL;
        bits = (bits & signBit) != 0 ? bits ^ signBit : ~bits & mask;
        pos += 1 + bytes;
        return bits;
    }

    private boolean readBooleanRaw() {
        int start = pos;
        int code = peekCode("a boolean");
        if (code != TypeCodes.FALSE && code != TypeCodes.TRUE) {
            throw mismatch(start, "a boolean", code);
        }
        pos++;
        return code == TypeCodes.TRUE;
    }

    private UUID readUuidRaw() {
        int start = pos;
        expect(TypeCodes.UUID, "a UUID");
        require(start, 1 + 2 * Long.BYTES, "a UUID");
        UUID value = new UUID(IntegerCodec.readBigEndian(buf, pos + 1, Long.BYTES),
                IntegerCodec.readBigEndian(buf, pos + 1 + Long.BYTES, Long.BYTES));
        pos += 1 + 2 * Long.BYTES;
        return value;
    }

    // ---- helpers ----

    /** After an element: leaves every descending element whose one element is now read. */
    private void finishElement() {
        while (frames > 0 && depth == 0) {
            if (pos != end) {
                throw corrupt(pos, "a descending element holds more than one element");
            }
            Frame frame = frameStack[--frames];
            buf = frame.outerBuf;
            pos = frame.outerPos;
            end = frame.outerEnd;
            depth = frame.outerDepth;
            frame.outerBuf = null;
        }
    }

    /** The type code of the next element; throws naming {@code expected} if there is none. */
    private int peekCode(String expected) {
        if (pos >= end) {
            throw corrupt(pos, "expected " + expected + ", found the end of the "
                    + (depth > 0 ? "bytes inside an unterminated nested tuple" : frames > 0 ? "descending element" : "tuple"));
        }
        if (depth > 0 && buf[pos] == 0 && !isEscapeAt(pos + 1)) {
            throw corrupt(pos, "expected " + expected + ", found the end of the nested tuple");
        }
        return buf[pos] & 0xFF;
    }

    private void expect(int code, String expected) {
        int found = peekCode(expected);
        if (found != code) {
            throw mismatch(pos, expected, found);
        }
    }

    /** Checks that {@code length} bytes from pos are there; returns {@code length}. */
    private int require(int start, int length, String what) {
        if (length > end - pos) {
            throw corrupt(start, what + " of " + length + " bytes is truncated: only " + (end - pos) + " remain");
        }
        return length;
    }

    private boolean isEscapeAt(int at) {
        return at < end && buf[at] == (byte) TypeCodes.ESCAPE;
    }

    /**
     * The index of the 0x00 that ends the string whose contents start at {@code from}, passing 0x00 0xFF
     * escapes (counted in {@link #escapes}).
     */
    private int findTerminator(int start, int from) {
        int escaped = 0;
        int i = from;
        while (true) {
            if (i >= end) {
                throw corrupt(start, TypeCodes.describe(buf[start] & 0xFF) + " is unterminated: no 0x00 before the end of the bytes");
            }
            if (buf[i] == 0) {
                if (!isEscapeAt(i + 1)) {
                    escapes = escaped;
                    return i;
                }
                escaped++;
                i += 2;
            } else {
                i++;
            }
        }
    }

    /** Copies {@code buf[from..to)} into {@code out}, turning each 0x00 0xFF into 0x00. */
    private void unescape(int from, int to, byte[] out) {
        int n = 0;
        for (int i = from; i < to; i++) {
            byte b = buf[i];
            out[n++] = b;
            if (b == 0) {
                i++;
            }
        }
    }

    private String decodeUtf8(byte[] in, int from, int to, int start) {
        int i = from;
        while (i < to && in[i] >= 0) {
            i++;
        }
        if (i == to) {
            return new String(in, from, to - from, StandardCharsets.ISO_8859_1);
        }
        char[] chars = charScratch(to - from);
        int n = 0;
        for (int k = from; k < i; k++) {
            chars[n++] = (char) in[k];
        }
        while (i < to) {
            int b = in[i];
            if (b >= 0) {
                chars[n++] = (char) b;
                i++;
                continue;
            }
            b &= 0xFF;
            int continuation;
            int codePoint;
            if (b >= 0xC2 && b <= 0xDF) {
                continuation = 1;
                codePoint = b & 0x1F;
            } else if (b >= 0xE0 && b <= 0xEF) {
                continuation = 2;
                codePoint = b & 0x0F;
            } else if (b >= 0xF0 && b <= 0xF4) {
                continuation = 3;
                codePoint = b & 0x07;
            } else {
                throw invalidUtf8(start, i - from);
            }
            if (continuation >= to - i) {
                throw invalidUtf8(start, i - from);
            }
            for (int k = 1; k <= continuation; k++) {
                int c = in[i + k] & 0xFF;
                if ((c & 0xC0) != 0x80) {
                    throw invalidUtf8(start, i - from);
                }
                codePoint = (codePoint << 6) | (c & 0x3F);
            }
            boolean valid = switch (continuation) {
                case 1 -> true;
                case 2 -> codePoint >= 0x800 && !Character.isSurrogate((char) codePoint);
                default -> codePoint >= 0x10000 && codePoint <= Character.MAX_CODE_POINT;
            };
            if (!valid) {
                throw invalidUtf8(start, i - from);
            }
            i += continuation + 1;
            if (codePoint < Character.MIN_SUPPLEMENTARY_CODE_POINT) {
                chars[n++] = (char) codePoint;
            } else {
                chars[n++] = Character.highSurrogate(codePoint);
                chars[n++] = Character.lowSurrogate(codePoint);
            }
        }
        return new String(chars, 0, n);
    }

    private CorruptDataException invalidUtf8(int start, int index) {
        return corrupt(start, "the string holds invalid UTF-8 (at byte " + index + " of its unescaped text)");
    }

    private static BigInteger[] splitNanos(BigInteger nanos) {
        BigInteger[] split = nanos.divideAndRemainder(BIG_NANOS_PER_SECOND);
        if (split[1].signum() < 0) {
            split[0] = split[0].subtract(BigInteger.ONE);
            split[1] = split[1].add(BIG_NANOS_PER_SECOND);
        }
        return split;
    }

    private byte[] byteScratch(int length) {
        if (byteScratch == null || byteScratch.length < length) {
            byteScratch = new byte[Math.max(length, 64)];
        }
        return byteScratch;
    }

    private char[] charScratch(int length) {
        if (charScratch == null || charScratch.length < length) {
            charScratch = new char[Math.max(length, 64)];
        }
        return charScratch;
    }

    private CorruptDataException mismatch(int at, String expected, int code) {
        return corrupt(at, "expected " + expected + ", found " + TypeCodes.describe(code));
    }

    private String where(int at) {
        if (frames == 0) {
            return Integer.toString(at);
        }
        return descendingStart + " (byte " + at + " inside the decoded descending element there)";
    }

    private CorruptDataException corrupt(int at, String message) {
        int length = originalEnd - originalStart;
        String bytes = HexFormat.of().formatHex(original, originalStart, originalStart + Math.min(length, HEX_CONTEXT));
        return new CorruptDataException("malformed tuple at offset " + where(at) + ": " + message
                + " [tuple bytes " + bytes + (length > HEX_CONTEXT ? "..." : "") + "]");
    }

    /** A descending element being read: its decoded payload, and where reading resumes after it. */
    private static final class Frame {
        byte[] payload;
        byte[] outerBuf;
        int outerPos;
        int outerEnd;
        int outerDepth;
    }
}
