package io.kvmapper.samples;

import io.kvmapper.KvStore;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * Shows how a pattern is laid out: the raw keys the mapper wrote, decoded with {@link Tuples#toString}. The
 * samples use it for teaching only; applications read through their repositories.
 *
 * <p>Every key's first element is a nested tuple, its partition (docs/key-encoding.md): {@code (entity, area,
 * ...)} for an entity's records, index entries, counter groups and metadata, {@code (space, name, key)} for a
 * multimap. The samples find keys by that shape and by the names they know (entity, partition, index or counter
 * name), and print whatever area tag the store holds, rather than spelling the tags themselves.
 */
public final class StoredKeys {
    private StoredKeys() {
    }

    /**
     * The keys of one entity's records in a partition, in key order: for a partition {@code ("bob")} of entity
     * {@code Person}, every key under {@code (("Person", <records>, "bob"))}. Pass the partition's components (all
     * of them, since the partition is one nested tuple). An index or counter named like a one-component
     * partition's value would be listed too; the samples' names never collide.
     *
     * @param store the store
     * @param entity the entity's stored name
     * @param partition the components of the partition
     */
    public static List<String> ofPartition(KvStore store, String entity, Object... partition) {
        return decoded(keysOfPartition(store, entity, partition));
    }

    /** The raw keys of {@link #ofPartition}. */
    public static List<byte[]> keysOfPartition(KvStore store, String entity, Object... partition) {
        List<Object> components = List.of(partition);
        return items(store, entity, nested -> nested.size() == 2 + components.size()
                && nested.subList(2, nested.size()).equals(components)).stream().map(KeyValue::key).toList();
    }

    /**
     * The keys of one index's entries or one counter's groups (both live in a partition of their own,
     * {@code ((entity, <area>, name))}) that continue with {@code values}, compared as encoded.
     */
    public static List<String> ofIndex(KvStore store, String entity, String name, Object... values) {
        return decoded(keysOfIndexOrCounter(store, entity, name, values));
    }

    /** The raw keys of {@link #ofIndex}. */
    public static List<byte[]> keysOfIndexOrCounter(KvStore store, String entity, String name, Object... values) {
        byte[] leading = Tuples.encode(values);
        List<byte[]> keys = new ArrayList<>();
        for (KeyValue item : items(store, entity, nested -> nested.size() == 3 && name.equals(nested.get(2)))) {
            byte[] key = item.key();
            int from = Tuples.partitionLength(key);
            if (key.length - from >= leading.length
                    && Arrays.equals(key, from, from + leading.length, leading, 0, leading.length)) {
                keys.add(key);
            }
        }
        return keys;
    }

    /** The keys of one multimap key's pairs, under {@code ((<space>, name, key))}. */
    public static List<String> ofMultimap(KvStore store, String name, Object key) {
        return decoded(scan(store, KeyRange.startingWith(new byte[] {0x05}), nested -> nested.size() == 3
                && String.valueOf(nested.get(0)).startsWith("$") && name.equals(nested.get(1))
                && key.equals(nested.get(2))).stream().map(KeyValue::key).toList());
    }

    /**
     * The length of the longest value among one entity's records in a partition (the partition's
     * components as for {@link #ofPartition}); 0 if there are none.
     */
    public static int largestValueOfPartition(KvStore store, String entity, Object... partition) {
        List<Object> components = List.of(partition);
        return items(store, entity, nested -> nested.size() == 2 + components.size()
                && nested.subList(2, nested.size()).equals(components)).stream()
                .mapToInt(item -> item.value().length).max().orElse(0);
    }

    private static List<String> decoded(List<byte[]> keys) {
        return keys.stream().map(Tuples::toString).toList();
    }

    /** The items of {@code entity} whose partition, decoded, satisfies {@code partition}. */
    private static List<KeyValue> items(KvStore store, String entity, Predicate<List<?>> partition) {
        // the partition opens a nested tuple (0x05) whose first element is the entity name
        byte[] name = Tuples.encode(entity);
        byte[] prefix = new byte[name.length + 1];
        prefix[0] = 0x05;
        System.arraycopy(name, 0, prefix, 1, name.length);
        return scan(store, KeyRange.startingWith(prefix), partition);
    }

    private static List<KeyValue> scan(KvStore store, KeyRange range, Predicate<List<?>> partition) {
        List<KeyValue> found = new ArrayList<>();
        try (KvCursor cursor = store.unwrap(KvBackend.class).scan(range, ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                Object first = Tuples.decode(item.key(), 0, Tuples.partitionLength(item.key())).get(0);
                if (first instanceof List<?> nested && partition.test(nested)) {
                    found.add(item);
                }
            }
        }
        return found;
    }
}
