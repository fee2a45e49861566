package io.kvmapper;

import java.util.List;
import java.util.Map;

/**
 * A multimap whose values are multisets, after the FoundationDB recipe: every (key, value) pair is one
 * item holding its count, and one key's items sit next to each other in a partition of their own, so all
 * values of a key come back with one range read. Open one with {@link KvStore#multimap}.
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
public interface Multimap<K, V> {
    /** This multimap, working inside {@code tx}. */
    Multimap<K, V> with(Transaction tx);

    /**
     * This multimap, letting counts go below zero: {@link #remove} then decrements without reading
     * (never conflicting), and a pair removed more often than added holds a debt.
     */
    Multimap<K, V> allowingNegativeCounts();

    /** Adds one occurrence of {@code value} under {@code key}; read-free, never conflicts. */
    void add(K key, V value);

    /**
     * Adds {@code times} occurrences of {@code value} under {@code key}.
     *
     * @throws InvalidRequestException if {@code times} is negative and negative counts are not allowed
     */
    void add(K key, V value, long times);

    /**
     * Removes one occurrence of {@code value} under {@code key}.
     *
     * @return whether there was one to remove (always true when negative counts are allowed)
     * @throws InvalidRequestException without negative counts, on a backend that detects no conflicts
     *     (Cassandra): this remove reads the count before it changes it, and there two removes, or a remove
     *     and an add, could interleave and lose a change; the read-free remove of
     *     {@link #allowingNegativeCounts()} and {@link #removeAll} are exact everywhere
     */
    boolean remove(K key, V value);

    /**
     * Removes every value under {@code key}. Inside a transaction ({@link #with}) it is one step of that
     * unit of work; on its own it deletes in bounded batches, each a unit of work of its own.
     */
    void removeAll(K key);

    /** The distinct values under {@code key} with a positive count, in value order; one range read. */
    List<V> get(K key);

    /** Every value under {@code key} with its count (nonzero; negative only for debts), in value order. */
    Map<V, Long> counts(K key);

    /** How many occurrences of {@code value} are under {@code key}. */
    long count(K key, V value);

    /** Whether {@code value} occurs under {@code key} (a positive count). */
    boolean contains(K key, V value);
}
