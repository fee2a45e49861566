package io.kvmapper.internal.codec;

import java.math.BigDecimal;

/**
 * Reads back the text {@link BigDecimal#toString()} writes, which is how both codecs store a decimal (JSON as a
 * number, Protobuf as a string). {@code new BigDecimal(String)} refuses an exponent beyond an int, but
 * {@code toString()} writes one for every decimal whose scale lies within about its precision of
 * {@code Integer.MIN_VALUE} (the exponent is {@code precision - 1 - scale}): such a decimal is read here with the
 * exponent as a long, so that every decimal written reads back, scale included.
 */
public final class DecimalText {
    private DecimalText() {
    }

    /**
     * The decimal {@code text} spells.
     *
     * @throws NumberFormatException if it is no decimal, or names one whose scale does not fit an int
     */
    public static BigDecimal parse(String text) {
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            int marker = Math.max(text.indexOf('E'), text.indexOf('e'));
            if (marker < 0) {
                throw e;
            }
            BigDecimal mantissa = new BigDecimal(text.substring(0, marker));
            long scale = mantissa.scale() - Long.parseLong(text.substring(marker + 1));
            if (scale != (int) scale) {
                throw new NumberFormatException("the decimal " + text + " has a scale beyond an int");
            }
            return new BigDecimal(mantissa.unscaledValue(), (int) scale);
        }
    }
}
