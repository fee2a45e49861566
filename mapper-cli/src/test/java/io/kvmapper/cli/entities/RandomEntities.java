package io.kvmapper.cli.entities;

import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * Random instances of the test entities (records), built through their canonical constructors from their
 * components' generic types: every value kind with its edge cases (zero, extremes, NaN, -0.0, empty strings and
 * collections, NUL characters, characters outside the BMP, huge numbers, instants at the ends of time), and nulls
 * wherever the codec keeps them.
 */
public final class RandomEntities {
    private static final String[] STRINGS = {"", "a", "ada@example.com", "\0", "a\0b", "é", "日本語", "😀 emoji",
        "x".repeat(300), "quote \" and \\ backslash", "line\nbreak", "Ω"};
    private static final Instant[] INSTANTS = {Instant.EPOCH, Instant.parse("2024-01-01T00:00:00Z"),
        Instant.parse("1969-12-31T23:59:59.999999999Z"), Instant.ofEpochSecond(-62_135_596_800L),
        Instant.parse("2262-04-11T23:47:16.854775807Z"), Instant.parse("2262-04-11T23:47:16.854775808Z"), Instant.MAX,
        Instant.MIN};

    private final Random random;
    private final boolean nullElements;

    /**
     * @param nullElements whether collections may hold null elements and maps null values (not in Protobuf values)
     */
    public RandomEntities(long seed, boolean nullElements) {
        this.random = new Random(seed);
        this.nullElements = nullElements;
    }

    /** A random instance of the record {@code type}. */
    @SuppressWarnings("unchecked")
    public <T> T of(Class<T> type) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            boolean key = components[i].isAnnotationPresent(io.kvmapper.annotation.Key.class);
            values[i] = value(components[i].getGenericType(), key || types[i].isPrimitive(), 0);
        }
        try {
            Constructor<T> constructor = type.getDeclaredConstructor(types);
            return constructor.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private Object value(Type type, boolean required, int depth) {
        if (!required && random.nextInt(6) == 0) {
            return type == Optional.class || type instanceof ParameterizedType p && p.getRawType() == Optional.class
                    ? Optional.empty() : null;
        }
        if (type instanceof ParameterizedType parameterized) {
            Class<?> raw = (Class<?>) parameterized.getRawType();
            Type[] arguments = parameterized.getActualTypeArguments();
            if (raw == Optional.class) {
                return Optional.of(value(arguments[0], true, depth + 1));
            }
            int size = depth > 2 ? 0 : random.nextInt(4);
            if (raw == List.class || raw == Collection.class) {
                List<Object> list = new ArrayList<>();
                for (int i = 0; i < size; i++) {
                    list.add(value(arguments[0], !nullElements, depth + 1));
                }
                return list;
            }
            if (raw == Set.class) {
                Set<Object> set = new LinkedHashSet<>();
                for (int i = 0; i < size; i++) {
                    set.add(value(arguments[0], !nullElements, depth + 1));
                }
                return set;
            }
            if (raw == Map.class) {
                Map<Object, Object> map = new LinkedHashMap<>();
                for (int i = 0; i < size; i++) {
                    map.put(value(arguments[0], true, depth + 1), value(arguments[1], !nullElements, depth + 1));
                }
                return map;
            }
            throw new IllegalArgumentException("no random " + type);
        }
        Class<?> kind = (Class<?>) type;
        if (kind.isRecord()) {
            return of(kind);
        }
        if (kind.isEnum()) {
            Object[] constants = kind.getEnumConstants();
            return constants[random.nextInt(constants.length)];
        }
        if (kind == boolean.class || kind == Boolean.class) {
            return random.nextBoolean();
        }
        if (kind == byte.class || kind == Byte.class) {
            return (byte) pick(0, 1, -1, Byte.MIN_VALUE, Byte.MAX_VALUE, random.nextInt());
        }
        if (kind == short.class || kind == Short.class) {
            return (short) pick(0, 1, -1, Short.MIN_VALUE, Short.MAX_VALUE, random.nextInt());
        }
        if (kind == int.class || kind == Integer.class) {
            return (int) pick(0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, random.nextInt());
        }
        if (kind == long.class || kind == Long.class) {
            return pick(0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, random.nextLong());
        }
        if (kind == char.class || kind == Character.class) {
            char[] chars = {'a', '\0', 'é', 'Z', '\uFFFF', '"', '\u00ff'};
            return chars[random.nextInt(chars.length)];
        }
        if (kind == float.class || kind == Float.class) {
            float[] floats = {0f, -0f, 1.5f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
                Float.MIN_VALUE, Float.MAX_VALUE, random.nextFloat() * 1e6f - 5e5f};
            return floats[random.nextInt(floats.length)];
        }
        if (kind == double.class || kind == Double.class) {
            double[] doubles = {0d, -0d, 1.5, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.MIN_VALUE, Double.MAX_VALUE, random.nextGaussian() * 1e12};
            return doubles[random.nextInt(doubles.length)];
        }
        if (kind == String.class) {
            return random.nextInt(3) == 0 ? "s" + random.nextInt(1000) : STRINGS[random.nextInt(STRINGS.length)];
        }
        if (kind == byte[].class) {
            byte[] bytes = new byte[random.nextInt(5)];
            random.nextBytes(bytes);
            return bytes;
        }
        if (kind == UUID.class) {
            return new UUID(random.nextLong(), random.nextLong());
        }
        if (kind == Instant.class) {
            return random.nextBoolean() ? INSTANTS[random.nextInt(INSTANTS.length)]
                    : Instant.ofEpochSecond(random.nextInt(), random.nextInt(1_000_000_000));
        }
        if (kind == LocalDate.class) {
            return random.nextInt(8) == 0 ? (random.nextBoolean() ? LocalDate.MIN : LocalDate.MAX)
                    : LocalDate.ofEpochDay(random.nextInt(200_000) - 100_000);
        }
        if (kind == LocalDateTime.class) {
            return LocalDateTime.of(LocalDate.ofEpochDay(random.nextInt(200_000) - 100_000),
                    java.time.LocalTime.ofNanoOfDay(Math.floorMod(random.nextLong(), 86_400_000_000_000L)));
        }
        if (kind == BigDecimal.class) {
            BigDecimal[] decimals = {BigDecimal.ZERO, new BigDecimal("12.50"), new BigDecimal("-0.001"),
                new BigDecimal("1E+3"), new BigDecimal("123456789012345678901234567890.123456789"),
                BigDecimal.valueOf(random.nextLong(), random.nextInt(40) - 20)};
            return decimals[random.nextInt(decimals.length)];
        }
        if (kind == BigInteger.class) {
            return random.nextBoolean() ? BigInteger.valueOf(random.nextLong()) : new BigInteger(130, random).negate();
        }
        if (kind == URI.class) {
            return URI.create("https://example.com/" + random.nextInt(100));
        }
        if (kind == Duration.class) {
            return Duration.ofMillis(random.nextInt(1_000_000));
        }
        throw new IllegalArgumentException("no random " + type);
    }

    private long pick(long... candidates) {
        return candidates[random.nextInt(candidates.length)];
    }
}
