package io.kvmapper.spi;

/**
 * A storage backend: the two-level map of partitions and sorted keys that KV Mapper is built on.
 * Implementations: the embedded RocksDB backend; later a distributed one.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>Order: keys compare as unsigned bytes, lexicographically (see {@link KvReader}).</li>
 *   <li>Threads: a backend is safe for concurrent use by any number of threads; a
 *       {@link KvTransaction} or {@link KvCursor} is used by one thread at a time.</li>
 *   <li>Reads made directly on the backend see every committed write and no uncommitted one; a
 *       cursor sees a consistent snapshot taken when it was opened.</li>
 *   <li>Atomic adds: see {@link KvWriter#add}.</li>
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

    /** Releases every resource. Idempotent. */
    @Override
    void close();
}
