package io.kvmapper.internal.schemaless;

import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A record or embedded object decoded with a recorded schema instead of the application's class: one value per
 * stored field of its {@link ObjectType}, held as the field's shape says:
 *
 * <ul>
 *   <li>a scalar as its kind's Java type ({@link ScalarKind#javaType()}; an enum constant as its name);</li>
 *   <li>an embedded object as another {@code GenericObject};</li>
 *   <li>a list as a {@code List}, a set as an insertion-ordered {@code Set}, a map as an insertion-ordered
 *       {@code Map} with keys of the key's Java type;</li>
 *   <li>an {@code Optional} as its value, or null when empty;</li>
 *   <li>a databind value as {@link RawJson}.</li>
 * </ul>
 *
 * A missing field is null (a primitive zero). Equality is deep, and compares byte arrays by content. Not
 * thread-safe; mutable, like the entities of applications.
 */
public final class GenericObject {
    private final ObjectType type;
    private final Object[] values;

    GenericObject(ObjectType type) {
        this.type = type;
        this.values = new Object[type.fields().size()];
    }

    /** The object's type. */
    public ObjectType type() {
        return type;
    }

    /** The value of {@code field}, a field of this object's type. */
    public Object get(ObjectType.Field field) {
        return values[field.position()];
    }

    /**
     * The value of the field stored as {@code storedName}.
     *
     * @throws IllegalArgumentException if the type has no such field
     */
    public Object get(String storedName) {
        return values[field(storedName).position()];
    }

    /** Sets {@code field}, a field of this object's type; returns this object. */
    public GenericObject set(ObjectType.Field field, Object value) {
        values[field.position()] = value;
        return this;
    }

    /**
     * Sets the field stored as {@code storedName}; returns this object.
     *
     * @throws IllegalArgumentException if the type has no such field
     */
    public GenericObject set(String storedName, Object value) {
        values[field(storedName).position()] = value;
        return this;
    }

    private ObjectType.Field field(String storedName) {
        ObjectType.Field field = type.field(storedName);
        if (field == null) {
            throw new IllegalArgumentException(type.name() + " has no stored field \"" + storedName + "\"");
        }
        return field;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof GenericObject that) || !type.name().equals(that.type.name())
                || values.length != that.values.length) {
            return false;
        }
        for (int i = 0; i < values.length; i++) {
            if (!deepEquals(values[i], that.values[i])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int hash = type.name().hashCode();
        for (Object value : values) {
            hash = 31 * hash + deepHash(value);
        }
        return hash;
    }

    /** The object as the JSON codec writes it. */
    @Override
    public String toString() {
        return GenericJson.toJson(this);
    }

    static boolean deepEquals(Object a, Object b) {
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            Iterator<?> i = x.iterator();
            Iterator<?> j = y.iterator();
            while (i.hasNext()) {
                if (!deepEquals(i.next(), j.next())) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Set<?> x && b instanceof Set<?> y) {
            return x.size() == y.size() && containsAll(y, x) && containsAll(x, y);
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (Map.Entry<?, ?> entry : x.entrySet()) {
                if (!y.containsKey(entry.getKey()) || !deepEquals(entry.getValue(), y.get(entry.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        return Objects.equals(a, b);
    }

    private static boolean containsAll(Collection<?> in, Collection<?> elements) {
        for (Object element : elements) {
            if (in.stream().noneMatch(candidate -> deepEquals(element, candidate))) {
                return false;
            }
        }
        return true;
    }

    private static int deepHash(Object value) {
        if (value instanceof byte[] bytes) {
            return Arrays.hashCode(bytes);
        }
        if (value instanceof List<?> list) {
            int hash = 1;
            for (Object element : list) {
                hash = 31 * hash + deepHash(element);
            }
            return hash;
        }
        if (value instanceof Set<?> set) {
            int hash = 0;
            for (Object element : set) {
                hash += deepHash(element);
            }
            return hash;
        }
        if (value instanceof Map<?, ?> map) {
            int hash = 0;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                hash += Objects.hashCode(entry.getKey()) ^ deepHash(entry.getValue());
            }
            return hash;
        }
        return Objects.hashCode(value);
    }
}
