package io.kvmapper.samples;

import io.kvmapper.KvStore;
import io.kvmapper.Transaction;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.List;

/**
 * Shows how a pattern is laid out: the raw keys the mapper wrote under a prefix, decoded with
 * {@link Tuples#toString}. The samples use it for teaching only; applications read through their
 * repositories.
 */
public final class StoredKeys {
    private StoredKeys() {
    }

    /**
     * The keys of one entity's records that start with the given key components, in key order: for a
     * partition {@code ("bob")} of entity {@code Person}, every key under {@code (("Person", "r", "bob"))}.
     * Pass the partition's components (all of them, since the partition is one nested tuple).
     *
     * @param store the store
     * @param entity the entity's stored name
     * @param partition the components of the partition
     */
    public static List<String> ofPartition(KvStore store, String entity, Object... partition) {
        List<Object> nested = new ArrayList<>(List.of(entity, "r"));
        nested.addAll(List.of(partition));
        return under(store, Tuples.encode(nested));
    }

    /**
     * The entries of one index that start with {@code values}: every key under
     * {@code ((entity, "i", index), values...)}.
     */
    public static List<String> ofIndex(KvStore store, String entity, String index, Object... values) {
        List<Object> elements = new ArrayList<>();
        elements.add(List.of(entity, "i", index));
        elements.addAll(List.of(values));
        return under(store, Tuples.encode(elements.toArray()));
    }

    /**
     * The length of the longest value among one entity's records in a partition (the partition's
     * components as for {@link #ofPartition}); 0 if there are none.
     */
    public static int largestValueOfPartition(KvStore store, String entity, Object... partition) {
        List<Object> nested = new ArrayList<>(List.of(entity, "r"));
        nested.addAll(List.of(partition));
        return store.transact((Transaction tx) -> {
            int largest = 0;
            try (KvCursor cursor = tx.kv().scan(KeyRange.tuplePrefix(Tuples.encode(nested)), ScanOptions.FORWARD)) {
                while (cursor.hasNext()) {
                    largest = Math.max(largest, cursor.next().value().length);
                }
            }
            return largest;
        });
    }

    /** Every key that begins with the complete tuple elements encoded in {@code prefix}, decoded. */
    public static List<String> under(KvStore store, byte[] prefix) {
        return store.transact(tx -> {
            List<String> keys = new ArrayList<>();
            try (KvCursor cursor = tx.kv().scan(KeyRange.tuplePrefix(prefix), ScanOptions.FORWARD)) {
                cursor.forEachRemaining(item -> keys.add(Tuples.toString(item.key())));
            }
            return keys;
        });
    }
}
