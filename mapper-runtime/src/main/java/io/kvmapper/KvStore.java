package io.kvmapper;

import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * An open store: what generated repositories read and write, and the units of work they share. Open one
 * with a backend's opener, such as {@code RocksKvStore.open(path)}, {@code CassandraKvStore.open(session,
 * keyspace)} or {@code MemoryKvStore.open()}, and close it when done; it is safe for concurrent use by many
 * threads, and so are the repositories built on it.
 *
 * <pre>{@code
 * try (KvStore store = RocksKvStore.open(Path.of("data"))) {
 *     UserRepository users = new UserRepository(store);
 *     OrderRepository orders = new OrderRepository(store);
 *     store.transact(tx -> {
 *         orders.with(tx).insert(order);
 *         users.with(tx).save(user);
 *     });
 *     long open = store.transactResult(tx -> orders.with(tx).countByStatus(Status.OPEN));
 * }
 * }</pre>
 *
 * <p>A unit of work ({@link #transact}, {@link #transactResult}) commits all of its reads and writes made
 * through repositories obtained with {@code repository.with(tx)} together, or none of them. When it fails
 * with a {@linkplain KvMapperException#isRetryable() retryable} exception, such as a conflict with a
 * concurrent writer, the whole function runs again after a backoff, up to the limit of the store's
 * {@link RetryPolicy}; so the function must have no side effects outside the store.
 */
public interface KvStore extends AutoCloseable {
    /**
     * The longest key, in bytes, that KV Mapper writes, on every backend: a record key, an item of the
     * attribute-per-key layout, an index entry, a unique claim, an expiry entry, a counter group, a multimap
     * item. A write that would need a longer one is refused with an {@link InvalidRequestException} that names
     * the entity (and the index or counter) and the key, before anything is written; reads and deletes of a
     * longer key stored before the limit existed still work, so that it can be removed.
     *
     * <p>10,000 bytes is FoundationDB's limit, whose tuple encoding the keys use, and lies well within Cassandra's
     * 65,535 bytes per key column, so code that runs on one backend fails the same way on the others; and it bounds
     * what a long key costs where every item repeats it (docs/layouts.md). A key holds the entity name, the
     * encoded key components and, for an index entry, the indexed values as well; see docs/key-encoding.md.
     */
    int MAX_KEY_BYTES = 10_000;

    /**
     * Runs {@code work} as one atomic unit of work, retrying it while it fails with a retryable exception.
     *
     * @throws TransactionConflictException if every attempt conflicted
     * @throws KvMapperException the last attempt's failure if it was not retryable, or if the attempts ran
     *     out on another retryable one (such as {@link IndexNotReadyException} while an index is built)
     */
    void transact(Consumer<Transaction> work);

    /**
     * Runs {@code work} as one atomic unit of work and returns its result, retrying it while it fails with a
     * retryable exception.
     *
     * @throws TransactionConflictException if every attempt conflicted
     * @throws KvMapperException the last attempt's failure if it was not retryable, or if the attempts ran
     *     out on another retryable one
     */
    <T> T transactResult(Function<Transaction, T> work);

    /**
     * The multimap {@code name}, whose keys and values are of the given scalar types (see {@link Multimap}).
     * Opening one is cheap; every multimap of one name in a store shares its data, so open it with the same
     * types each time.
     *
     * @throws InvalidRequestException if a type has no tuple encoding
     */
    <K, V> Multimap<K, V> multimap(String name, Class<K> keyType, Class<V> valueType);

    /**
     * A copy of every item of this store into another, empty one, configured through the returned object and
     * run by {@link StoreCopy#to}: how a store moves from one backend to another.
     */
    StoreCopy copy();

    /**
     * Receives progress reports of this store's long-running tasks (online index and counter builds and
     * drops). Add listeners before creating repositories to see every report.
     */
    void addProgressListener(ProgressListener listener);

    /**
     * Observes this store's repository operations and unit-of-work conflicts, for metrics (see
     * {@link OperationListener}). Add listeners before creating repositories; without one, operations are
     * not timed at all.
     */
    void addOperationListener(OperationListener listener);

    /**
     * Waits until every online index and counter build of this store has finished (successfully or not).
     *
     * @return whether they finished within {@code timeout}
     */
    boolean awaitSchemaBuilds(Duration timeout);

    /**
     * Deletes every entity that has expired by now ({@code @Expires}), with its index entries and counter
     * contributions (and, for an entity with a change feed, a {@link Change.Kind#DELETE} change each), in units
     * of work of at most a hundred entities; what the store's reaper also does in the background, every
     * {@code expiryInterval}. It knows the entities this process has opened a repository of.
     *
     * @return how many entities it deleted
     */
    long reapExpired();

    /**
     * What lies under this store, as {@code type}: the storage backend ({@code io.kvmapper.spi.KvBackend}, or
     * the backend's own class), for tools and custom data structures that work at the storage SPI level.
     *
     * @throws InvalidRequestException if the store has nothing of that type
     */
    <T> T unwrap(Class<T> type);

    /** Stops background work, then closes the backend and releases every resource it holds. Idempotent. */
    @Override
    void close();
}
