package io.kvmapper.spi;

/**
 * A storage backend: the two-level map of partitions and sorted keys that KV Mapper is built on.
 * Implementations: the embedded RocksDB backend and the distributed Cassandra backend.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>Order: keys compare as unsigned bytes, lexicographically (see {@link KvReader}).</li>
 *   <li>Threads: a backend is safe for concurrent use by any number of threads; a
 *       {@link KvTransaction} or {@link KvCursor} is used by one thread at a time.</li>
 *   <li>Reads made directly on the backend see every committed write and no uncommitted one; a
 *       cursor sees a consistent snapshot taken when it was opened.</li>
 *   <li>Atomic adds: see {@link KvWriter#add}.</li>
 *   <li>Capabilities: {@link #detectsConflicts()} and {@link #readsFromSnapshots()} say whether the
 *       backend's transactions are isolated as {@link KvTransaction} describes; the runtime consults them
 *       to keep its read-modify-writes safe, or to refuse those it cannot make safe.</li>
 *   <li>Failures: {@link io.kvmapper.TransactionConflictException} is retryable;
 *       {@link io.kvmapper.StorageException} says whether it is; everything else is not.</li>
 *   <li>Lifetime: {@link #close()} releases every native resource and is idempotent; any use after
 *       close throws {@link io.kvmapper.StoreClosedException}.</li>
 * </ul>
 */
public interface KvBackend extends KvReader, AutoCloseable {
    /** Starts a unit of work. */
    KvTransaction beginTransaction();

    /**
     * Whether a scan that spans partitions returns keys in global byte order. True for an embedded
     * ordered store; false for a backend that hashes partitions.
     */
    boolean isGloballyOrdered();

    /**
     * Compares two keys in this backend's scan order: the order in which a forward scan spanning partitions
     * returns them. Keys of one partition (or of one part, where the backend stores a partition in several)
     * compare in key order; partitions (or parts) compare in an order of the backend's own, which depends only
     * on the keys and is the same for every scan. The default, for a globally ordered backend, is key order.
     * The runtime uses it to tell whether an online build that has scanned up to a key has passed another.
     */
    default int compareInScanOrder(byte[] a, byte[] b) {
        return java.util.Arrays.compareUnsigned(a, b);
    }

    /**
     * Whether transactions detect conflicts as {@link KvTransaction} describes: one whose tracked reads or
     * writes another transaction overwrote, committing after it began, fails with
     * {@link io.kvmapper.TransactionConflictException} and applies nothing. True for an embedded
     * transactional store (the default). A backend that says false (Cassandra) commits both of two such
     * transactions, the later write winning per key; it must still implement {@link KvTransaction#claim},
     * {@link KvTransaction#release} and {@link KvTransaction#writeIfUnchanged} atomically, and the runtime
     * uses them, or refuses the operation, wherever a read-modify-write must not race.
     */
    default boolean detectsConflicts() {
        return true;
    }

    /**
     * Whether reads come from snapshots: a cursor's taken when it opened, a transaction's when it began.
     * True by default; false for a backend whose cursors and transactions read the store as it is at
     * each read (Cassandra).
     */
    default boolean readsFromSnapshots() {
        return true;
    }

    /**
     * Whether the backend refuses every write (a RocksDB store opened read-only, for a tool that looks into a
     * store another process holds). False by default. Background work that writes, such as the reaper of expired
     * entities, does not start on such a backend.
     */
    default boolean isReadOnly() {
        return false;
    }

    /**
     * How many bytes of decoded entities the runtime may keep on the heap to serve reads made outside units of
     * work (its entity cache, docs/caching.md); 0, the default, for none. A backend that returns more than 0
     * must accept a {@link CommitWatcher} ({@link #watchCommits}) and must see every write of the store itself,
     * as an embedded store whose directory one process holds does.
     */
    default long entityCacheBytes() {
        return 0;
    }

    /**
     * Has {@code watcher} hear of every commit from now on, for the backend's lifetime (each store opened on the
     * backend sets one). Supported only by a backend whose {@link #entityCacheBytes} is above 0.
     *
     * @throws UnsupportedOperationException if the backend does not support it
     */
    default void watchCommits(CommitWatcher watcher) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " reports no commits");
    }

    /** Releases every resource. Idempotent. */
    @Override
    void close();
}
