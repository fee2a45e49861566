package io.kvmapper.it.codecs;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
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
import java.util.Set;
import java.util.UUID;

/**
 * Turns a {@link DynamicMessage}, decoded with a descriptor built from an exported {@code .proto}
 * file, back into Java objects by the mapping {@code docs/codecs.md} documents, the way a program in
 * another language would: nothing here uses KV Mapper's runtime, so a stored value that only KV Mapper
 * itself could read fails the test. Test code, by reflection.
 */
final class DynamicDecoder {
    private DynamicDecoder() {
    }

    /** The record or class {@code type} held by {@code message}, field by field. */
    static Object decode(DynamicMessage message, Class<?> type) {
        try {
            if (type.isRecord()) {
                RecordComponent[] components = type.getRecordComponents();
                Object[] values = new Object[components.length];
                Class<?>[] types = new Class<?>[components.length];
                for (int i = 0; i < components.length; i++) {
                    values[i] = field(message, components[i].getName(), components[i].getGenericType());
                    types[i] = components[i].getType();
                }
                return type.getDeclaredConstructor(types).newInstance(values);
            }
            Object instance = type.getDeclaredConstructor().newInstance();
            for (Field field : type.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    field.setAccessible(true);
                    field.set(instance, field(message, field.getName(), field.getGenericType()));
                }
            }
            return instance;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object field(DynamicMessage message, String name, Type type) {
        FieldDescriptor field = message.getDescriptorForType().findFieldByName(name);
        if (field == null) {
            throw new AssertionError(message.getDescriptorForType().getFullName() + " declares no field " + name);
        }
        if (type instanceof ParameterizedType p && p.getRawType() == Optional.class) {
            return message.hasField(field) ? Optional.of(value(message.getField(field), p.getActualTypeArguments()[0]))
                    : Optional.empty();
        }
        if (field.isMapField() || field.isRepeated()) {
            return value(message.getField(field), type, field);
        }
        if (type instanceof Class<?> c && c.isPrimitive()) {
            return value(message.getField(field), c);
        }
        return message.hasField(field) ? value(message.getField(field), type) : null;
    }

    /** A repeated or map field's value: its elements, or its entries with {@code key} and {@code value}. */
    private static Object value(Object protoValue, Type type, FieldDescriptor field) {
        ParameterizedType p = (ParameterizedType) type;
        Type[] arguments = p.getActualTypeArguments();
        List<?> items = (List<?>) protoValue;
        if (field.isMapField()) {
            Map<Object, Object> map = new LinkedHashMap<>();
            for (Object item : items) {
                DynamicMessage entry = (DynamicMessage) item;
                FieldDescriptor key = entry.getDescriptorForType().findFieldByName("key");
                FieldDescriptor value = entry.getDescriptorForType().findFieldByName("value");
                map.put(key(entry.getField(key), (Class<?>) arguments[0]), value(entry.getField(value), arguments[1]));
            }
            return map;
        }
        Collection<Object> collection = p.getRawType() == Set.class ? new LinkedHashSet<>() : new ArrayList<>();
        for (Object item : items) {
            collection.add(value(item, arguments[0]));
        }
        return collection;
    }

    /** One value: a scalar, an embedded message, or the wrapper message of a nested collection or map. */
    private static Object value(Object protoValue, Type type) {
        if (type instanceof ParameterizedType) {
            DynamicMessage wrapper = (DynamicMessage) protoValue;
            FieldDescriptor only = wrapper.getDescriptorForType().getFields().get(0);
            return value(wrapper.getField(only), type, only);
        }
        Class<?> c = (Class<?>) type;
        if (c == boolean.class || c == Boolean.class || c == int.class || c == Integer.class || c == long.class
                || c == Long.class || c == float.class || c == Float.class || c == double.class || c == Double.class
                || c == String.class) {
            return protoValue;
        }
        if (c == byte.class || c == Byte.class) {
            int value = (Integer) protoValue;
            if (value != (byte) value) {
                throw new AssertionError(value + " does not fit a byte");
            }
            return (byte) value;
        }
        if (c == short.class || c == Short.class) {
            int value = (Integer) protoValue;
            if (value != (short) value) {
                throw new AssertionError(value + " does not fit a short");
            }
            return (short) value;
        }
        if (c == char.class || c == Character.class) {
            return (char) (int) (Integer) protoValue;
        }
        if (c == byte[].class) {
            return ((ByteString) protoValue).toByteArray();
        }
        if (c.isEnum()) {
            return enumConstant(c, (String) protoValue);
        }
        if (c == UUID.class) {
            ByteBuffer bytes = ((ByteString) protoValue).asReadOnlyByteBuffer();
            if (bytes.remaining() != 16) {
                throw new AssertionError("a UUID of " + bytes.remaining() + " bytes");
            }
            return new UUID(bytes.getLong(), bytes.getLong());
        }
        if (c == Instant.class) {
            DynamicMessage timestamp = (DynamicMessage) protoValue;
            if (!timestamp.getDescriptorForType().getFullName().equals("google.protobuf.Timestamp")) {
                throw new AssertionError("an Instant as " + timestamp.getDescriptorForType().getFullName());
            }
            return Instant.ofEpochSecond((Long) get(timestamp, "seconds"), (Integer) get(timestamp, "nanos"));
        }
        if (c == LocalDate.class) {
            return LocalDate.ofEpochDay((Long) protoValue);
        }
        if (c == LocalDateTime.class) {
            DynamicMessage dateTime = (DynamicMessage) protoValue;
            return LocalDateTime.of(LocalDate.ofEpochDay((Long) get(dateTime, "epoch_day")),
                    LocalTime.ofNanoOfDay((Long) get(dateTime, "nano_of_day")));
        }
        if (c == BigDecimal.class) {
            return new BigDecimal((String) protoValue);
        }
        if (c == BigInteger.class) {
            return new BigInteger(((ByteString) protoValue).toByteArray());
        }
        return decode((DynamicMessage) protoValue, c);
    }

    /** A map key: a UUID key is its canonical string; others as values. */
    private static Object key(Object protoValue, Class<?> type) {
        return type == UUID.class ? UUID.fromString((String) protoValue) : value(protoValue, type);
    }

    private static Object get(DynamicMessage message, String field) {
        return message.getField(message.getDescriptorForType().findFieldByName(field));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumConstant(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }
}
