package io.kvmapper.tuple;

import static io.kvmapper.tuple.TupleAssertions.assertSameValue;
import static io.kvmapper.tuple.TupleAssertions.bytes;
import static io.kvmapper.tuple.TupleAssertions.decodedForm;
import static io.kvmapper.tuple.TupleAssertions.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Encodings pinned to FoundationDB's: the test cases of the tuple layer spec ({@code design/tuple.md}) and
 * the serialization vectors of FoundationDB's Java binding tests.
 */
class FoundationDbGoldenBytesTest {
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

    static Stream<Arguments> fdbEncodings() {
        return Stream.of(
                // The tuple layer spec's own test cases.
                golden("01 66 6f 6f 00 ff 62 61 72 00", (Object) "foo\0bar".getBytes(java.nio.charset.StandardCharsets.US_ASCII)),
                golden("02 46 c3 94 4f 00 ff 62 61 72 00", "F\u00d4O\u0000bar"),
                golden("05 01 66 6f 6f 00 ff 62 61 72 00 00 ff 05 00 00",
                        Arrays.asList("foo\0bar".getBytes(java.nio.charset.StandardCharsets.US_ASCII), null, List.of())),
                golden("11 ab 4b 93", -5551212L),
                golden("20 3d d7 ff ff", -42f),
                // Null, booleans, empty tuple.
                golden(""),
                golden("00", (Object) null),
                golden("05 00 ff 00", Arrays.asList((Object) null)),
                golden("05 00 ff 02 68 65 6c 6c 6f 00 00", Arrays.asList(null, "hello")),
                golden("05 00 ff 02 68 65 6c 6c 00 ff 00 00", Arrays.asList(null, "hell\0")),
                golden("05 00 ff 00 02 68 65 6c 6c 6f 00", Arrays.asList((Object) null), "hello"),
                golden("05 00 ff 00 02 68 65 6c 6c 6f 00 01 01 00 ff 00 01 00",
                        Arrays.asList((Object) null), "hello", new byte[] {0x01, 0x00}, new byte[0]),
                golden("26", false),
                golden("27", true),
                // Integers and their boundaries, as Long, Integer, Short, Byte and BigInteger alike.
                golden("14", 0L),
                golden("14", BigInteger.ZERO),
                golden("15 01", 1L),
                golden("15 01", BigInteger.ONE),
                golden("13 fe", -1L),
                golden("13 fe", BigInteger.ONE.negate()),
                golden("15 ff", 255L),
                golden("15 ff", 255),
                golden("13 00", -255L),
                golden("16 01 00", 256L),
                golden("12 fe ff", -256L),
                golden("12 fe ff", BigInteger.valueOf(-256)),
                golden("17 01 00 00", 65536),
                golden("11 fe ff ff", -65536),
                golden("16 30 19", (short) 0x3019),
                golden("15 03", (byte) 3),
                golden("10 00 00 00 00", -((1L << 32) - 1)),
                golden("10 00 00 00 00", BigInteger.ONE.shiftLeft(32).subtract(BigInteger.ONE).negate()),
                golden("1c 7f ff ff ff ff ff ff ff", Long.MAX_VALUE),
                golden("1c 7f ff ff ff ff ff ff ff", BigInteger.valueOf(Long.MAX_VALUE)),
                golden("1c 80 00 00 00 00 00 00 00", BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE)),
                golden("1c ff ff ff ff ff ff ff ff", TWO_TO_64.subtract(BigInteger.ONE)),
                golden("1d 09 01 00 00 00 00 00 00 00 00", TWO_TO_64),
                golden("0c 80 00 00 00 00 00 00 01", Long.MIN_VALUE + 2),
                golden("0c 80 00 00 00 00 00 00 00", Long.MIN_VALUE + 1),
                golden("0c 80 00 00 00 00 00 00 00", BigInteger.valueOf(Long.MIN_VALUE).add(BigInteger.ONE)),
                golden("0c 7f ff ff ff ff ff ff ff", Long.MIN_VALUE),
                golden("0c 7f ff ff ff ff ff ff ff", BigInteger.valueOf(Long.MIN_VALUE)),
                golden("0c 7f ff ff ff ff ff ff fe", BigInteger.valueOf(Long.MIN_VALUE).subtract(BigInteger.ONE)),
                golden("0c 00 00 00 00 00 00 00 00", TWO_TO_64.subtract(BigInteger.ONE).negate()),
                golden("0b f6 fe ff ff ff ff ff ff ff ff", TWO_TO_64.negate()),
                // Floats and doubles: sign bit flipped for positives, every bit for negatives.
                golden("20 c0 48 f5 c3", 3.14f),
                golden("20 3f b7 0a 3c", -3.14f),
                golden("21 c0 09 1e b8 51 eb 85 1f", 3.14),
                golden("21 3f f6 e1 47 ae 14 7a e0", -3.14),
                golden("20 80 00 00 00", 0.0f),
                golden("20 7f ff ff ff", -0.0f),
                golden("21 80 00 00 00 00 00 00 00", 0.0),
                golden("21 7f ff ff ff ff ff ff ff", -0.0),
                golden("20 ff 80 00 00", Float.POSITIVE_INFINITY),
                golden("20 00 7f ff ff", Float.NEGATIVE_INFINITY),
                golden("21 ff f0 00 00 00 00 00 00", Double.POSITIVE_INFINITY),
                golden("21 00 0f ff ff ff ff ff ff", Double.NEGATIVE_INFINITY),
                golden("20 ff c0 00 00", Float.NaN),
                golden("21 ff f8 00 00 00 00 00 00", Double.NaN),
                // Byte strings and strings.
                golden("01 00", (Object) new byte[0]),
                golden("01 01 02 03 00", (Object) new byte[] {0x01, 0x02, 0x03}),
                golden("01 00 ff 00 ff 00 ff 04 00", (Object) new byte[] {0x00, 0x00, 0x00, 0x04}),
                golden("02 00", ""),
                golden("02 68 65 6c 6c 6f 00", "hello"),
                golden("02 e4 b8 ad e6 96 87 00", "\u4e2d\u6587"),
                golden("02 ce bc ce ac ce b8 ce b7 ce bc ce b1 00", "\u03bc\u03ac\u03b8\u03b7\u03bc\u03b1"),
                golden("02 f0 9f 94 a5 00", "\ud83d\udd25"),
                golden("02 f4 8f bf bf 00", "\udbff\udfff"),
                // UUID: 16 bytes big-endian.
                golden("30 ff ff ff ff ba 5e ba 11 00 00 00 00 5c a1 ab 1e", new UUID(0xba5eba11, 0x5ca1ab1e)));
    }

    /**
     * FoundationDB's vectors of NaNs with a payload: FoundationDB writes a NaN's bits as they are, KV Mapper
     * writes every NaN as the canonical one (see {@code docs/key-encoding.md}); both read the bits back.
     */
    static Stream<Arguments> fdbNanPayloads() {
        return Stream.of(
                golden("20 ff ff ff ff", Float.intBitsToFloat(Integer.MAX_VALUE)),
                golden("21 ff ff ff ff ff ff ff ff", Double.longBitsToDouble(Long.MAX_VALUE)),
                golden("20 00 00 00 00", Float.intBitsToFloat(~0)),
                golden("21 00 00 00 00 00 00 00 00", Double.longBitsToDouble(~0L)));
    }

    private static Arguments golden(String hex, Object... elements) {
        return Arguments.of(hex, elements);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fdbEncodings")
    void encodesExactlyAsFoundationDb(String expectedHex, Object[] elements) {
        assertEquals(expectedHex, hex(Tuples.encode(elements)), () -> "encoding " + Arrays.toString(elements));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fdbEncodings")
    void decodesFoundationDbBytesToTheValues(String hex, Object[] elements) {
        List<Object> decoded = Tuples.decode(bytes(hex));
        assertSameValue(decodedForm(Arrays.asList(elements)), decoded, "decoding " + hex);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fdbNanPayloads")
    void decodesANanWithItsPayloadAndEncodesItAsTheCanonicalNan(String hex, Object[] elements) {
        assertSameValue(Arrays.asList(elements), Tuples.decode(bytes(hex)), "decoding " + hex);
        Object canonical = elements[0] instanceof Float ? (Object) Float.NaN : (Object) Double.NaN;
        assertEquals(hex(Tuples.encode(canonical)), hex(Tuples.encode(elements)), "encoding " + hex);
    }
}
