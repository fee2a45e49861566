package io.kvmapper.spi;

/**
 * A unit of work: its writes become visible together at {@link #commit()}, or not at all.
 *
 * <h2>Isolation and conflicts</h2>
 * Reads see the transaction's own writes, over a snapshot taken when it began; a cursor may or may not
 * see writes the transaction makes after opening it, but updating the items it has returned does not
 * disturb it. A transaction
 * conflicts when a key it read with {@link #get} or {@link #getAll}, or wrote with {@link #put} or
 * {@link #delete}, was written by another transaction that committed after this one began;
 * {@link #commit()} then throws {@link io.kvmapper.TransactionConflictException} and applies nothing.
 * {@link #add} is exempt: adds never make a transaction conflict. Scans are not conflict-checked
 * (no phantom protection): a unit of work that must not miss a concurrent insert into a range reads a
 * key that every such insert writes. A backend may detect a conflict early, on the read or write that
 * causes it, with the same exception. Conflicts are retryable: run the whole unit of work again.
 *
 * <h2>Threads and lifetime</h2>
 * A transaction is used by one thread at a time. {@link #close()} rolls back a transaction that has
 * not committed; it is idempotent. Any use after commit (whether or not it succeeded) or close throws
 * {@link io.kvmapper.StoreClosedException}, and so do the cursors the transaction opened.
 */
public interface KvTransaction extends KvReader, KvWriter, AutoCloseable {
    /**
     * Reads like {@link #get}, including the transaction's own writes, but registers no conflict: a
     * concurrent write of {@code key} does not make this transaction fail. For a decision that a later
     * tracked write re-checks, such as deleting a counter that reached zero: the {@link #delete} then
     * conflicts with any concurrent write of the key.
     */
    byte[] peek(byte[] key);

    /**
     * Makes every write visible atomically and durably (as the backend's durability settings define).
     *
     * @throws io.kvmapper.TransactionConflictException if a concurrent writer got in the way; nothing
     *     was applied and the work may be retried
     */
    void commit();

    /** Rolls back unless committed, and releases resources. Idempotent. */
    @Override
    void close();
}
