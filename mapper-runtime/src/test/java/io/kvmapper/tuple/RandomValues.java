package io.kvmapper.tuple;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * Random tuple values for property tests, drawn from small alphabets and boundary-heavy pools so that
 * equal values, shared prefixes, NULs and extremes come up often.
 */
final class RandomValues {
    private static final String[] STRING_PIECES = {
        "a", "b", "ab", "\0", "\u00e9", "\u07ff", "\u0800", "\uffff", "\ud83d\ude00", "\udbff\udfff", "Z", "\u0001",
    };
    private static final byte[] BYTE_PIECES = {0x00, 0x01, (byte) 0xFF, 0x7F, (byte) 0x80, 0x02, 0x05, 0x14};
    private static final long[] LONG_POOL = {
        0, 1, -1, 2, -2, 255, 256, -255, -256, 65535, 65536, -65535, -65536, Integer.MAX_VALUE, Integer.MIN_VALUE,
        (1L << 32) - 1, -((1L << 32) - 1), Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1,
    };
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);
    private static final BigInteger[] BIG_POOL = {
        TWO_TO_64, TWO_TO_64.negate(), TWO_TO_64.subtract(BigInteger.ONE), TWO_TO_64.subtract(BigInteger.ONE).negate(),
        BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE), BigInteger.valueOf(Long.MIN_VALUE).subtract(BigInteger.ONE),
        BigInteger.ONE.shiftLeft(255 * 8).subtract(BigInteger.ONE), BigInteger.ONE.shiftLeft(255 * 8).subtract(BigInteger.ONE).negate(),
    };
    private static final float[] FLOAT_POOL = {
        0f, -0f, 1f, -1f, 1.5f, -1.5f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE,
        Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, Float.intBitsToFloat(0xFFC00000),
        Float.intBitsToFloat(0x7FFFFFFF), Float.intBitsToFloat(0xFFFFFFFF), Float.MIN_NORMAL,
    };
    private static final double[] DOUBLE_POOL = {
        0d, -0d, 1d, -1d, 1.2, 1.23, -1.2, -1.23, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE,
        -Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN,
        Double.longBitsToDouble(0xFFF8000000000000L), Double.longBitsToDouble(0x7FF0000000000001L),
        Double.longBitsToDouble(0xFFFFFFFFFFFFFFFFL), Double.MIN_NORMAL,
    };
    private static final String[] DECIMAL_POOL = {
        "0", "0.000", "1", "1.0", "1.00", "1.2", "1.23", "-1.2", "-1.23", "10", "100", "0.1", "0.01", "-0.1", "-0.01",
        "99", "9.9", "-99", "1.01", "1.001", "-1.001", "123456789012345678", "1234567890123456789", "1E+100", "1E-100",
        "-1E+100", "-1E-100", "1E+2147483647", "1E-2147483647", "-1E+2147483647", "9E+2147483647", "1.5E-2147483646",
        "12345678901234567890123456789.987654321",
    };

    /** A test enum whose name order differs from its declaration order. */
    enum Weekday { MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY }

    private final Random random;

    RandomValues(Random random) {
        this.random = random;
    }

    /** A tuple of 0 to {@code maxLength} tuple layer values. */
    List<Object> tuple(int maxLength) {
        int length = random.nextInt(maxLength + 1);
        List<Object> tuple = new ArrayList<>(length);
        for (int i = 0; i < length; i++) {
            tuple.add(nativeValue(2));
        }
        return tuple;
    }

    /** Any tuple layer value; nested tuples up to {@code depth} levels down. */
    Object nativeValue(int depth) {
        int kind = random.nextInt(depth > 0 ? 11 : 10);
        return switch (kind) {
            case 0 -> null;
            case 1 -> bytes();
            case 2, 3 -> string();
            case 4, 5 -> integer();
            case 6 -> floatValue();
            case 7 -> doubleValue();
            case 8 -> random.nextBoolean();
            case 9 -> uuid();
            default -> {
                int length = random.nextInt(4);
                List<Object> nested = new ArrayList<>(length);
                for (int i = 0; i < length; i++) {
                    nested.add(nativeValue(depth - 1));
                }
                yield nested;
            }
        };
    }

    String string() {
        StringBuilder s = new StringBuilder();
        int pieces = random.nextInt(4);
        for (int i = 0; i < pieces; i++) {
            if (random.nextInt(8) == 0) {
                s.appendCodePoint(randomCodePoint());
            } else {
                s.append(STRING_PIECES[random.nextInt(STRING_PIECES.length)]);
            }
        }
        return s.toString();
    }

    private int randomCodePoint() {
        while (true) {
            int codePoint = random.nextInt(Character.MAX_CODE_POINT + 1);
            if (!Character.isSurrogate((char) codePoint) || codePoint > Character.MAX_VALUE) {
                return codePoint;
            }
        }
    }

    byte[] bytes() {
        byte[] bytes = new byte[random.nextInt(5)];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = random.nextInt(4) == 0 ? (byte) random.nextInt() : BYTE_PIECES[random.nextInt(BYTE_PIECES.length)];
        }
        return bytes;
    }

    /** An integer as Long, Integer, Short, Byte or BigInteger. */
    Object integer() {
        return switch (random.nextInt(8)) {
            case 0 -> LONG_POOL[random.nextInt(LONG_POOL.length)];
            case 1 -> BIG_POOL[random.nextInt(BIG_POOL.length)];
            case 2 -> new BigInteger(1 + random.nextInt(300), random).multiply(BigInteger.valueOf(random.nextBoolean() ? 1 : -1));
            case 3 -> BigInteger.valueOf(random.nextLong());
            case 4 -> random.nextInt();
            case 5 -> (short) random.nextInt();
            case 6 -> (byte) random.nextInt();
            default -> random.nextLong() >> random.nextInt(64);
        };
    }

    float floatValue() {
        return switch (random.nextInt(3)) {
            case 0 -> FLOAT_POOL[random.nextInt(FLOAT_POOL.length)];
            case 1 -> (random.nextFloat() - 0.5f) * (float) Math.pow(10, random.nextInt(20) - 10);
            default -> {
                // Any bits, but quiet NaNs only: signaling NaN payloads need not survive float moves.
                float f = Float.intBitsToFloat(random.nextInt());
                yield Float.isNaN(f) ? Float.intBitsToFloat(Float.floatToRawIntBits(f) | 0x00400000) : f;
            }
        };
    }

    double doubleValue() {
        return switch (random.nextInt(3)) {
            case 0 -> DOUBLE_POOL[random.nextInt(DOUBLE_POOL.length)];
            case 1 -> (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(40) - 20);
            default -> Double.longBitsToDouble(random.nextLong());
        };
    }

    UUID uuid() {
        return random.nextInt(3) == 0
                ? new UUID(random.nextInt(3) - 1, random.nextInt(3) - 1)
                : new UUID(random.nextLong(), random.nextLong());
    }

    Instant instant() {
        return switch (random.nextInt(5)) {
            case 0 -> new Instant[] {Instant.MIN, Instant.MAX, Instant.EPOCH, Instant.ofEpochSecond(0, 1),
                Instant.ofEpochSecond(-1, 999_999_999), Instant.ofEpochSecond(Long.MAX_VALUE / 1_000_000_000L),
                Instant.ofEpochSecond(Long.MIN_VALUE / 1_000_000_000L - 1)}[random.nextInt(7)];
            case 1 -> Instant.ofEpochSecond(random.nextLong(Instant.MIN.getEpochSecond(), Instant.MAX.getEpochSecond() + 1),
                    random.nextInt(1_000_000_000));
            // Around the edge of what fits in a long of nanoseconds.
            case 2 -> Instant.ofEpochSecond((random.nextBoolean() ? 1 : -1) * (9_223_372_036L + random.nextInt(3) - 1),
                    random.nextInt(1_000_000_000));
            default -> Instant.ofEpochSecond(random.nextInt(), random.nextInt(3) == 0 ? 0 : random.nextInt(1_000_000_000));
        };
    }

    LocalDate localDate() {
        return switch (random.nextInt(3)) {
            case 0 -> new LocalDate[] {LocalDate.MIN, LocalDate.MAX, LocalDate.EPOCH}[random.nextInt(3)];
            case 1 -> LocalDate.ofEpochDay(random.nextLong(LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay() + 1));
            default -> LocalDate.ofEpochDay(random.nextInt(100_000) - 50_000);
        };
    }

    LocalDateTime localDateTime() {
        return switch (random.nextInt(3)) {
            case 0 -> new LocalDateTime[] {LocalDateTime.MIN, LocalDateTime.MAX,
                LocalDateTime.of(1970, 1, 1, 0, 0), LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_999)}[random.nextInt(4)];
            case 1 -> LocalDateTime.ofEpochSecond(random.nextLong(LocalDateTime.MIN.toEpochSecond(ZoneOffset.UTC),
                    LocalDateTime.MAX.toEpochSecond(ZoneOffset.UTC) + 1), random.nextInt(1_000_000_000), ZoneOffset.UTC);
            default -> LocalDateTime.ofEpochSecond(random.nextInt(), random.nextInt(1_000_000_000), ZoneOffset.UTC);
        };
    }

    Weekday weekday() {
        return Weekday.values()[random.nextInt(Weekday.values().length)];
    }

    /** A signed integer of {@code bits} bits, its extremes often. */
    long integerBits(int bits) {
        long max = (1L << (bits - 1)) - 1;
        return switch (random.nextInt(4)) {
            case 0 -> max;
            case 1 -> -max - 1;
            case 2 -> random.nextInt(5) - 2;
            default -> random.nextLong() >> (Long.SIZE - bits);
        };
    }

    char character() {
        return random.nextBoolean() ? "\0aZ\u00ff\u0100\ud800\udfff\uffff".charAt(random.nextInt(8)) : (char) random.nextInt(65536);
    }

    /** A decimal whose digits continue or cut short those of {@code a}, such as 1.23 for 1.2, or another. */
    BigDecimal decimalNear(BigDecimal a) {
        if (Math.abs((long) a.scale()) > Integer.MAX_VALUE - 8) {
            return decimal();
        }
        return switch (random.nextInt(3)) {
            case 0 -> a.add(BigDecimal.valueOf(random.nextInt(19) - 9, a.scale() + 1 + random.nextInt(3)));
            case 1 -> a.setScale(a.scale() - 1 - random.nextInt(2), RoundingMode.DOWN);
            default -> decimal();
        };
    }

    /** A decimal, from a pool of prefix-related and extreme values or random, with or without trailing zeros. */
    BigDecimal decimal() {
        BigDecimal value = switch (random.nextInt(5)) {
            case 0 -> new BigDecimal(DECIMAL_POOL[random.nextInt(DECIMAL_POOL.length)]);
            case 1 -> BigDecimal.valueOf(random.nextLong() % 100_000, random.nextInt(12) - 6);
            case 2 -> new BigDecimal(new BigInteger(1 + random.nextInt(200), random).multiply(BigInteger.valueOf(random.nextBoolean() ? 1 : -1)),
                    random.nextInt(101) - 50);
            case 3 -> {
                StringBuilder digits = new StringBuilder(random.nextBoolean() ? "-" : "");
                int length = 1 + random.nextInt(30);
                for (int i = 0; i < length; i++) {
                    digits.append("0019".charAt(random.nextInt(4)));
                }
                yield new BigDecimal(new BigInteger(digits.toString()), random.nextInt(41) - 20);
            }
            default -> new BigDecimal(BigInteger.valueOf(random.nextInt(2000) - 1000),
                    random.nextBoolean() ? Integer.MAX_VALUE - random.nextInt(3) : Integer.MIN_VALUE + 4 - random.nextInt(3));
        };
        try {
            value.stripTrailingZeros();
            return value;
        } catch (ArithmeticException unrepresentable) {
            return BigDecimal.ONE;
        }
    }
}
