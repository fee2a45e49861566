package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvMapperException;
import io.kvmapper.StorageException;
import io.kvmapper.StoreClosedException;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A unit of work on Cassandra: <strong>atomic, not isolated</strong>. Cassandra has no transactions across
 * partitions, so this is what holds, exactly:
 *
 * <ul>
 *   <li><b>Buffered writes.</b> {@code put}, {@code delete}, {@code deleteRange} and {@code add} only change a
 *       buffer in this object; nothing reaches Cassandra before {@link #commit()}, and {@link #close()}
 *       without commit discards it.</li>
 *   <li><b>Reads</b> ({@code get}, {@code getAll}, {@code peek}, {@code scan}) read the store <em>as it is
 *       now</em>, at the read consistency level, with the buffer applied on top. There is no snapshot: two
 *       reads of one key may see different committed values.</li>
 *   <li><b>Commit</b> applies every {@code put}, {@code delete} and {@code deleteRange} as one batch: unlogged
 *       when it touches one partition (Cassandra applies it atomically and in isolation), logged when it
 *       touches several (all of it is eventually applied or none, but a reader may see some partitions
 *       changed before others). The batch's writes carry one timestamp, its range deletions the one before,
 *       so the commit's own writes survive its own range deletions. A logged batch larger than the
 *       cluster's {@code batch_size_fail_threshold} is refused with an
 *       {@link io.kvmapper.InvalidRequestException}.</li>
 *   <li><b>Counter adds</b> are applied after that batch, as a counter batch: not atomic with the other writes
 *       nor across partitions, and not idempotent, so never retried. If the commit fails there, the other
 *       writes stand and some adds may be lost or (after a timeout) applied; the mapper's {@code verify()}
 *       and {@code repair()} reconcile the counters it maintains.</li>
 *   <li><b>No conflict detection.</b> Commit never throws {@link io.kvmapper.TransactionConflictException}:
 *       two transactions that read and write the same keys both commit, the later write winning per cell.
 *       A read-modify-write is therefore not safe under concurrency (unique-index claims will go through
 *       lightweight transactions instead).</li>
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
    /** The most statements one batch may hold (the native protocol counts them in 16 bits). */
    private static final int MAX_BATCH_STATEMENTS = 65_535;

    private final CassandraBackend backend;
    private final TreeMap<byte[], Op> writes = new TreeMap<>(Arrays::compareUnsigned);
    private final List<KeyRange> deletedRanges = new ArrayList<>();
    private final Set<Resource> cursors = ConcurrentHashMap.newKeySet();
    private volatile String endReason;

    CassandraTransaction(CassandraBackend backend) {
        this.backend = backend;
    }

    // ---------------------------------------------------------------- reads

    /** {@inheritDoc} The store as it is now, with this transaction's writes on top; no conflict tracking. */
    @Override
    public byte[] get(byte[] key) {
        Objects.requireNonNull(key, "key");
        enter();
        PartitionRange.partitionLength(key);
        Op op = writes.get(key);
        if (op == null) {
            return isDeleted(key) ? null : backend.get(key);
        }
        return op.applyTo(op instanceof Op.Add ? backend.get(key) : null);
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
        List<byte[]> fromStore = new ArrayList<>();
        for (byte[] key : keys) {
            Op op = writes.get(key);
            if (op instanceof Op.Add || (op == null && !isDeleted(key))) {
                fromStore.add(key);
            }
        }
        Map<ByteBuffer, byte[]> stored = fromStore.isEmpty() ? Map.of() : backend.readAll(fromStore);
        List<byte[]> values = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
            Op op = writes.get(key);
            byte[] value = stored.get(ByteBuffer.wrap(key));
            if (op != null) {
                values.add(op.applyTo(value));
            } else {
                values.add(value == null || isDeleted(key) ? null : value.clone());
            }
        }
        return values;
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
        } else if (writes.isEmpty() && deletedRanges.isEmpty()) {
            cursor = backend.openCursor(range, options);
        } else {
            cursor = new OverlayCursor(this, backend.openCursor(range, new ScanOptions(options.reverse(), 0)), range,
                    options);
        }
        cursors.add(cursor);
        return cursor.trackedBy(cursors::remove);
    }

    // ---------------------------------------------------------------- writes, buffered

    @Override
    public void put(byte[] key, byte[] value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        enter();
        PartitionRange.partitionLength(key);
        writes.put(key.clone(), new Op.Put(value.clone()));
    }

    @Override
    public void delete(byte[] key) {
        Objects.requireNonNull(key, "key");
        enter();
        PartitionRange.partitionLength(key);
        writes.put(key.clone(), Op.Delete.INSTANCE);
    }

    /**
     * {@inheritDoc}
     *
     * <p>At commit, a range inside one partition is one CQL range deletion (on the data and chunk tables),
     * whatever it holds; counters in it are read and given a base that zeroes them. A range that spans
     * partitions is first resolved by listing every partition of the store, so keep ranges inside one
     * partition.
     */
    @Override
    public void deleteRange(KeyRange range) {
        Objects.requireNonNull(range, "range");
        enter();
        if (range.isEmpty()) {
            return;
        }
        writes.subMap(range.begin(), true, range.end(), false).clear();
        deletedRanges.add(new KeyRange(range.begin().clone(), range.end().clone()));
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
        int length = PartitionRange.partitionLength(key);
        if (!backend.mayHoldCounters(Arrays.copyOf(key, length))) {
            throw new InvalidRequestException("add to key " + Tuples.toString(key) + " in " + backend.where()
                    + ": its partition may not hold counters (CassandraKvStore.Options.counterPartitions says which"
                    + " may)");
        }
        Op op = writes.get(key);
        if (op == null) {
            op = isDeleted(key) ? new Op.Put(Counters.encode(delta)) : new Op.Add(delta);
        } else if (op instanceof Op.Add add) {
            op = new Op.Add(add.delta() + delta);
        } else {
            op = new Op.Put(Counters.encode(StoredValues.asCounter(op.applyTo(null)) + delta));
        }
        writes.put(key.clone(), op);
    }

    // ---------------------------------------------------------------- commit and end

    /**
     * {@inheritDoc} Applies the buffer as described on the class: one batch, then the counter adds. Never
     * throws a conflict.
     *
     * @throws StorageException if Cassandra failed; retryable for timeouts and unavailable replicas before
     *     the counter adds, not after them
     * @throws InvalidRequestException if the writes do not fit in one batch
     */
    @Override
    public void commit() {
        enter();
        abortCursors("commit() ended its transaction");
        boolean applied = false;
        try {
            apply();
            applied = true;
        } finally {
            end(backend.where() + ": transaction " + (applied ? "has committed" : "failed to commit")
                    + "; begin a new one");
        }
    }

    /** Discards the buffer unless committed, and ends the transaction's cursors. Idempotent. */
    @Override
    public void close() {
        if (endReason == null) {
            end(backend.where() + ": transaction is closed (rolled back)");
        }
    }

    @Override
    public void abort(String reason) {
        end(reason);
    }

    /** Whether a {@code deleteRange} of this transaction covers {@code key}. */
    boolean isDeleted(byte[] key) {
        for (KeyRange range : deletedRanges) {
            if (range.contains(key)) {
                return true;
            }
        }
        return false;
    }

    /** The buffered writes, for the overlay cursor. */
    TreeMap<byte[], Op> writes() {
        return writes;
    }

    /** Checks that the transaction and its backend are still open. */
    void enter() {
        backend.enter();
        String ended = endReason;
        if (ended != null) {
            throw new StoreClosedException(ended);
        }
    }

    KvMapperException failure(String what, RuntimeException e) {
        return backend.failure(what, e);
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

    private void apply() {
        if (writes.isEmpty() && deletedRanges.isEmpty()) {
            return;
        }
        Statements statements = backend.statements();
        long deletedAt = backend.nextTimestamps();
        long writtenAt = deletedAt + 1;
        List<PartitionRange> ranges;
        Map<ByteBuffer, Long> replacedCounters;
        try {
            ranges = resolve(deletedRanges);
            replacedCounters = readReplacedCounters(ranges);
        } catch (RuntimeException e) {
            throw failure("reading what a commit replaces", e);
        }

        List<BatchableStatement<?>> batch = new ArrayList<>();
        List<BatchableStatement<?>> counterAdds = new ArrayList<>();
        Set<ByteBuffer> partitions = new LinkedHashSet<>();
        Set<ByteBuffer> zeroed = new LinkedHashSet<>();
        for (PartitionRange range : ranges) {
            partitions.add(ByteBuffer.wrap(range.partition()));
            batch.add(rangeDeletion(false, range, deletedAt));
            batch.add(rangeDeletion(true, range, deletedAt));
            for (Map.Entry<ByteBuffer, Long> counter : replacedCounters.entrySet()) {
                byte[] key = counter.getKey().array();
                if (range.contains(key) && !writes.containsKey(key) && zeroed.add(counter.getKey())) {
                    batch.add(statements.insertData.bind(Statements.buffer(range.partition()),
                            sortKey(key, range.partition().length),
                            Statements.buffer(StoredValues.deletedBase(counter.getValue())), writtenAt));
                }
            }
        }
        for (Map.Entry<byte[], Op> write : writes.entrySet()) {
            byte[] key = write.getKey();
            int length = PartitionRange.partitionLength(key);
            ByteBuffer partition = ByteBuffer.wrap(Arrays.copyOf(key, length));
            ByteBuffer sortKey = sortKey(key, length);
            Long replaced = replacedCounters.get(ByteBuffer.wrap(key));
            Op op = write.getValue();
            if (op instanceof Op.Add add) {
                counterAdds.add(statements.addCounter.bind(add.delta(), partition, sortKey));
                continue;
            }
            partitions.add(partition);
            if (op instanceof Op.Put put) {
                byte[] value = put.value();
                if (replaced != null && value.length == Counters.SIZE) {
                    value = Counters.encode(StoredValues.asCounter(value) - replaced);
                }
                writeValue(batch, partition, sortKey, value, deletedAt, writtenAt);
            } else {
                batch.add(replaced != null
                        ? statements.insertData.bind(partition, sortKey,
                                Statements.buffer(StoredValues.deletedBase(replaced)), writtenAt)
                        : statements.deleteData.bind(writtenAt, partition, sortKey));
                batch.add(statements.deleteChunks.bind(deletedAt, partition, sortKey));
            }
        }
        execute(batch, partitions.size() > 1 ? BatchType.LOGGED : BatchType.UNLOGGED, true,
                "commit of " + writes.size() + " writes and " + deletedRanges.size() + " range deletions to "
                        + partitions.size() + " partitions");
        try {
            execute(counterAdds, BatchType.COUNTER, false, "counter adds of a commit (" + counterAdds.size() + " keys)");
        } catch (StorageException e) {
            throw new StorageException(e.getMessage() + "; the commit's other writes were applied, and some of its"
                    + " counter adds may have been (counters are not idempotent, so they are not retried):"
                    + " verify() and repair() reconcile the counters the mapper maintains", e.getCause(), false);
        }
    }

    /** A value as one data row, or as a null data row and chunks when it is longer than the chunk size. */
    private void writeValue(List<BatchableStatement<?>> batch, ByteBuffer partition, ByteBuffer sortKey, byte[] value,
            long deletedAt, long writtenAt) {
        Statements statements = backend.statements();
        int chunkSize = backend.chunkSize();
        // Chunks of an earlier value go in any case; new chunks, written later, survive the deletion.
        batch.add(statements.deleteChunks.bind(deletedAt, partition, sortKey));
        if (value.length <= chunkSize) {
            batch.add(statements.insertData.bind(partition, sortKey, Statements.buffer(value), writtenAt));
            return;
        }
        batch.add(statements.insertData.bind(partition, sortKey, null, writtenAt));
        int chunks = (value.length + chunkSize - 1) / chunkSize;
        for (int i = 0; i < chunks; i++) {
            int from = i * chunkSize;
            ByteBuffer chunk = ByteBuffer.wrap(value, from, Math.min(chunkSize, value.length - from)).slice();
            batch.add(statements.insertChunk.bind(partition, sortKey, i, chunks, chunk, writtenAt));
        }
    }

    private BatchableStatement<?> rangeDeletion(boolean chunkTable, PartitionRange range, long deletedAt) {
        boolean bounded = range.to() != null;
        return bounded
                ? backend.statements().deleteRange(chunkTable, true).bind(deletedAt, Statements.buffer(range.partition()),
                        Statements.buffer(range.from()), Statements.buffer(range.to()))
                : backend.statements().deleteRange(chunkTable, false).bind(deletedAt,
                        Statements.buffer(range.partition()), Statements.buffer(range.from()));
    }

    /** The ranges per partition; a range spanning partitions is intersected with every partition of the store. */
    private List<PartitionRange> resolve(List<KeyRange> ranges) {
        List<PartitionRange> resolved = new ArrayList<>();
        for (KeyRange range : ranges) {
            PartitionRange inOne = PartitionRange.within(range);
            if (inOne != null) {
                resolved.add(inOne);
                continue;
            }
            SpanningCursor.Partitions partitions = new SpanningCursor.Partitions(backend);
            for (byte[] partition = partitions.next(); partition != null; partition = partitions.next()) {
                PartitionRange part = PartitionRange.intersect(range, partition);
                if (part != null) {
                    resolved.add(part);
                }
            }
        }
        return resolved;
    }

    /**
     * The counters that this commit's puts of 8-byte values, deletes and range deletions replace, by key:
     * read now, so that the base written beside each makes the key read as the value put (or zero).
     */
    private Map<ByteBuffer, Long> readReplacedCounters(List<PartitionRange> ranges) {
        Statements statements = backend.statements();
        Map<ByteBuffer, List<ByteBuffer>> byPartition = new LinkedHashMap<>();
        for (Map.Entry<byte[], Op> write : writes.entrySet()) {
            Op op = write.getValue();
            boolean replaces = op instanceof Op.Delete || (op instanceof Op.Put put && put.value().length == Counters.SIZE);
            byte[] key = write.getKey();
            int length = PartitionRange.partitionLength(key);
            byte[] partition = Arrays.copyOf(key, length);
            if (replaces && backend.mayHoldCounters(partition)) {
                byPartition.computeIfAbsent(ByteBuffer.wrap(partition), p -> new ArrayList<>()).add(sortKey(key, length));
            }
        }
        List<Map.Entry<ByteBuffer, CompletionStage<com.datastax.oss.driver.api.core.cql.AsyncResultSet>>> pending =
                new ArrayList<>();
        int inBatch = Math.min(CassandraBackend.IN_BATCH, backend.pageSize());
        for (Map.Entry<ByteBuffer, List<ByteBuffer>> entry : byPartition.entrySet()) {
            List<ByteBuffer> sortKeys = entry.getValue();
            for (int from = 0; from < sortKeys.size(); from += inBatch) {
                List<ByteBuffer> slice = sortKeys.subList(from, Math.min(sortKeys.size(), from + inBatch));
                pending.add(Map.entry(entry.getKey(), backend.session().executeAsync(
                        statements.bindRead(statements.getCounterIn, entry.getKey(), slice))));
            }
        }
        Map<ByteBuffer, Long> sums = new HashMap<>();
        for (Map.Entry<ByteBuffer, CompletionStage<com.datastax.oss.driver.api.core.cql.AsyncResultSet>> read
                : pending) {
            for (Row row : CassandraBackend.join(read.getValue()).currentPage()) {
                sums.put(ByteBuffer.wrap(CassandraBackend.concat(read.getKey().array(),
                        Statements.bytes(row.getByteBuffer(0)))), row.getLong(1));
            }
        }
        for (PartitionRange range : ranges) {
            if (!backend.mayHoldCounters(range.partition())) {
                continue;
            }
            boolean bounded = range.to() != null;
            Object[] values = bounded
                    ? new Object[] {Statements.buffer(range.partition()), Statements.buffer(range.from()),
                            Statements.buffer(range.to())}
                    : new Object[] {Statements.buffer(range.partition()), Statements.buffer(range.from())};
            for (Row row : backend.session().execute(
                    statements.bindRead(statements.scan(true, bounded, false, false), values))) {
                sums.put(ByteBuffer.wrap(range.key(Statements.bytes(row.getByteBuffer(0)))), row.getLong(1));
            }
        }
        return sums;
    }

    private void execute(List<BatchableStatement<?>> statements, BatchType type, boolean idempotent, String what) {
        if (statements.isEmpty()) {
            return;
        }
        if (statements.size() > MAX_BATCH_STATEMENTS) {
            throw new InvalidRequestException(backend.where() + ": " + what + " needs " + statements.size()
                    + " statements; one Cassandra batch holds at most " + MAX_BATCH_STATEMENTS
                    + " (a put is two, a chunked value one more per chunk): write less per transaction");
        }
        Statements prepared = backend.statements();
        try {
            if (statements.size() == 1 && statements.get(0) instanceof BoundStatement single) {
                backend.session().execute(prepared.write(single, idempotent));
            } else {
                backend.session().execute(prepared.write(BatchStatement.newInstance(type, statements), idempotent));
            }
        } catch (RuntimeException e) {
            throw failure(what, e);
        }
    }

    private static ByteBuffer sortKey(byte[] key, int partitionLength) {
        return ByteBuffer.wrap(Arrays.copyOfRange(key, partitionLength, key.length));
    }

    /** A buffered write of one key: the last one made, with later adds folded in. */
    sealed interface Op {
        /** The key's value after this write, given its value in the store before it. */
        byte[] applyTo(byte[] stored);

        /** Store {@code value}. */
        record Put(byte[] value) implements Op {
            @Override
            public byte[] applyTo(byte[] stored) {
                return value.clone();
            }
        }

        /** Remove the key. */
        enum Delete implements Op {
            INSTANCE;

            @Override
            public byte[] applyTo(byte[] stored) {
                return null;
            }
        }

        /** Add {@code delta} to whatever the store holds (absent or not 8 bytes: zero). */
        record Add(long delta) implements Op {
            @Override
            public byte[] applyTo(byte[] stored) {
                return Counters.encode(StoredValues.asCounter(stored) + delta);
            }
        }
    }
}
