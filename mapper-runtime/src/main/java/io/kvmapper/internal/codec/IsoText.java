package io.kvmapper.internal.codec;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * Reads the ISO-8601 text of instants and dates as their {@code toString} writes it, which is how the JSON codecs
 * store them, without {@code java.time}'s formatter for the usual forms: four-digit years, and for times two-digit
 * hours, minutes and seconds with up to nine digits of fraction. The formatter parses through a map of fields and a
 * resolver, about a microsecond a value, which was a quarter of the JSON decode of a record with one date. Any other
 * text (a five-digit or signed year, a leap second, an offset, a value out of range, anything malformed) goes to the
 * formatter, so the result, and the exception for bad text, are exactly the {@code parse} methods' own.
 */
public final class IsoText {
    private IsoText() {
    }

    /** {@link LocalDate#parse(CharSequence)} of {@code text}. */
    public static LocalDate localDate(String text) {
        if (text.length() == 10 && isDate(text)) {
            try {
                return LocalDate.of(number(text, 0, 4), number(text, 5, 7), number(text, 8, 10));
            } catch (DateTimeException e) {
                // a day the month lacks: the formatter says so in its own words
            }
        }
        return LocalDate.parse(text);
    }

    /** {@link LocalDateTime#parse(CharSequence)} of {@code text}. */
    public static LocalDateTime localDateTime(String text) {
        int length = text.length();
        if (length >= 16 && isDate(text) && text.charAt(10) == 'T' && isTime(text, length, false)) {
            try {
                return LocalDateTime.of(number(text, 0, 4), number(text, 5, 7), number(text, 8, 10),
                        number(text, 11, 13), number(text, 14, 16), length == 16 ? 0 : number(text, 17, 19),
                        length <= 19 ? 0 : nanos(text, 20, length));
            } catch (DateTimeException e) {
                // a day the month lacks
            }
        }
        return LocalDateTime.parse(text);
    }

    /** {@link Instant#parse(CharSequence)} of {@code text}. */
    public static Instant instant(String text) {
        int length = text.length();
        if (length >= 20 && text.charAt(length - 1) == 'Z' && isDate(text) && text.charAt(10) == 'T'
                && isTime(text, length - 1, true)) {
            try {
                long day = LocalDate.of(number(text, 0, 4), number(text, 5, 7), number(text, 8, 10)).toEpochDay();
                long seconds = day * 86_400 + number(text, 11, 13) * 3_600L + number(text, 14, 16) * 60L
                        + number(text, 17, 19);
                return Instant.ofEpochSecond(seconds, length == 20 ? 0 : nanos(text, 20, length - 1));
            } catch (DateTimeException e) {
                // a day the month lacks
            }
        }
        return Instant.parse(text);
    }

    /** Whether {@code text} starts with {@code yyyy-MM-dd}, month 01 to 12, day 01 to 31. */
    private static boolean isDate(String text) {
        if (text.charAt(4) != '-' || text.charAt(7) != '-' || !digits(text, 0, 4) || !digits(text, 5, 7)
                || !digits(text, 8, 10)) {
            return false;
        }
        int month = number(text, 5, 7);
        int day = number(text, 8, 10);
        return month >= 1 && month <= 12 && day >= 1 && day <= 31;
    }

    /**
     * Whether {@code text} holds {@code HH:mm}, then {@code :ss} (required when {@code seconds}), then {@code .}
     * and one to nine digits, from index 11 up to {@code end}; hours up to 23, minutes and seconds up to 59.
     */
    private static boolean isTime(String text, int end, boolean seconds) {
        if (text.charAt(13) != ':' || !digits(text, 11, 13) || !digits(text, 14, 16)
                || number(text, 11, 13) > 23 || number(text, 14, 16) > 59) {
            return false;
        }
        if (end == 16) {
            return !seconds;
        }
        if (end < 19 || text.charAt(16) != ':' || !digits(text, 17, 19) || number(text, 17, 19) > 59) {
            return false;
        }
        if (end == 19) {
            return true;
        }
        return end >= 21 && end <= 29 && text.charAt(19) == '.' && digits(text, 20, end);
    }

    private static boolean digits(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private static int number(String text, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            value = value * 10 + text.charAt(i) - '0';
        }
        return value;
    }

    /** The nanoseconds of the fraction digits in {@code [from, to)}, one to nine of them. */
    private static int nanos(String text, int from, int to) {
        int value = number(text, from, to);
        for (int i = to - from; i < 9; i++) {
            value *= 10;
        }
        return value;
    }
}
