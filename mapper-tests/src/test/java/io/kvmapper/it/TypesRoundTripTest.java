package io.kvmapper.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kvmapper.KvStore;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every supported field type survives a save and a read through the generated JSON codec. The values
 * are shared with the attribute-per-key layout's test ({@code layout.AttributeTypesRoundTripTest}).
 */
public class TypesRoundTripTest {
    @TempDir
    Path dir;

    public static Everything extremes(UUID id) {
        List<Integer> withNull = new ArrayList<>(Arrays.asList(1, null, 3));
        Map<Long, Boolean> byLong = new LinkedHashMap<>();
        byLong.put(Long.MIN_VALUE, true);
        byLong.put(0L, null);
        return new Everything(id,
                true, Byte.MIN_VALUE, Short.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, '\uD83D', Float.MIN_VALUE,
                Double.NaN,
                false, Byte.MAX_VALUE, Short.MIN_VALUE, Integer.MAX_VALUE, Long.MIN_VALUE, '"', Float.NEGATIVE_INFINITY,
                -0.0,
                "quote \" backslash \\ nul \0 emoji \uD83D\uDE00 newline \n", new byte[] {0, -1, 127, -128},
                Color.BLUE, new UUID(-1L, 0L), Instant.MAX, LocalDate.MIN, LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_999),
                new BigDecimal("-123456789012345678901234567890.000000000000000000001"),
                BigInteger.TWO.pow(200).negate(),
                List.of("", "x"), Set.of(Color.RED, Color.GREEN), Map.of(Color.RED, List.of(1L, -1L), Color.BLUE, List.of()),
                List.of(withNull, List.of()), Map.of(new UUID(1, 2), "v"), byLong);
    }

    public static Everything nulls(UUID id) {
        return new Everything(id, false, (byte) 0, (short) 0, 0, 0L, '\0', 0f, 0d,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null);
    }

    @Test
    void extremeValuesRoundTrip() {
        try (KvStore store = Stores.open(dir)) {
            EverythingRepository repo = new EverythingRepository(store);
            Everything original = extremes(UUID.randomUUID());
            repo.save(original);
            assertSame(original, repo.findById(original.id()).orElseThrow());
        }
    }

    @Test
    void nullsAndZerosRoundTrip() {
        try (KvStore store = Stores.open(dir)) {
            EverythingRepository repo = new EverythingRepository(store);
            Everything original = nulls(UUID.randomUUID());
            repo.save(original);
            assertSame(original, repo.findById(original.id()).orElseThrow());
        }
    }

    @Test
    void randomValuesRoundTrip() {
        Random random = new Random(42);
        try (KvStore store = Stores.open(dir)) {
            EverythingRepository repo = new EverythingRepository(store);
            for (int i = 0; i < 300; i++) {
                Everything original = random(random);
                repo.save(original);
                assertSame(original, repo.findById(original.id()).orElseThrow());
            }
        }
    }

    public static Everything random(Random r) {
        byte[] bytes = new byte[r.nextInt(20)];
        r.nextBytes(bytes);
        StringBuilder text = new StringBuilder();
        for (int i = r.nextInt(12); i > 0; i--) {
            text.appendCodePoint(r.nextInt(4) == 0 ? 0x10000 + r.nextInt(0x1000) : r.nextInt(0xD000));
        }
        return new Everything(new UUID(r.nextLong(), r.nextLong()),
                r.nextBoolean(), (byte) r.nextInt(), (short) r.nextInt(), r.nextInt(), r.nextLong(), (char) r.nextInt(0xD800),
                r.nextFloat() * 1e6f, r.nextGaussian() * 1e300,
                r.nextBoolean(), (byte) r.nextInt(), (short) r.nextInt(), r.nextInt(), r.nextLong(), (char) r.nextInt(0xD800),
                r.nextFloat(), r.nextDouble(),
                text.toString(), bytes, Color.values()[r.nextInt(3)], new UUID(r.nextLong(), r.nextLong()),
                Instant.ofEpochSecond(r.nextInt(), r.nextInt(1_000_000_000)), LocalDate.ofEpochDay(r.nextInt(100_000)),
                LocalDateTime.of(2000 + r.nextInt(100), 1 + r.nextInt(12), 1 + r.nextInt(28), r.nextInt(24), r.nextInt(60)),
                new BigDecimal(new BigInteger(80, r), r.nextInt(40) - 20), new BigInteger(100, r),
                List.of(text.toString()), Set.of(Color.values()[r.nextInt(3)]), Map.of(Color.GREEN, List.of(r.nextLong())),
                List.of(List.of(r.nextInt())), Map.of(new UUID(r.nextLong(), 0), text.toString()), Map.of(r.nextLong(), r.nextBoolean()));
    }

    /** Record equality compares arrays by identity and NaN by bits; compare component by component. */
    public static void assertSame(Everything expected, Everything actual) {
        assertArrayEquals(expected.bytes(), actual.bytes());
        Everything normalized = new Everything(actual.id(), actual.aBoolean(), actual.aByte(), actual.aShort(),
                actual.anInt(), actual.aLong(), actual.aChar(), actual.aFloat(), actual.aDouble(), actual.boxedBoolean(),
                actual.boxedByte(), actual.boxedShort(), actual.boxedInt(), actual.boxedLong(), actual.boxedChar(),
                actual.boxedFloat(), actual.boxedDouble(), actual.string(), expected.bytes(), actual.color(), actual.uuid(),
                actual.instant(), actual.date(), actual.dateTime(), actual.decimal(), actual.bigInteger(), actual.strings(),
                actual.colors(), actual.byColor(), actual.matrix(), actual.byUuid(), actual.byLong());
        assertEquals(expected, normalized);
        assertEquals(Double.doubleToRawLongBits(expected.aDouble()), Double.doubleToRawLongBits(actual.aDouble()));
        if (expected.boxedDouble() != null) {
            assertEquals(Double.doubleToRawLongBits(expected.boxedDouble()), Double.doubleToRawLongBits(actual.boxedDouble()));
        }
    }
}
