package io.kvmapper.internal.store;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.Multimap;
import io.kvmapper.Transaction;
import io.kvmapper.internal.layout.Area;
import io.kvmapper.internal.layout.KeyLimit;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.internal.tuple.ScalarType;
import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.internal.tuple.TupleWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The one implementation of {@link Multimap}: the FoundationDB multimap recipe over the store's
 * {@linkplain Area#MULTIMAP multimap area}, {@code (("$multimap", name, key), value)} holding each pair's count.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
final class MultimapImpl<K, V> implements Multimap<K, V> {
    /** Pairs deleted per unit of work by {@link #removeAll} outside a transaction. */
    private static final int REMOVE_BATCH = 1_000;

    private final KvStoreImpl store;
    private final String name;
    private final ScalarType<K> keys;
    private final ScalarType<V> values;
    private final boolean negativeCounts;
    private final KvTransaction transaction;

    MultimapImpl(KvStoreImpl store, String name, ScalarType<K> keys, ScalarType<V> values, boolean negativeCounts,
            KvTransaction transaction) {
        this.store = store;
        this.name = Objects.requireNonNull(name, "name");
        this.keys = keys;
        this.values = values;
        this.negativeCounts = negativeCounts;
        this.transaction = transaction;
    }

    @Override
    public Multimap<K, V> with(Transaction tx) {
        return new MultimapImpl<>(store, name, keys, values, negativeCounts,
                TransactionImpl.kvOf(tx, store, "multimap " + name));
    }

    @Override
    public Multimap<K, V> allowingNegativeCounts() {
        return new MultimapImpl<>(store, name, keys, values, true, transaction);
    }

    @Override
    public void add(K key, V value) {
        add(key, value, 1);
    }

    @Override
    public void add(K key, V value, long times) {
        if (times < 0 && !negativeCounts) {
            throw new InvalidRequestException("multimap " + name + ": cannot add " + times
                    + " occurrences; use remove, or allowingNegativeCounts() for debts");
        }
        byte[] item = KeyLimit.require(item(key, value), "multimap " + name, "the item",
                "shorten the key or the value");
        write(kv -> {
            kv.add(item, times);
            return null;
        });
    }

    @Override
    public boolean remove(K key, V value) {
        byte[] item = item(key, value);
        if (!negativeCounts && !store.backend().detectsConflicts()) {
            throw new InvalidRequestException("multimap " + name + ": remove(key, value) reads the count before it"
                    + " changes it, and " + store.backend() + " detects no conflicting writes, so two removes, or a"
                    + " remove and an add, could interleave and lose a change; use allowingNegativeCounts().remove,"
                    + " a read-free decrement, or removeAll (see docs/consistency.md)");
        }
        return write(kv -> {
            if (negativeCounts) {
                kv.add(item, -1);
                return true;
            }
            long count = Counters.decode(item, kv.get(item));
            if (count <= 0) {
                return false;
            }
            if (count == 1) {
                kv.delete(item);
            } else {
                kv.add(item, -1);
            }
            return true;
        });
    }

    @Override
    public void removeAll(K key) {
        KeyRange range = KeyRange.startingWith(partition(key));
        if (transaction != null) {
            transaction.deleteRange(range);
            return;
        }
        int deleted;
        do {
            deleted = store.transactKvResult(kv -> {
                List<byte[]> keys = new ArrayList<>();
                try (KvCursor cursor = kv.scan(range, ScanOptions.FORWARD.withLimit(REMOVE_BATCH))) {
                    while (cursor.hasNext()) {
                        keys.add(cursor.next().key());
                    }
                }
                keys.forEach(kv::delete);
                return keys.size();
            });
        } while (deleted == REMOVE_BATCH);
    }

    @Override
    public List<V> get(K key) {
        List<V> found = new ArrayList<>();
        scan(key, (value, count) -> {
            if (count > 0) {
                found.add(value);
            }
        });
        return found;
    }

    @Override
    public Map<V, Long> counts(K key) {
        Map<V, Long> found = new LinkedHashMap<>();
        scan(key, found::put);
        return found;
    }

    @Override
    public long count(K key, V value) {
        byte[] item = item(key, value);
        return Counters.decode(item, reader().get(item));
    }

    @Override
    public boolean contains(K key, V value) {
        return count(key, value) > 0;
    }

    @Override
    public String toString() {
        return "Multimap[" + name + ", " + keys.type().getSimpleName() + " -> " + values.type().getSimpleName()
                + (negativeCounts ? ", negative counts allowed" : "") + "]";
    }

    private void scan(K key, java.util.function.BiConsumer<V, Long> sink) {
        byte[] prefix = partition(key);
        try (KvCursor cursor = reader().scan(KeyRange.startingWith(prefix), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                long count = Counters.decode(item.key(), item.value());
                if (count != 0) {
                    sink.accept(values.read(new TupleReader(item.key(), prefix.length, item.key().length)), count);
                }
            }
        }
    }

    private byte[] partition(K key) {
        TupleWriter writer = new TupleWriter(48).beginNested().writeString(Area.MULTIMAP.tag()).writeString(name);
        keys.write(writer, Objects.requireNonNull(key, "key"));
        return writer.endNested().toByteArray();
    }

    private byte[] item(K key, V value) {
        TupleWriter writer = new TupleWriter(64).beginNested().writeString(Area.MULTIMAP.tag()).writeString(name);
        keys.write(writer, Objects.requireNonNull(key, "key")).endNested();
        return values.write(writer, Objects.requireNonNull(value, "value")).toByteArray();
    }

    private KvReader reader() {
        return transaction != null ? transaction : store.backend();
    }

    private <T> T write(Function<KvTransaction, T> work) {
        if (transaction != null) {
            return work.apply(transaction);
        }
        return store.transactKvResult(work);
    }

}
