package io.kvmapper.it.codecs;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
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
 * Random values of every type KV Mapper stores, built by reflection from a record's component types
 * (test code only): nulls, empty collections, extremes (MIN and MAX of every type, NaN, infinities,
 * -0.0, the nil UUID), and unicode from every plane. Embedded classes are filled through their fields.
 */
final class RandomValues {
    private final Random random;
    private final boolean nullElements;

    /**
     * @param nullElements whether collections and map values may hold null (JSON can store them;
     *     Protobuf cannot)
     */
    RandomValues(Random random, boolean nullElements) {
        this.random = random;
        this.nullElements = nullElements;
    }

    /** A random instance of the record {@code type}. */
    <R extends Record> R record(Class<R> type) {
        return type.cast(object(type, 0));
    }

    private Object object(Class<?> type, int depth) {
        try {
            if (type.isRecord()) {
                RecordComponent[] components = type.getRecordComponents();
                Object[] values = new Object[components.length];
                Class<?>[] types = new Class<?>[components.length];
                for (int i = 0; i < components.length; i++) {
                    values[i] = field(components[i].getGenericType(), depth);
                    types[i] = components[i].getType();
                }
                Constructor<?> constructor = type.getDeclaredConstructor(types);
                return constructor.newInstance(values);
            }
            Object instance = type.getDeclaredConstructor().newInstance();
            for (Field field : type.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    field.setAccessible(true);
                    field.set(instance, field(field.getGenericType(), depth));
                }
            }
            return instance;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A field's value: null now and then unless primitive; an Optional is sometimes empty, rarely null. */
    private Object field(Type type, int depth) {
        if (type instanceof Class<?> c && c.isPrimitive()) {
            return scalar(c);
        }
        if (type instanceof ParameterizedType p && p.getRawType() == Optional.class) {
            int roll = random.nextInt(8);
            return roll == 0 ? null : roll < 3 ? Optional.empty()
                    : Optional.of(value(p.getActualTypeArguments()[0], depth));
        }
        return random.nextInt(6) == 0 ? null : value(type, depth);
    }

    /** A non-null value of {@code type}. */
    private Object value(Type type, int depth) {
        if (type instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            Type[] arguments = p.getActualTypeArguments();
            int size = depth > 2 ? 0 : random.nextInt(5);
            if (raw == Map.class) {
                Map<Object, Object> map = new LinkedHashMap<>();
                for (int i = 0; i < size; i++) {
                    map.put(value(arguments[0], depth + 1), element(arguments[1], depth + 1));
                }
                return map;
            }
            Collection<Object> collection = raw == Set.class ? new LinkedHashSet<>() : new ArrayList<>();
            for (int i = 0; i < size; i++) {
                collection.add(element(arguments[0], depth + 1));
            }
            return collection;
        }
        Class<?> c = (Class<?>) type;
        if (c.getPackageName().equals(RandomValues.class.getPackageName()) && !c.isEnum()) {
            return object(c, depth + 1);
        }
        return scalar(c);
    }

    private Object element(Type type, int depth) {
        return nullElements && random.nextInt(8) == 0 ? null : value(type, depth);
    }

    private Object scalar(Class<?> c) {
        boolean extreme = random.nextInt(4) == 0;
        if (c == boolean.class || c == Boolean.class) {
            return random.nextBoolean();
        }
        if (c == byte.class || c == Byte.class) {
            return extreme ? pick(Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 0, (byte) -1) : (byte) random.nextInt();
        }
        if (c == short.class || c == Short.class) {
            return extreme ? pick(Short.MIN_VALUE, Short.MAX_VALUE, (short) 0) : (short) random.nextInt();
        }
        if (c == int.class || c == Integer.class) {
            return extreme ? pick(Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1) : random.nextInt(2001) - 1000;
        }
        if (c == long.class || c == Long.class) {
            return extreme ? pick(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L) : random.nextLong();
        }
        if (c == char.class || c == Character.class) {
            return extreme ? pick('\0', '\uFFFF', '\uD83D', '"', '\\') : (char) (32 + random.nextInt(0xD000));
        }
        if (c == float.class || c == Float.class) {
            return extreme ? pick(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, Float.MIN_VALUE,
                    Float.MAX_VALUE) : (random.nextFloat() - 0.5f) * 1e6f;
        }
        if (c == double.class || c == Double.class) {
            return extreme ? pick(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0,
                    Double.MIN_VALUE, Double.MAX_VALUE) : random.nextGaussian() * 1e12;
        }
        if (c == String.class) {
            return extreme ? pick("", " ", "quote \" backslash \\ nul \0 newline \n", "\uD83D\uDE00\uD800\uDC00")
                    : text();
        }
        if (c == byte[].class) {
            byte[] bytes = new byte[extreme ? 0 : random.nextInt(24)];
            random.nextBytes(bytes);
            return bytes;
        }
        if (c.isEnum()) {
            Object[] constants = c.getEnumConstants();
            return constants[random.nextInt(constants.length)];
        }
        if (c == UUID.class) {
            return extreme ? pick(new UUID(0, 0), new UUID(-1, -1), new UUID(Long.MIN_VALUE, 1))
                    : new UUID(random.nextLong(), random.nextLong());
        }
        if (c == Instant.class) {
            return extreme ? pick(Instant.MIN, Instant.MAX, Instant.EPOCH, Instant.ofEpochSecond(-1, 999_999_999))
                    : Instant.ofEpochSecond(random.nextInt(), random.nextInt(1_000_000_000));
        }
        if (c == LocalDate.class) {
            return extreme ? pick(LocalDate.MIN, LocalDate.MAX, LocalDate.EPOCH)
                    : LocalDate.ofEpochDay(random.nextInt(200_000) - 100_000);
        }
        if (c == LocalDateTime.class) {
            return extreme
                    ? pick(LocalDateTime.MIN, LocalDateTime.MAX, LocalDateTime.of(LocalDate.EPOCH, LocalTime.MIDNIGHT))
                    : LocalDateTime.of(LocalDate.ofEpochDay(random.nextInt(100_000) - 50_000),
                            LocalTime.ofNanoOfDay(Math.floorMod(random.nextLong(), 86_400_000_000_000L)));
        }
        if (c == BigDecimal.class) {
            return extreme ? pick(BigDecimal.ZERO, new BigDecimal("0.000"), new BigDecimal("-1E+30"),
                    new BigDecimal(BigInteger.TWO.pow(300).negate(), 40))
                    : new BigDecimal(new BigInteger(90, random).subtract(BigInteger.TWO.pow(89)),
                            random.nextInt(40) - 20);
        }
        if (c == BigInteger.class) {
            return extreme ? pick(BigInteger.ZERO, BigInteger.ONE.negate(), BigInteger.TWO.pow(255).negate(),
                    BigInteger.TWO.pow(64)) : new BigInteger(100, random).subtract(BigInteger.TWO.pow(99));
        }
        throw new IllegalArgumentException("no random values of " + c);
    }

    /** Up to a dozen code points from every plane, never a lone surrogate. */
    private String text() {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(12); i > 0; i--) {
            int kind = random.nextInt(4);
            int codePoint = kind == 0 ? 0x10000 + random.nextInt(0x100000)
                    : kind == 1 ? random.nextInt(0x80) : random.nextInt(0xD800);
            text.appendCodePoint(codePoint);
        }
        return text.toString();
    }

    @SafeVarargs
    private <T> T pick(T... values) {
        return values[random.nextInt(values.length)];
    }
}
