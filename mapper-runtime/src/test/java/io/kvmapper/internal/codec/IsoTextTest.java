package io.kvmapper.internal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** {@link IsoText} against {@code java.time}'s own parse: the same value, or an exception from both. */
class IsoTextTest {
    private static final String ALPHABET = "0123456789-T:.Z+ ";

    @Test
    void everyValueToStringWritesReadsBackAsTheFormatterReadsIt() {
        Random random = new Random(20261127);
        for (int i = 0; i < 40_000; i++) {
            LocalDateTime time = randomTime(random);
            Instant instant = time.toInstant(ZoneOffset.UTC);
            same(time.toLocalDate().toString(), IsoText::localDate, LocalDate::parse);
            same(time.toString(), IsoText::localDateTime, LocalDateTime::parse);
            same(instant.toString(), IsoText::instant, Instant::parse);
        }
    }

    @Test
    void malformedAndOutOfRangeTextFailsOrReadsAsTheFormatterSays() {
        Random random = new Random(7);
        List<String> edges = List.of("2021-02-29", "2020-02-29", "2021-04-31", "2021-13-01", "2021-00-10",
                "2021-01-00", "0000-01-01", "9999-12-31", "+10000-01-01", "-0001-01-01", "2021-1-01", "2021/01/01",
                "2021-01-01T24:00", "2021-01-01T23:60", "2021-01-01T23:59:60", "2021-01-01T10:15:30.",
                "2021-01-01T10:15:30.1234567890", "2021-01-01T10:15", "2021-01-01T10:15:3",
                "2021-01-01T10:15:30Z", "2021-01-01T10:15:30.Z", "2021-01-01T23:59:60Z", "2021-01-01T24:00:00Z",
                "2021-01-01T10:15:30.123456789Z", "2021-01-01T10:15:30.1234567891Z", "2021-01-01T10:15Z",
                "2021-01-01T10:15:30+01:00", "2021-01-01T10:15:30z", "2021-02-30T10:15:30Z", "", "2021-01-01 ",
                "٢٠٢١-01-01", "2021-01-01T10:15:30.12Z", "1970-01-01T00:00:00Z");
        for (String text : edges) {
            checkAll(text);
        }
        for (int i = 0; i < 40_000; i++) {
            StringBuilder text = new StringBuilder(random.nextBoolean()
                    ? randomTime(random).toInstant(ZoneOffset.UTC).toString() : randomTime(random).toString());
            int edits = 1 + random.nextInt(3);
            for (int e = 0; e < edits && text.length() > 0; e++) {
                int at = random.nextInt(text.length());
                char c = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
                switch (random.nextInt(3)) {
                    case 0 -> text.setCharAt(at, c);
                    case 1 -> text.deleteCharAt(at);
                    default -> text.insert(at, c);
                }
            }
            checkAll(text.toString());
            checkAll(text.length() >= 10 ? text.substring(0, 10) : text.toString());
        }
    }

    private static void checkAll(String text) {
        same(text, IsoText::localDate, LocalDate::parse);
        same(text, IsoText::localDateTime, LocalDateTime::parse);
        same(text, IsoText::instant, Instant::parse);
    }

    private static LocalDateTime randomTime(Random random) {
        int year = random.nextInt(20) == 0 ? random.nextInt(10_000) : 1900 + random.nextInt(300);
        LocalDateTime time = LocalDate.ofEpochDay(LocalDate.of(year, 1, 1).toEpochDay() + random.nextInt(366))
                .atStartOfDay().plusSeconds(random.nextInt(86_400));
        return switch (random.nextInt(5)) {
            case 0 -> time.withSecond(0);
            case 1 -> time.withNano(random.nextInt(1000) * 1_000_000);
            case 2 -> time.withNano(random.nextInt(1_000_000) * 1000);
            case 3 -> time.withNano(random.nextInt(1_000_000_000));
            default -> time;
        };
    }

    private static <T> void same(String text, Function<String, T> fast, Function<String, T> formatter) {
        T expected;
        try {
            expected = formatter.apply(text);
        } catch (RuntimeException e) {
            try {
                T read = fast.apply(text);
                fail("\"" + text + "\" read as " + read + " where the formatter throws " + e);
            } catch (RuntimeException alsoThrown) {
                assertEquals(e.getClass(), alsoThrown.getClass(), text);
            }
            return;
        }
        assertEquals(expected, fast.apply(text), text);
    }
}
