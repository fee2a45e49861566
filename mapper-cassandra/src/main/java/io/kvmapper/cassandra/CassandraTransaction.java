package io.kvmapper.cassandra;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.StorageException;
import io.kvmapper.StoreClosedException;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * A unit of work on Cassandra: <strong>atomic, not isolated</strong>. Cassandra has no transactions across
 * partitions, so this is what holds, exactly:
 *
 * <ul>
 *   <li><b>Buffered writes.</b> {@code put}, {@code delete}, {@code deleteRange}, {@code add},
 *       {@code release} and {@code writeIfUnchanged} only change a buffer in this object; nothing reaches
 *       Cassandra before {@link #commit()}, and {@link #close()} without commit discards it.</li>
 *   <li><b>Reads</b> ({@code get}, {@code getAll}, {@code peek}, {@code scan}) read the store <em>as it is
 *       now</em>, at the read consistency level, with the buffer applied on top. There is no snapshot: two
 *       reads of one key may see different committed values.</li>
 *   <li><b>Claims</b> ({@link #claim}) are lightweight transactions ({@code INSERT ... IF NOT EXISTS}, Paxos at
 *       the serial consistency level) made at once: of two transactions claiming one key, exactly one gets
 *       it, and the other sees the holder. A claim is withdrawn ({@code DELETE ... IF value = ?}) when the
 *       transaction is closed without committing, or its commit fails before applying anything; a commit
 *       whose outcome is unknown (a timeout) leaves it, so a value is never left unguarded, at the price of
 *       an orphaned claim that {@code repair()} releases.</li>
 *   <li><b>Commit</b>, in this order:
 *     <ol>
 *       <li>every {@link #writeIfUnchanged checked write}, each a lightweight transaction on its key
 *           ({@code UPDATE ... IF value = ?}, {@code INSERT ... IF NOT EXISTS}, {@code DELETE ... IF value = ?});
 *           if one finds its key changed, those applied before it are undone, the claims withdrawn, and commit
 *           throws {@link TransactionConflictException} having applied nothing;</li>
 *       <li>every {@code put}, {@code delete} and {@code deleteRange} as one batch: unlogged when it touches one
 *           partition (Cassandra applies it atomically and in isolation), logged when it touches several (all
 *           of it is eventually applied or none, but a reader may see some partitions changed before others).
 *           The batch's writes carry one timestamp, its range deletions the one before, so the commit's own
 *           writes survive its own range deletions. A logged batch larger than the cluster's
 *           {@code batch_size_fail_threshold} is refused with an {@link InvalidRequestException};</li>
 *       <li>every {@link #release}, a conditional delete each: a claim is given up only once the change
 *           that gives it up is in the store;</li>
 *       <li>the counter adds, as a counter batch: not atomic with the other writes nor across partitions,
 *           and not idempotent, so never retried. If the commit fails there, the other writes stand and some
 *           adds may be lost or (after a timeout) applied; the mapper's {@code verify()} and {@code repair()}
 *           reconcile the counters it maintains.</li>
 *     </ol></li>
 *   <li><b>No conflict detection</b> for plain reads and writes: two transactions that read and write the same
 *       keys both commit, the later write winning per cell. Only claims and checked writes are atomic
 *       read-modify-writes. A key written through them must only be written through them (Cassandra's
 *       lightweight transactions and plain writes order by different clocks), so mixing them on one key in
 *       a transaction is refused.</li>
 *   <li><b>Replacing a counter.</b> Cassandra cannot set a counter, nor reuse one safely after deleting it.
 *       A {@code put} of an 8-byte value, or a {@code delete}, of a key that has a counter reads the counter
 *       at commit and writes a base beside it ({@link StoredValues}), so the key reads as the value put, or
 *       as absent; later adds build on that. An add that races with that read is kept, as if it came after
 *       the put or delete. The counter row itself stays: a deleted counter key keeps two rows.</li>
 * </ul>
 *
 * <p>Used by one thread at a time. After commit (whether or not it succeeded) or close, every call, and
 * every cursor it opened, throws {@link StoreClosedException}.
 */
final class CassandraTransaction implements KvTransaction, Resource {
    private final CassandraBackend backend;
    /** How the parts below reach Cassandra. */
    private final CqlRequests requests;
    /** The claims made, each at once: withdrawn unless the transaction commits. */
    private final Claims claims;
    /** Every other write, buffered until commit, and read through by this transaction's reads. */
    private final WriteSet writes;
    private final Set<Resource> cursors = ConcurrentHashMap.newKeySet();
    private volatile String endReason;

    CassandraTransaction(CassandraBackend backend) {
        this.backend = backend;
        this.requests = new CqlRequests(backend);
        this.claims = new Claims(backend.where(), requests, backend::failure);
        this.writes = new WriteSet(backend.where(), backend.layout(), claims);
    }

    // ---------------------------------------------------------------- reads

    /** {@inheritDoc} The store as it is now, with this transaction's writes on top; no conflict tracking. */
    @Override
    public byte[] get(byte[] key) {
        Objects.requireNonNull(key, "key");
        enter();
        return writes.read(key, backend::get);
    }

    /** {@inheritDoc} The same as {@link #get}: this transaction tracks no reads. */
    @Override
    public byte[] peek(byte[] key) {
        return get(key);
    }

    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        CassandraBackend.requireKeys(keys);
        enter();
        return writes.readAll(keys, backend::readAll);
    }

    /**
     * {@inheritDoc} The store's items as they are while the cursor advances (a page fetched later shows
     * later commits), merged with this transaction's writes; writes made after the cursor opened show in
     * it if they lie ahead of it. The cursor ends when the transaction commits or closes.
     */
    @Override
    public KvCursor scan(KeyRange range, ScanOptions options) {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(options, "options");
        enter();
        CursorBase cursor;
        if (range.isEmpty()) {
            cursor = new EmptyCursor(backend.where());
        } else if (writes.isEmpty()) {
            cursor = backend.openCursor(range, options);
        } else {
            cursor = new OverlayCursor(writes, backend.openCursor(range, new ScanOptions(options.reverse(), 0)), range,
                    options, backend::failure);
        }
        cursor.keysOnly(options.keysOnly());
        cursors.add(cursor);
        return cursor.trackedBy(cursors::remove);
    }

    /**
     * {@inheritDoc} With the transaction's writes on top, as {@link #scan}. A transaction that has written
     * resumes only a range inside one partition, which {@code after} then narrows: its writes cannot be merged
     * into a scan in token order.
     *
     * @throws InvalidRequestException for a range spanning partitions in a transaction that has written
     */
    @Override
    public KvCursor resume(KeyRange range, ScanOptions options, byte[] after) {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(after, "after");
        enter();
        if (writes.isEmpty()) {
            CursorBase cursor = backend.openCursor(range, options, after).keysOnly(options.keysOnly());
            cursors.add(cursor);
            return cursor.trackedBy(cursors::remove);
        }
        if (PartitionRange.within(range) == null) {
            throw new InvalidRequestException(backend.where() + ": a transaction that has written cannot resume a scan"
                    + " spanning partitions (" + range + "); resume it before writing, or outside the transaction");
        }
        return scan(CassandraBackend.narrowedAfter(range, options.reverse(), after), options);
    }

    // ---------------------------------------------------------------- writes, buffered

    @Override
    public void put(byte[] key, byte[] value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        enter();
        writes.put(key, value);
    }

    @Override
    public void delete(byte[] key) {
        Objects.requireNonNull(key, "key");
        enter();
        writes.delete(key);
    }

    /**
     * {@inheritDoc}
     *
     * <p>At commit, a range inside one partition is one CQL range deletion (on the data and chunk tables),
     * whatever it holds; counters in it are read and given a base that zeroes them. A range that spans
     * partitions is first resolved by listing every partition of the store, so keep ranges inside one
     * partition. A pending {@link #release} in the range stays (it finds nothing to release); a range that
     * holds a checked write or a claim of this transaction is refused.
     */
    @Override
    public void deleteRange(KeyRange range) {
        Objects.requireNonNull(range, "range");
        enter();
        writes.deleteRange(range);
    }

    /**
     * {@inheritDoc} Buffered like the other writes; at commit an increment of the key's counter row.
     *
     * @throws InvalidRequestException if the key's partition may not hold counters
     *     ({@link CassandraKvStore.Options#counterPartitions})
     */
    @Override
    public void add(byte[] key, long delta) {
        Objects.requireNonNull(key, "key");
        enter();
        writes.add(key, delta);
    }

    /**
     * {@inheritDoc} The stamp is the tuple {@code (writtenAt, client, index)}: the commit's write timestamp in
     * microseconds (the one Cassandra orders its writes of one key by), a random number of this backend instance
     * (two clients may take the same microsecond), and the put's place in the commit. Callbacks run in stamp order
     * among this backend instance's commits. Buffered like the other writes, and written in the commit's batch.
     */
    @Override
    public void putStamped(byte[] prefix, byte[] value, Consumer<byte[]> committed) {
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(value, "value");
        enter();
        writes.putStamped(prefix, value, committed);
    }

    // ---------------------------------------------------------------- claims and checked writes

    /**
     * {@inheritDoc} A lightweight transaction made at once ({@code INSERT ... IF NOT EXISTS}); withdrawn if this
     * transaction does not commit. A claim for the holder of a {@link #release} made earlier in this
     * transaction takes the release back; a claim of a key this transaction has released for another holder
     * becomes a checked write at commit (the key must still hold that other holder then).
     *
     * @throws InvalidRequestException if {@code value} is empty or longer than the chunk size, or the key was
     *     written in this transaction other than by a claim or release
     */
    @Override
    public byte[] claim(byte[] key, byte[] value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        enter();
        return writes.settlesClaim(key, value) ? null : claims.claim(key, value);
    }

    /**
     * {@inheritDoc} Applied after the commit's batch, as {@code DELETE ... IF value = ?}.
     *
     * @throws InvalidRequestException if the key was written in this transaction other than by a claim
     */
    @Override
    public void release(byte[] key, byte[] holder) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(holder, "holder");
        enter();
        writes.release(key, holder);
    }

    /**
     * {@inheritDoc} A lightweight transaction at commit, before every other write of the commit.
     *
     * @throws InvalidRequestException if {@code expected} or {@code value} is longer than the chunk size (a
     *     checked value is one cell), or the key was written in this transaction other than by
     *     {@code writeIfUnchanged}
     */
    @Override
    public void writeIfUnchanged(byte[] key, byte[] expected, byte[] value) {
        Objects.requireNonNull(key, "key");
        enter();
        writes.writeIfUnchanged(key, expected, value);
    }

    // ---------------------------------------------------------------- commit and end

    /**
     * {@inheritDoc} Applies the buffer as described on the class ({@link Commit}): checked writes, one batch, the
     * releases, then the counter adds.
     *
     * @throws TransactionConflictException if a checked write found its key changed; nothing was applied
     * @throws StorageException if Cassandra failed; retryable for timeouts and unavailable replicas while
     *     nothing but the batch may have been applied, not once a checked write, release or counter add may
     *     have been
     * @throws InvalidRequestException if the writes do not fit in one batch
     */
    @Override
    public void commit() {
        enter();
        abortCursors("commit() ended its transaction");
        Commit commit = new Commit(backend.where(), writes, claims, backend.layout(), requests, backend::failure);
        try {
            commit.run();
        } finally {
            end(backend.where() + ": transaction " + (commit.done() ? "has committed" : "failed to commit")
                    + "; begin a new one");
        }
    }

    /** Discards the buffer unless committed, withdraws the claims made, and ends the cursors. Idempotent. */
    @Override
    public void close() {
        if (endReason == null) {
            claims.withdrawAll(null);
            end(backend.where() + ": transaction is closed (rolled back)");
        }
    }

    @Override
    public void abort(String reason) {
        if (endReason == null) {
            claims.withdrawAll(null);
            end(reason);
        }
    }

    /** Checks that the transaction and its backend are still open. */
    private void enter() {
        backend.enter();
        String ended = endReason;
        if (ended != null) {
            throw new StoreClosedException(ended);
        }
    }

    private void end(String reason) {
        if (endReason != null) {
            return;
        }
        endReason = reason;
        abortCursors(reason);
        backend.forget(this);
    }

    private void abortCursors(String reason) {
        for (Resource cursor : List.copyOf(cursors)) {
            cursor.abort(reason);
        }
    }
}
