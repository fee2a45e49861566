package io.kvmapper;

/**
 * A unit of work in progress, handed to the function given to {@link KvStore#transact} or
 * {@link KvStore#transactResult}. Pass it to a generated repository's {@code with(tx)} (or a multimap's) to
 * make that repository's reads and writes part of it. It is valid only inside the function; it commits when
 * the function returns.
 */
public interface Transaction {
    /** The store this transaction belongs to. */
    KvStore store();

    /**
     * What lies under this unit of work, as {@code type}: the backend's transaction
     * ({@code io.kvmapper.spi.KvTransaction}), for custom data structures that work at the storage SPI level.
     *
     * @throws InvalidRequestException if the transaction has nothing of that type
     */
    <T> T unwrap(Class<T> type);
}
