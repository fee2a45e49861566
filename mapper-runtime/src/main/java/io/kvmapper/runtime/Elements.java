package io.kvmapper.runtime;

import io.kvmapper.InvalidRequestException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Changed copies of collection fields, for the generated element-wise operations ({@code appendTags},
 * {@code addRoles}, {@code putPrefs}, ...). A null field counts as empty; the stored field is never
 * changed in place, so the entity's old state stays intact for the index and counter diff.
 */
public final class Elements {
    private Elements() {
    }

    /** {@code list} with {@code element} appended. */
    public static <T> List<T> appended(Collection<T> list, T element) {
        List<T> copy = list == null ? new ArrayList<>() : new ArrayList<>(list);
        copy.add(element);
        return copy;
    }

    /**
     * {@code list} with {@code element} inserted at {@code index} (0 to its size).
     *
     * @throws InvalidRequestException naming the entity and field if {@code index} is out of range
     */
    public static <T> List<T> inserted(List<T> list, int index, T element, String entity, String field) {
        List<T> copy = list == null ? new ArrayList<>() : new ArrayList<>(list);
        if (index < 0 || index > copy.size()) {
            throw new InvalidRequestException(entity + ": cannot insert into '" + field + "' at position " + index
                    + "; it holds " + copy.size() + " elements, so a position is 0 to " + copy.size());
        }
        copy.add(index, element);
        return copy;
    }

    /**
     * {@code list} without the element at {@code index}.
     *
     * @throws InvalidRequestException naming the entity and field if there is no element at {@code index}
     */
    public static <T> List<T> removedAt(List<T> list, int index, String entity, String field) {
        List<T> copy = list == null ? new ArrayList<>() : new ArrayList<>(list);
        if (index < 0 || index >= copy.size()) {
            throw new InvalidRequestException(entity + ": '" + field + "' has no element at position " + index
                    + "; it holds " + copy.size() + " elements");
        }
        copy.remove(index);
        return copy;
    }

    /** {@code set} with {@code element} added. */
    public static <T> Set<T> added(Set<T> set, T element) {
        Set<T> copy = set == null ? new LinkedHashSet<>() : new LinkedHashSet<>(set);
        copy.add(element);
        return copy;
    }

    /** {@code set} without {@code element}. */
    public static <T> Set<T> removed(Set<T> set, T element) {
        Set<T> copy = set == null ? new LinkedHashSet<>() : new LinkedHashSet<>(set);
        copy.remove(element);
        return copy;
    }

    /** {@code map} with {@code key} mapped to {@code value}. */
    public static <K, V> Map<K, V> put(Map<K, V> map, K key, V value) {
        Map<K, V> copy = map == null ? new LinkedHashMap<>() : new LinkedHashMap<>(map);
        copy.put(key, value);
        return copy;
    }

    /** {@code map} without {@code key}. */
    public static <K, V> Map<K, V> removedKey(Map<K, V> map, K key) {
        Map<K, V> copy = map == null ? new LinkedHashMap<>() : new LinkedHashMap<>(map);
        copy.remove(key);
        return copy;
    }
}
