package io.kvmapper.tuple;

import static io.kvmapper.tuple.TupleAssertions.bytes;
import static io.kvmapper.tuple.TupleAssertions.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.internal.tuple.DecimalCodec;
import io.kvmapper.internal.tuple.TupleReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The order-preserving decimal payload: its bytes, normalization, range and rejection of bad payloads. */
class BigDecimalEncodingTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "0,        02",
        "0.000,    02",
        "1,        03 15 01 0b",
        "1.00,     03 15 01 0b",
        "10,       03 15 02 0b",
        "1.2,      03 15 01 0d",
        "1.23,     03 15 01 0d 1f",
        "123.45,   03 15 03 0d 23 33",
        "0.01,     03 13 fe 0b",
        "-1,       01 13 fe f4 ff",
        "-1.2,     01 13 fe f2 ff",
        "-1.23,    01 13 fe f2 e0 ff",
        "-0.01,    01 15 01 f4 ff",
        "1E+300,   03 16 01 2d 0b",
    })
    void payloadIsSignThenExponentThenDigitPairs(String value, String payload) {
        assertEquals(payload, hex(DecimalCodec.encode(new BigDecimal(value))));
    }

    @Test
    void theElementIsAByteStringHoldingThePayload() {
        // 03 15 01 0D 1F as a byte string; a 0x00 in the payload would be escaped as 00 FF.
        assertEquals("01 03 15 01 0d 1f 00", hex(Tuples.encode(new BigDecimal("1.23"))));
        assertEquals("01 03 16 01 00 ff 0b 00", hex(Tuples.encode(new BigDecimal("1E+255"))));
    }

    @Test
    void equalValuesWithDifferentScalesEncodeAlikeAndDecodeStripped() {
        assertArrayEquals(Tuples.encode(new BigDecimal("1.0")), Tuples.encode(new BigDecimal("1.00")));
        assertArrayEquals(Tuples.encode(new BigDecimal("100")), Tuples.encode(new BigDecimal("1E+2")));
        assertArrayEquals(Tuples.encode(BigDecimal.ZERO), Tuples.encode(new BigDecimal("0E-10")));
        assertEquals(new BigDecimal("1E+2"), readDecimal(new BigDecimal("100.00")));
        assertEquals(BigDecimal.ZERO, readDecimal(new BigDecimal("-0.000")));
    }

    @Test
    void keysSortInNumericOrder() {
        List<BigDecimal> ascending = List.of(
                new BigDecimal("-1E+2147483647"), new BigDecimal("-1E+300"), new BigDecimal("-100"), new BigDecimal("-99.9"),
                new BigDecimal("-10"), new BigDecimal("-1.23"), new BigDecimal("-1.2"), new BigDecimal("-1.01"), new BigDecimal("-1"),
                new BigDecimal("-0.999"), new BigDecimal("-0.01"), new BigDecimal("-1E-2147483647"), BigDecimal.ZERO,
                new BigDecimal("1E-2147483647"), new BigDecimal("0.01"), new BigDecimal("0.1"), new BigDecimal("0.999"),
                BigDecimal.ONE, new BigDecimal("1.01"), new BigDecimal("1.2"), new BigDecimal("1.23"), new BigDecimal("9.99"),
                BigDecimal.TEN, new BigDecimal("99.9"), new BigDecimal("100"), new BigDecimal("1E+300"), new BigDecimal("1E+2147483647"));
        for (int i = 1; i < ascending.size(); i++) {
            byte[] previous = Tuples.encode(ascending.get(i - 1));
            byte[] next = Tuples.encode(ascending.get(i));
            assertTrue(Arrays.compareUnsigned(previous, next) < 0, ascending.get(i - 1) + " < " + ascending.get(i));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"1E+2147483647", "-1E+2147483647", "1E-2147483647", "-9.99E-2147483645",
        "123456789012345678901234567890123456789012345678901234567890E-2147483647", "0.1", "-0.1", "123456789012345678",
        "1234567890123456789", "-1234567890123456789.0001"})
    void extremeAndLongValuesRoundTrip(String value) {
        BigDecimal decimal = new BigDecimal(value);
        assertEquals(decimal.stripTrailingZeros(), readDecimal(decimal));
    }

    @Test
    void aDecimalWhoseStrippedScaleWouldOverflowIsAnInvalidRequest() {
        BigDecimal unrepresentable = new BigDecimal(BigInteger.TEN, Integer.MIN_VALUE);
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> Tuples.encode(unrepresentable));
        assertTrue(e.getMessage().contains("trailing zeros"), e.getMessage());
    }

    @ParameterizedTest(name = "payload {0}")
    @ValueSource(strings = {
        "", "04", "02 02", "03", "03 15", "03 15 01", "03 0b", "03 1d 01 01 0b", "03 15 01 00", "03 15 01 65",
        "03 15 01 01", "03 15 01 0b 01", "01 13 fe f4", "01 13 fe ff", "01 13 fe 9a ff", "01 13 fe fe ff",
        "03 1c 7f ff ff ff ff ff ff ff 0b", "03 19 01 00 00 00 00 0b",
    })
    void malformedPayloadsAreCorruptData(String payload) {
        byte[] element = Tuples.encode((Object) bytes(payload));
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> new TupleReader(element).readBigDecimal());
        assertTrue(e.getMessage().contains("offset 0") && e.getMessage().contains("BigDecimal"), e.getMessage());
    }

    private static BigDecimal readDecimal(BigDecimal value) {
        return new TupleReader(Tuples.encode(value)).readBigDecimal();
    }
}
