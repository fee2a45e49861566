package io.kvmapper;

import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.ScalarType;
import io.kvmapper.tuple.TupleReader;
import io.kvmapper.tuple.TupleWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A multimap whose values are multisets, after the FoundationDB recipe: every (key, value) pair is one
 * item holding its count, and one key's items sit next to each other in its own partition
 * {@code ("$multimap", name, key)}, so all values of a key come back with one range read.
 *
 * <ul>
 *   <li>{@link #add} is a read-free atomic increment: concurrent adds, even of the same pair, never
 *       conflict.</li>
 *   <li>{@link #remove} decrements and deletes the pair when its count reaches zero; it reads the count,
 *       so it conflicts with a concurrent change of the same pair (and is retried). A backend without
 *       conflict detection (Cassandra) refuses it: use the read-free remove of negative counts there.</li>
 *   <li>With {@link #allowingNegativeCounts()}, counts may go below zero (debts) and {@code remove} is
 *       read-free too; pairs whose count is zero are then skipped by the readers.</li>
 * </ul>
 *
 * <p>Keys and values are scalars: boxed primitives, {@code String}, {@code byte[]}, enums,
 * {@code UUID}, {@code Instant}, {@code LocalDate}, {@code LocalDateTime}, {@code BigDecimal},
 * {@code BigInteger}; values are listed in their tuple order. Thread-safe; use {@link #with} to make
 * its operations part of a unit of work.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public final class Multimap<K, V> {
    /** The first element of every multimap partition; entity names cannot start with '$'. */
    static final String SPACE = "$multimap";
    /** Pairs deleted per unit of work by {@link #removeAll} outside a transaction. */
    private static final int REMOVE_BATCH = 1_000;

    private final KvStore store;
    private final String name;
    private final ScalarType<K> keys;
    private final ScalarType<V> values;
    private final boolean negativeCounts;
    private final Transaction transaction;

    Multimap(KvStore store, String name, ScalarType<K> keys, ScalarType<V> values, boolean negativeCounts,
            Transaction transaction) {
        this.store = store;
        this.name = Objects.requireNonNull(name, "name");
        this.keys = keys;
        this.values = values;
        this.negativeCounts = negativeCounts;
        this.transaction = transaction;
    }

    /** This multimap, working inside {@code tx}. */
    public Multimap<K, V> with(Transaction tx) {
        if (Objects.requireNonNull(tx, "tx").store() != store) {
            throw new InvalidRequestException("multimap " + name + ": the transaction belongs to another store");
        }
        return new Multimap<>(store, name, keys, values, negativeCounts, tx);
    }

    /**
     * This multimap, letting counts go below zero: {@link #remove} then decrements without reading
     * (never conflicting), and a pair removed more often than added holds a debt.
     */
    public Multimap<K, V> allowingNegativeCounts() {
        return new Multimap<>(store, name, keys, values, true, transaction);
    }

    /** Adds one occurrence of {@code value} under {@code key}; read-free, never conflicts. */
    public void add(K key, V value) {
        add(key, value, 1);
    }

    /** Adds {@code times} occurrences of {@code value} under {@code key} (negative only if allowed). */
    public void add(K key, V value, long times) {
        if (times < 0 && !negativeCounts) {
            throw new InvalidRequestException("multimap " + name + ": cannot add " + times
                    + " occurrences; use remove, or allowingNegativeCounts() for debts");
        }
        byte[] item = item(key, value);
        write(kv -> {
            kv.add(item, times);
            return null;
        });
    }

    /**
     * Removes one occurrence of {@code value} under {@code key}.
     *
     * @return whether there was one to remove (always true when negative counts are allowed)
     * @throws InvalidRequestException without negative counts, on a backend that detects no conflicts
     *     (Cassandra): this remove reads the count before it changes it, and there two removes, or a remove
     *     and an add, could interleave and lose a change; the read-free remove of
     *     {@link #allowingNegativeCounts()} and {@link #removeAll} are exact everywhere
     */
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

    /**
     * Removes every value under {@code key}. Inside a transaction ({@link #with}) it is one step of that
     * unit of work; on its own it deletes in bounded batches, each a unit of work of its own.
     */
    public void removeAll(K key) {
        KeyRange range = KeyRange.startingWith(partition(key));
        if (transaction != null) {
            transaction.kv().deleteRange(range);
            return;
        }
        int deleted;
        do {
            deleted = store.transact((Transaction tx) -> {
                List<byte[]> keys = new ArrayList<>();
                try (KvCursor cursor = tx.kv().scan(range, ScanOptions.FORWARD.withLimit(REMOVE_BATCH))) {
                    while (cursor.hasNext()) {
                        keys.add(cursor.next().key());
                    }
                }
                keys.forEach(tx.kv()::delete);
                return keys.size();
            });
        } while (deleted == REMOVE_BATCH);
    }

    /** The distinct values under {@code key} with a positive count, in value order; one range read. */
    public List<V> get(K key) {
        List<V> found = new ArrayList<>();
        scan(key, (value, count) -> {
            if (count > 0) {
                found.add(value);
            }
        });
        return found;
    }

    /** Every value under {@code key} with its count (nonzero; negative only for debts), in value order. */
    public Map<V, Long> counts(K key) {
        Map<V, Long> found = new LinkedHashMap<>();
        scan(key, found::put);
        return found;
    }

    /** How many occurrences of {@code value} are under {@code key}. */
    public long count(K key, V value) {
        byte[] item = item(key, value);
        return Counters.decode(item, reader().get(item));
    }

    /** Whether {@code value} occurs under {@code key} (a positive count). */
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
        TupleWriter writer = new TupleWriter(48).beginNested().writeString(SPACE).writeString(name);
        keys.write(writer, Objects.requireNonNull(key, "key"));
        return writer.endNested().toByteArray();
    }

    private byte[] item(K key, V value) {
        TupleWriter writer = new TupleWriter(64).beginNested().writeString(SPACE).writeString(name);
        keys.write(writer, Objects.requireNonNull(key, "key")).endNested();
        return values.write(writer, Objects.requireNonNull(value, "value")).toByteArray();
    }

    private KvReader reader() {
        return transaction != null ? transaction.kv() : store.backend();
    }

    private <T> T write(Function<KvTransaction, T> work) {
        if (transaction != null) {
            return work.apply(transaction.kv());
        }
        return store.transact((Transaction tx) -> work.apply(tx.kv()));
    }
}
