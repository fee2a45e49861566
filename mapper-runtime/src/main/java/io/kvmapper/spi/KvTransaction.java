package io.kvmapper.spi;

import io.kvmapper.InvalidRequestException;
import java.util.Arrays;
import java.util.function.Consumer;

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
 * <h2>Claims and checked writes</h2>
 * Three writes carry their own check, so that a read-modify-write stays safe on a backend whose
 * transactions detect no conflicts ({@link KvBackend#detectsConflicts()} false):
 * {@link #claim} (take a key that is absent, as a unique index takes a value for one record),
 * {@link #release} (give a claim up) and {@link #writeIfUnchanged} (replace a value only if no one else
 * has). On a backend that detects conflicts they are ordinary tracked reads and writes (the defaults);
 * elsewhere the backend makes each one atomic by itself (Cassandra: lightweight transactions). A key
 * written through them must only ever be written through them, never with {@link #put}, {@link #delete}
 * or {@link #deleteRange} in the same transaction, and must not hold a counter; read it with {@link #get}.
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
     * Claims {@code key} for {@code value}: if the key is absent it now holds {@code value}; if it holds
     * {@code value} already, nothing changes; if it holds anything else, nothing changes and the holder is
     * returned. Reads in this transaction see the claim.
     *
     * <p>Two transactions that claim one key cannot both have it. On a backend that detects conflicts the
     * claim is a tracked read and a write of this transaction (the default: {@link #get}, then
     * {@link #put}), so the second of two claimers to commit conflicts and, run again, sees the first's
     * claim. On one that does not, the claim takes effect in the store at once and atomically, so a
     * concurrent claimer sees it and loses; it is withdrawn again if this transaction is closed without
     * committing or its commit fails before applying anything. A commit whose outcome the backend cannot
     * know (a timeout) leaves it in place: a claim whose holder never came to exist is an orphan, which
     * only keeps the key taken until it is released (the mapper's {@code repair()} does that), never two
     * holders.
     *
     * @param value the claimant, not empty
     * @return {@code null} if the key now holds {@code value} (claimed now or before), else the value of the
     *     key's current holder, which keeps it
     */
    default byte[] claim(byte[] key, byte[] value) {
        byte[] holder = get(key);
        if (holder == null) {
            put(key, value);
            return null;
        }
        return Arrays.equals(holder, value) ? null : holder;
    }

    /**
     * Gives up the claim {@code holder} has on {@code key}: when this transaction commits, the key is
     * removed if it still holds {@code holder}, and left to its new holder otherwise. Reads in this
     * transaction see the key as absent. Call it only for a claim this unit of work has seen held by
     * {@code holder}: it made it, read it, or read a record that holds the claimed value.
     *
     * <p>On a backend that detects conflicts this is a {@link #delete} (the default): a concurrent change of
     * the key makes the commit conflict. On one that does not, the removal is a conditional delete applied
     * after the commit's other writes, so a claim is never given up before the change that gives it up is
     * in the store.
     */
    default void release(byte[] key, byte[] holder) {
        delete(key);
    }

    /**
     * Writes {@code value} under {@code key}, or removes the key if {@code value} is null, provided the key
     * still holds {@code expected} ({@code null}: is absent) when this transaction commits. If it does not,
     * {@link #commit()} throws {@link io.kvmapper.TransactionConflictException} (retryable) and applies none
     * of this transaction's writes. Reads in this transaction see {@code value}. For a value that
     * concurrent writers must not overwrite unawares, such as a record with a {@code @Version}.
     *
     * <p>Call it after reading {@code key} with {@link #get} in this transaction and seeing
     * {@code expected}. On a backend that detects conflicts that tracked read already makes a concurrent
     * write conflict, so this is a {@link #put} or {@link #delete} (the default). On one that does not, the
     * backend checks and writes atomically at commit, before the transaction's other writes.
     */
    default void writeIfUnchanged(byte[] key, byte[] expected, byte[] value) {
        if (value == null) {
            delete(key);
        } else {
            put(key, value);
        }
    }

    /**
     * Puts {@code value} under a key that the commit completes: {@code prefix} followed by a <em>stamp</em>, one or
     * more tuple elements the backend assigns as this transaction commits, of the same shape for every stamp of the
     * backend, so that stamped keys compare as their stamps do. For logs that readers page through in the order
     * their writes committed, such as the mapper's change feeds.
     *
     * <ul>
     *   <li>The stamps of one commit sort in the order they were put, and after every stamp of a commit that
     *       was applied before this one began to commit. On a backend that detects conflicts
     *       ({@link KvBackend#detectsConflicts()}) commits have one order and the stamps follow it: a reader who
     *       has seen a stamp has seen every smaller one it will ever see. Elsewhere (Cassandra) the stamp holds
     *       the commit's write timestamp, which orders two commits that write one key as the store applies them
     *       (the later timestamp wins), but commits of other keys may become visible out of stamp order.</li>
     *   <li>Nothing of it is written unless the transaction commits; the transaction's own reads do not see it.</li>
     *   <li>{@code committed}, if not null, is told the completed key once the commit is applied, on a thread of
     *       the backend's (perhaps another transaction's committing thread), in stamp order among the commits of
     *       this backend instance; it must return at once and not throw.</li>
     * </ul>
     *
     * <p>The default refuses: a backend that offers stamped keys overrides it.
     *
     * @throws io.kvmapper.InvalidRequestException if the backend offers no stamped keys
     */
    default void putStamped(byte[] prefix, byte[] value, Consumer<byte[]> committed) {
        throw new InvalidRequestException(this + " cannot write keys stamped at commit, which change feeds need");
    }

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
