package io.kvmapper.internal.codec;

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
public final class CollectionChanges {
    private CollectionChanges() {
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
            throw outOfRange(entity, field, index, copy.size(), true);
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
            throw outOfRange(entity, field, index, copy.size(), false);
        }
        copy.remove(index);
        return copy;
    }

    /**
     * The error for a list position out of range, the same in both layouts: {@code "Customer: cannot
     * insert into 'tags' at position 5; it holds 1 elements, so a position is 0 to 1"}.
     */
    public static InvalidRequestException outOfRange(String entity, String field, int index, int size, boolean insert) {
        String where = insert ? "cannot insert into '" + field + "' at position " + index
                : "'" + field + "' has no element at position " + index;
        return new InvalidRequestException(entity + ": " + where + "; it holds " + size + " elements"
                + (insert ? ", so a position is 0 to " + size : ""));
    }

    /**
     * Rejects a null map key, which neither layout can store.
     *
     * @return {@code key}
     * @throws InvalidRequestException naming the entity and field
     */
    public static <K> K mapKey(K key, String entity, String field) {
        if (key == null) {
            throw new InvalidRequestException(entity + ": map '" + field + "' cannot hold a null key");
        }
        return key;
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
