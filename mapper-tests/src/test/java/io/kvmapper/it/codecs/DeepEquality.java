package io.kvmapper.it.codecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * Compares a value read back with the one written, component by component (test code, by
 * reflection): arrays by content, floating-point numbers by {@code compare} (so NaN equals NaN and
 * -0.0 differs from 0.0), collections and maps in iteration order, embedded classes field by field.
 * A failure names the path to the value that differs.
 */
final class DeepEquality {
    /** What a codec gives back for a null collection or map, and for a null Optional. */
    enum Nulls {
        /** A null collection or map reads back as null (JSON). */
        KEPT,
        /** A null collection or map reads back as an empty one (Protobuf). */
        READ_AS_EMPTY
    }

    private final Nulls nulls;

    DeepEquality(Nulls nulls) {
        this.nulls = nulls;
    }

    void assertSame(Object expected, Object actual) {
        compare(expected, actual, "");
    }

    private void compare(Object expected, Object actual, String path) {
        if (expected == null) {
            if (nulls == Nulls.READ_AS_EMPTY && actual instanceof Collection<?> c) {
                assertTrue(c.isEmpty(), path + ": a null collection read back as " + c);
            } else if (nulls == Nulls.READ_AS_EMPTY && actual instanceof Map<?, ?> m) {
                assertTrue(m.isEmpty(), path + ": a null map read back as " + m);
            } else if (actual instanceof Optional<?> o) {
                assertTrue(o.isEmpty(), path + ": a null Optional read back as " + o);
            } else {
                assertNull(actual, path);
            }
            return;
        }
        if (actual == null) {
            fail(path + ": expected " + expected + ", read back null");
        }
        if (expected instanceof byte[] bytes) {
            assertTrue(Arrays.equals(bytes, (byte[]) actual), path + ": " + Arrays.toString(bytes) + " read back as "
                    + Arrays.toString((byte[]) actual));
        } else if (expected instanceof Double d) {
            assertEquals(0, Double.compare(d, (Double) actual), path + ": " + d + " read back as " + actual);
        } else if (expected instanceof Float f) {
            assertEquals(0, Float.compare(f, (Float) actual), path + ": " + f + " read back as " + actual);
        } else if (expected instanceof Optional<?> o) {
            Optional<?> read = (Optional<?>) actual;
            assertEquals(o.isPresent(), read.isPresent(), path + ": " + o + " read back as " + read);
            o.ifPresent(value -> compare(value, read.get(), path + ".get()"));
        } else if (expected instanceof Collection<?> c) {
            Collection<?> read = (Collection<?>) actual;
            assertEquals(c.size(), read.size(), path + ": " + c + " read back as " + read);
            Iterator<?> readIterator = read.iterator();
            int i = 0;
            for (Object element : c) {
                compare(element, readIterator.next(), path + "[" + i++ + "]");
            }
        } else if (expected instanceof Map<?, ?> m) {
            Map<?, ?> read = (Map<?, ?>) actual;
            assertEquals(m.size(), read.size(), path + ": " + m + " read back as " + read);
            Iterator<? extends Map.Entry<?, ?>> readIterator = read.entrySet().iterator();
            for (Map.Entry<?, ?> entry : m.entrySet()) {
                Map.Entry<?, ?> readEntry = readIterator.next();
                compare(entry.getKey(), readEntry.getKey(), path + ".key");
                compare(entry.getValue(), readEntry.getValue(), path + "[" + entry.getKey() + "]");
            }
        } else if (expected instanceof Record record) {
            assertEquals(record.getClass(), actual.getClass(), path);
            for (RecordComponent component : record.getClass().getRecordComponents()) {
                compare(get(component, record), get(component, actual), path + "." + component.getName());
            }
        } else if (expected.getClass().getPackageName().equals(DeepEquality.class.getPackageName())
                && !expected.getClass().isEnum()) {
            assertEquals(expected.getClass(), actual.getClass(), path);
            for (Field field : expected.getClass().getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    field.setAccessible(true);
                    compare(get(field, expected), get(field, actual), path + "." + field.getName());
                }
            }
        } else {
            assertEquals(expected, actual, path);
        }
    }

    private static Object get(RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object get(Field field, Object instance) {
        try {
            return field.get(instance);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
