package io.kvmapper.internal.tuple;

import io.kvmapper.InvalidRequestException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * An order-preserving byte encoding of {@link BigDecimal}, stored as the payload of a tuple byte string.
 *
 * <p>A nonzero value is written as {@code 0.d1 d2 ... dp × 10^E} with {@code d1} and {@code dp} nonzero
 * (after {@link BigDecimal#stripTrailingZeros()}, so 1.0 and 1.00 encode alike):
 *
 * <pre>
 *   zero:      02
 *   positive:  03, tuple integer E,  pairs of digits as (10·a + b) + 1     (01..64)
 *   negative:  01, tuple integer -E, pairs of digits as 0xFE - (10·a + b)  (9B..FE), then FF
 * </pre>
 *
 * <p>An odd final digit is paired with 0. The exponent uses the tuple layer's own integer encoding,
 * which is order-preserving and self-delimiting. A positive mantissa that is a prefix of another is the
 * smaller value, which byte order gives for free; for negatives the order flips, so they end in 0xFF,
 * a byte above every negative digit pair, making the shorter mantissa sort after the longer.
 */
public final class DecimalCodec {
    static final int NEGATIVE = 0x01;
    static final int ZERO = 0x02;
    static final int POSITIVE = 0x03;
    static final int NEGATIVE_END = 0xFF;
    private static final int NEGATIVE_DIGIT_BASE = 0xFE;
    /** Longest mantissa that fits in a {@code long}. */
    private static final int LONG_DIGITS = 18;

    private DecimalCodec() {
    }

    /**
     * The payload for {@code value}.
     *
     * @throws InvalidRequestException if the value without trailing zeros would need a scale below
     *     {@link Integer#MIN_VALUE}
     */
    public static byte[] encode(BigDecimal value) {
        if (value.signum() == 0) {
            return new byte[] {ZERO};
        }
        BigDecimal stripped;
        try {
            stripped = value.stripTrailingZeros();
        } catch (ArithmeticException e) {
            throw new InvalidRequestException("the decimal " + value + " has no representation without trailing"
                    + " zeros (its scale would pass Integer.MIN_VALUE), so it cannot be a key", e);
        }
        String digits = stripped.unscaledValue().abs().toString();
        int precision = digits.length();
        long exponent = (long) precision - stripped.scale();
        boolean negative = stripped.signum() < 0;
        int pairs = (precision + 1) / 2;
        byte[] out = new byte[1 + IntegerCodec.MAX_LONG_SIZE + pairs + 1];
        out[0] = (byte) (negative ? NEGATIVE : POSITIVE);
        int n = IntegerCodec.encodeLong(out, 1, negative ? -exponent : exponent);
        for (int i = 0; i < precision; i += 2) {
            int high = digits.charAt(i) - '0';
            int low = i + 1 < precision ? digits.charAt(i + 1) - '0' : 0;
            int pair = high * 10 + low;
            out[n++] = (byte) (negative ? NEGATIVE_DIGIT_BASE - pair : pair + 1);
        }
        if (negative) {
            out[n++] = (byte) NEGATIVE_END;
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * Decodes the first {@code length} bytes of {@code payload}.
     *
     * @throws IllegalArgumentException naming the byte at fault if they are not a canonical encoding
     */
    public static BigDecimal decode(byte[] payload, int length) {
        if (length == 0) {
            throw new IllegalArgumentException("the decimal is empty");
        }
        int sign = payload[0] & 0xFF;
        if (sign == ZERO) {
            if (length != 1) {
                throw new IllegalArgumentException("the decimal zero has " + (length - 1) + " trailing bytes");
            }
            return BigDecimal.ZERO;
        }
        if (sign != NEGATIVE && sign != POSITIVE) {
            throw new IllegalArgumentException(String.format("the decimal starts with 0x%02x, not a sign (01, 02 or 03)", sign));
        }
        boolean negative = sign == NEGATIVE;
        if (length < 2 || !IntegerCodec.isFixedSize(payload[1] & 0xFF)) {
            throw new IllegalArgumentException("the decimal's exponent at byte 1 is not a tuple integer of up to 8 bytes");
        }
        int code = payload[1] & 0xFF;
        int digitsStart = 2 + IntegerCodec.payloadLength(code);
        if (digitsStart > length) {
            throw new IllegalArgumentException("the decimal's exponent at byte 1 is truncated");
        }
        long raw = IntegerCodec.readBigEndian(payload, 2, digitsStart - 2);
        long encodedExponent = IntegerCodec.fitsInLong(code, raw) ? IntegerCodec.toLong(code, raw) : Long.MIN_VALUE;
        // A real exponent is precision - scale, well inside +-2^33; anything wider is corrupt.
        if (Math.abs(encodedExponent) > (1L << 33)) {
            throw new IllegalArgumentException("the decimal's exponent at byte 1 is out of range");
        }
        long exponent = negative ? -encodedExponent : encodedExponent;
        int digitsEnd = length;
        if (negative) {
            if ((payload[length - 1] & 0xFF) != NEGATIVE_END) {
                throw new IllegalArgumentException("the negative decimal does not end with 0xff");
            }
            digitsEnd--;
        }
        int pairs = digitsEnd - digitsStart;
        if (pairs <= 0) {
            throw new IllegalArgumentException("the decimal has no digits");
        }
        if (pairs > (Integer.MAX_VALUE - 1) / 2) {
            throw new IllegalArgumentException("the decimal has too many digits");
        }
        int lastPair = pair(payload, digitsEnd - 1, negative);
        if (pair(payload, digitsStart, negative) < 10 || lastPair == 0) {
            throw new IllegalArgumentException("the decimal's digits are not normalized (leading or trailing zero)");
        }
        int precision = 2 * pairs - (lastPair % 10 == 0 ? 1 : 0);
        long scale = precision - exponent;
        if (scale < Integer.MIN_VALUE || scale > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the decimal's scale " + scale + " is outside the int range");
        }
        if (precision <= LONG_DIGITS) {
            long unscaled = 0;
            for (int i = digitsStart; i < digitsEnd; i++) {
                unscaled = unscaled * 100 + pair(payload, i, negative);
            }
            if (precision % 2 != 0) {
                unscaled /= 10;
            }
            return BigDecimal.valueOf(negative ? -unscaled : unscaled, (int) scale);
        }
        char[] chars = new char[2 * pairs];
        for (int i = digitsStart, c = 0; i < digitsEnd; i++) {
            int pair = pair(payload, i, negative);
            chars[c++] = (char) ('0' + pair / 10);
            chars[c++] = (char) ('0' + pair % 10);
        }
        BigInteger unscaled = new BigInteger(new String(chars, 0, precision));
        return new BigDecimal(negative ? unscaled.negate() : unscaled, (int) scale);
    }

    private static int pair(byte[] payload, int at, boolean negative) {
        int b = payload[at] & 0xFF;
        int pair = negative ? NEGATIVE_DIGIT_BASE - b : b - 1;
        if (pair < 0 || pair > 99) {
            throw new IllegalArgumentException(String.format("byte %d of the decimal, 0x%02x, is not a digit pair", at, b));
        }
        return pair;
    }
}
