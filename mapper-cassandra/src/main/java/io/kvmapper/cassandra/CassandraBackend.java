package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import io.kvmapper.CorruptDataException;
import io.kvmapper.KvMapperException;
import io.kvmapper.StorageException;
import io.kvmapper.StoreClosedException;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * The storage SPI on Apache Cassandra, opened with {@link CassandraKvStore#openBackend}.
 *
 * <h2>Data layout</h2>
 * A key's partition, its first tuple element ({@link Tuples#partitionLength}; for an element holding an
 * escaped zero byte, its shortest prefix that is an element), goes in the {@code partition} column and the
 * rest in the clustering column {@code key}, which Cassandra sorts as unsigned bytes, as the SPI does. A
 * value longer than {@link CassandraKvStore.Options#valueChunkSize} is stored as chunks in a table beside
 * the data table, in the same partition, and reassembled on read; counters live in a counter table. See
 * {@link Statements} for the three tables. A partition that grows with the number of records (an index's
 * entries, a counter's groups: {@link BucketedPartitions}) is spread over several Cassandra partitions,
 * its buckets ({@link Placement}).
 *
 * <h2>Reads</h2>
 * A point read is one query; in a partition that may hold counters ({@link CounterPartitions}), a counter key asks
 * the counter table, and the data table after it only if marked as having a data row there
 * ({@link StoreLayout#countsFirst}), another key both at once; {@code getAll} asks each partition for its keys with
 * one {@code IN} query per 100 keys, all concurrently. A scan inside one partition is a range query paged by the driver as the
 * cursor advances; in a bucketed partition, one such query per bucket, all at once, their rows merged in
 * key order. A scan spanning partitions walks every stored partition of the tables in token order
 * ({@link SpanningCursor}): allowed, but each stored partition's keys come in order and the partitions do not
 * (a bucketed partition comes as one run per bucket), so {@link #isGloballyOrdered()} is false;
 * {@link #compareInScanOrder} is that order, and {@link #resume} takes such a scan up again at any key. <strong>A cursor is not a snapshot</strong>: a page fetched later shows
 * writes committed since the cursor opened.
 *
 * <h2>Transactions: atomic, not isolated</h2>
 * See {@link CassandraTransaction}: writes are buffered and applied at commit as one batch (logged when it
 * spans partitions); reads see the store as it is, with the transaction's own writes on top; no conflict is
 * ever detected. Counter adds are applied after the batch, and are not idempotent.
 *
 * <h2>Threads and lifetime</h2>
 * Safe for concurrent use (the driver's session is). {@link #close()} ends every open transaction (rolling
 * it back) and cursor, and closes the session if the backend opened it; any later use throws
 * {@link StoreClosedException}.
 */
public final class CassandraBackend implements KvBackend {
    /** The most keys one {@code IN} query asks for. */
    static final int IN_BATCH = 100;
    private static final int CHUNK_READ_ATTEMPTS = 5;

    private final CqlSession session;
    private final boolean ownsSession;
    private final Statements statements;
    private final Predicate<byte[]> counterPartitions;
    private final Placement placement;
    private final int chunkSize;
    private final int pageSize;
    private final StoreLayout layout;
    private final String where;
    private final Set<Resource> openResources = ConcurrentHashMap.newKeySet();
    private final AtomicLong lastTimestamp = new AtomicLong();
    private final StampOrder stampOrder = new StampOrder(this::nextTimestamps);
    /** Tells this instance's stamps from those of other clients with the same write timestamp. */
    private final long stampClient = UUID.randomUUID().getMostSignificantBits();
    private volatile boolean closed;

    CassandraBackend(CqlSession session, boolean ownsSession, String keyspace, CassandraKvStore.Options options) {
        this.session = session;
        this.ownsSession = ownsSession;
        this.where = "Cassandra table " + keyspace + "." + options.table();
        try {
            this.statements = new Statements(session, keyspace, options);
        } catch (DriverException e) {
            throw CassandraErrors.storage(where, "opening the store (creating or preparing its tables)", e);
        }
        this.counterPartitions = options.counterPartitions();
        this.placement = new Placement(options.bucketedPartitions(),
                statements.placesByValue() ? options.bucketsByValue() : BucketedPartitions.none(),
                options.partitionBuckets());
        this.chunkSize = options.valueChunkSize();
        this.pageSize = options.pageSize();
        this.layout = new StoreLayout(placement, counterPartitions, chunkSize, Math.min(IN_BATCH, pageSize),
                options.chunkPartitions(), statements.marksBases());
    }

    /** The driver session this backend works through. */
    public CqlSession session() {
        return session;
    }

    /**
     * {@inheritDoc} One query. Where the partition may hold counters, a counter key of KV Mapper's layout is asked of
     * the counter table, then of the data table only if it is marked as having a data row there
     * ({@link StoreLayout#countsFirst}); any other key there (and every key in tables that do not mark) of both
     * tables at once.
     */
    @Override
    public byte[] get(byte[] key) {
        Objects.requireNonNull(key, "key");
        enter();
        int length = PartitionRange.partitionLength(key);
        byte[] partition = Arrays.copyOf(key, length);
        byte[] sortKey = Arrays.copyOfRange(key, length, key.length);
        ByteBuffer stored = placement.stored(partition, sortKey);
        try {
            boolean counters = mayHoldCounters(partition);
            if (counters && layout.countsFirst(key, partition)) {
                Row counterRow = session.execute(statements.bindRead(statements.getCounter, stored,
                        Statements.buffer(sortKey))).one();
                if (counterRow == null) {
                    return null;
                }
                Long counter = counterRow.isNull(0) ? null : counterRow.getLong(0);
                if (counterRow.isNull(1) || counterRow.getLong(1) == 0) {
                    return counter == null ? null : Counters.encode(counter);
                }
                return StoredValues.combine(readData(stored, partition, sortKey, null), counter);
            }
            CompletionStage<AsyncResultSet> dataRead = session.executeAsync(
                    statements.bindRead(statements.getData, stored, Statements.buffer(sortKey)));
            CompletionStage<AsyncResultSet> counterRead = counters ? session.executeAsync(
                    statements.bindRead(statements.getCounter, stored, Statements.buffer(sortKey))) : null;
            Long counter = null;
            if (counterRead != null) {
                Row counterRow = join(counterRead).one();
                counter = counterRow == null || counterRow.isNull(0) ? null : counterRow.getLong(0);
            }
            return StoredValues.combine(readData(stored, partition, sortKey, dataRead), counter);
        } catch (RuntimeException e) {
            throw failure("get of key " + Tuples.toString(key), e);
        }
    }

    /** A key's data value, from {@code sent} (its read of the data table), or read now if null; null if no row. */
    private byte[] readData(ByteBuffer stored, byte[] partition, byte[] sortKey, CompletionStage<AsyncResultSet> sent) {
        CompletionStage<AsyncResultSet> read = sent != null ? sent
                : session.executeAsync(statements.bindRead(statements.getData, stored, Statements.buffer(sortKey)));
        Row data = join(read).one();
        if (data == null) {
            return null;
        }
        return data.isNull(0) ? readChunked(stored.array(), partition, sortKey)
                : Statements.bytes(data.getByteBuffer(0));
    }

    /** {@inheritDoc} One {@code IN} query per partition and 100 keys (two with counters), all concurrent. */
    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        requireKeys(keys);
        enter();
        Map<ByteBuffer, byte[]> found = readAll(keys);
        List<byte[]> values = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
            byte[] value = found.get(ByteBuffer.wrap(key));
            values.add(value == null ? null : value.clone());
        }
        return values;
    }

    /** {@inheritDoc} The cursor must be closed; closing the backend closes it too. */
    @Override
    public KvCursor scan(KeyRange range, ScanOptions options) {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(options, "options");
        enter();
        return track(openCursor(range, options).keysOnly(options.keysOnly()));
    }

    /**
     * {@inheritDoc} A range spanning partitions resumes in token order: the rest of the stored partition of
     * {@code after}, then the stored partitions after it ({@link #compareInScanOrder}), listed from its token
     * on.
     */
    @Override
    public KvCursor resume(KeyRange range, ScanOptions options, byte[] after) {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(after, "after");
        enter();
        return track(openCursor(range, options, after).keysOnly(options.keysOnly()));
    }

    /**
     * {@inheritDoc} By stored partition first, in the order of a scan spanning partitions: its token, then its
     * bytes; within a stored partition, by key. A bucketed partition is stored as one partition per bucket,
     * so its keys come in one run per bucket. Tokens come from the driver's token map, so the session must
     * keep token metadata (the driver's default).
     */
    @Override
    public int compareInScanOrder(byte[] a, byte[] b) {
        int lengthA = PartitionRange.partitionLength(a);
        int lengthB = PartitionRange.partitionLength(b);
        byte[] storedA = placement.stored(Arrays.copyOf(a, lengthA), Arrays.copyOfRange(a, lengthA, a.length)).array();
        byte[] storedB = placement.stored(Arrays.copyOf(b, lengthB), Arrays.copyOfRange(b, lengthB, b.length)).array();
        if (!Arrays.equals(storedA, storedB)) {
            return new ScanPosition(tokenOf(storedA), storedA).compareTo(new ScanPosition(tokenOf(storedB), storedB));
        }
        return Arrays.compareUnsigned(a, lengthA, a.length, b, lengthB, b.length);
    }

    /**
     * {@inheritDoc} A buffer of writes applied at commit; see {@link CassandraTransaction} for what it
     * guarantees and what it does not. Closing the backend rolls back every transaction still open.
     */
    @Override
    public KvTransaction beginTransaction() {
        enter();
        CassandraTransaction transaction = new CassandraTransaction(this);
        openResources.add(transaction);
        if (closed) {
            openResources.remove(transaction);
            throw new StoreClosedException(closedMessage());
        }
        return transaction;
    }

    /** False: partitions are placed by hash, so a scan spanning them returns each in order, not all. */
    @Override
    public boolean isGloballyOrdered() {
        return false;
    }

    /**
     * False: two transactions that read and write the same keys both commit, the later write winning per
     * key. Claims and checked writes are lightweight transactions instead (see {@link CassandraTransaction}).
     */
    @Override
    public boolean detectsConflicts() {
        return false;
    }

    /** False: a cursor's later pages, and a transaction's later reads, show writes committed meanwhile. */
    @Override
    public boolean readsFromSnapshots() {
        return false;
    }

    /**
     * Ends open transactions (rolling them back) and cursors, and closes the session if the backend
     * opened it. Idempotent.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Resource resource : List.copyOf(openResources)) {
            resource.abort(closedMessage());
        }
        openResources.clear();
        if (ownsSession) {
            session.close();
        }
    }

    @Override
    public String toString() {
        return "CassandraBackend[" + statements.dataTable() + (closed ? ", closed]" : "]");
    }

    // ---------------------------------------------------------------- for the transaction and cursors

    Statements statements() {
        return statements;
    }

    String where() {
        return where;
    }

    int pageSize() {
        return pageSize;
    }

    int chunkSize() {
        return chunkSize;
    }

    /** Whether the partition may hold counters, and so whether reads consult the counter table. */
    boolean mayHoldCounters(byte[] partition) {
        return counterPartitions.test(partition);
    }

    Placement placement() {
        return placement;
    }

    /** The layout, as a transaction's parts need it. */
    StoreLayout layout() {
        return layout;
    }

    /** A cursor over {@code range}, not yet tracked. */
    CursorBase openCursor(KeyRange range, ScanOptions options) {
        if (range.isEmpty()) {
            return new EmptyCursor(where);
        }
        PartitionRange inOne = PartitionRange.within(range);
        return inOne != null ? partitionCursor(inOne, options.reverse(), options.limit())
                : new SpanningCursor(this, range, options.reverse(), options.limit(), null);
    }

    /** A cursor over what {@code range} holds after the key {@code after} ({@link #resume}), not yet tracked. */
    CursorBase openCursor(KeyRange range, ScanOptions options, byte[] after) {
        if (range.isEmpty() || PartitionRange.within(range) != null) {
            return openCursor(narrowedAfter(range, options.reverse(), after), options);
        }
        return new SpanningCursor(this, range, options.reverse(), options.limit(), after);
    }

    /** The part of {@code range} after {@code after} in key order: above it, or below it in reverse. */
    static KeyRange narrowedAfter(KeyRange range, boolean reverse, byte[] after) {
        if (reverse) {
            return new KeyRange(range.begin(), Arrays.compareUnsigned(after, range.end()) < 0 ? after : range.end());
        }
        byte[] next = KeyRange.successor(after);
        return new KeyRange(Arrays.compareUnsigned(next, range.begin()) > 0 ? next : range.begin(), range.end());
    }

    /**
     * A cursor over a range inside one partition: one range query, or for a bucketed partition one per bucket,
     * their rows merged.
     */
    CursorBase partitionCursor(PartitionRange range, boolean reverse, int limit) {
        List<byte[]> stored = placement.storedPartitions(range);
        if (stored.size() == 1) {
            return new PartitionCursor(this, range, stored.get(0), reverse, limit);
        }
        List<PartitionCursor> buckets = new ArrayList<>(stored.size());
        int pageRows = MergedCursor.pageRows(limit, stored.size());
        for (byte[] bucket : stored) {
            buckets.add(new PartitionCursor(this, range, bucket, reverse, limit, pageRows));
        }
        return new MergedCursor(buckets, reverse, limit, () -> "scan of " + range + " in its " + stored.size()
                + " buckets in " + where);
    }

    /** The token of a stored partition, computed by the driver as the cluster's partitioner does. */
    Token tokenOf(byte[] storedPartition) {
        TokenMap tokens = session.getMetadata().getTokenMap().orElseThrow(() -> new StorageException(where
                + ": the driver session keeps no token metadata (advanced.metadata.token-map.enabled), which"
                + " ordering scans across partitions needs", null, false));
        return tokens.newToken(ByteBuffer.wrap(storedPartition));
    }

    /** A stored partition's place in a scan spanning partitions: its token, then its bytes. */
    record ScanPosition(Token token, byte[] stored) implements Comparable<ScanPosition> {
        @Override
        public int compareTo(ScanPosition other) {
            int byToken = token.compareTo(other.token);
            return byToken != 0 ? byToken : Arrays.compareUnsigned(stored, other.stored);
        }
    }

    /** Tracks a cursor of the backend's own, so that closing the backend ends it. */
    private KvCursor track(CursorBase cursor) {
        openResources.add(cursor);
        cursor.trackedBy(openResources::remove);
        if (closed) {
            cursor.abort(closedMessage());
        }
        return cursor;
    }

    /**
     * The values of {@code keys} (absent keys left out), by key; the arrays are shared within the map.
     * One {@code IN} query per partition and {@value #IN_BATCH} keys, and one per counter partition, all
     * sent at once; counter keys that read count first ({@link StoreLayout#countsFirst}) are asked of the data
     * table only once their counter rows are read, and only if marked.
     */
    Map<ByteBuffer, byte[]> readAll(List<byte[]> keys) {
        Map<ByteBuffer, StoredGroup> byPartition = new LinkedHashMap<>();
        Set<ByteBuffer> countFirst = new HashSet<>();
        for (byte[] key : keys) {
            int length = PartitionRange.partitionLength(key);
            byte[] partition = Arrays.copyOf(key, length);
            byte[] sortKey = Arrays.copyOfRange(key, length, key.length);
            byPartition.computeIfAbsent(placement.stored(partition, sortKey), p -> new StoredGroup(partition,
                    new ArrayList<>())).sortKeys().add(ByteBuffer.wrap(sortKey));
            if (layout.countsFirst(key, partition)) {
                countFirst.add(ByteBuffer.wrap(key));
            }
        }
        try {
            List<Pending> pending = new ArrayList<>();
            for (Map.Entry<ByteBuffer, StoredGroup> entry : byPartition.entrySet()) {
                StoredGroup group = entry.getValue();
                List<ByteBuffer> sortKeys = new ArrayList<>(new LinkedHashSet<>(group.sortKeys()));
                List<ByteBuffer> dataKeys = new ArrayList<>(sortKeys);
                dataKeys.removeIf(sortKey -> countFirst.contains(
                        ByteBuffer.wrap(concat(group.partition(), Statements.bytes(sortKey)))));
                if (!dataKeys.isEmpty()) {
                    readIn(pending, entry.getKey(), group.partition(), false, dataKeys);
                }
                if (mayHoldCounters(group.partition())) {
                    readIn(pending, entry.getKey(), group.partition(), true, sortKeys);
                }
            }
            Map<ByteBuffer, byte[]> data = new HashMap<>();
            Map<ByteBuffer, Long> sums = new HashMap<>();
            Map<ByteBuffer, Pending> chunked = new LinkedHashMap<>();
            Map<ByteBuffer, StoredGroup> marked = new LinkedHashMap<>();
            collect(pending, data, sums, chunked, marked, countFirst);
            if (!marked.isEmpty()) {
                List<Pending> markedReads = new ArrayList<>();
                for (Map.Entry<ByteBuffer, StoredGroup> entry : marked.entrySet()) {
                    StoredGroup group = entry.getValue();
                    readIn(markedReads, entry.getKey(), group.partition(), false, group.sortKeys());
                }
                collect(markedReads, data, sums, chunked, new LinkedHashMap<>(), countFirst);
            }
            for (Map.Entry<ByteBuffer, Pending> chunks : chunked.entrySet()) {
                byte[] key = chunks.getKey().array();
                byte[] partition = chunks.getValue().partition();
                byte[] value = readChunked(chunks.getValue().stored().array(), partition,
                        Arrays.copyOfRange(key, partition.length, key.length));
                if (value != null) {
                    data.put(chunks.getKey(), value);
                }
            }
            Map<ByteBuffer, byte[]> values = new HashMap<>(data);
            for (Map.Entry<ByteBuffer, Long> sum : sums.entrySet()) {
                values.put(sum.getKey(), StoredValues.combine(data.get(sum.getKey()), sum.getValue()));
            }
            return values;
        } catch (RuntimeException e) {
            throw failure("multi-get of " + keys.size() + " keys", e);
        }
    }

    /** Sends the {@code IN} queries for {@code sortKeys} of one stored partition, {@value #IN_BATCH} keys each. */
    private void readIn(List<Pending> pending, ByteBuffer stored, byte[] partition, boolean counters,
            List<ByteBuffer> sortKeys) {
        int batch = Math.min(IN_BATCH, pageSize);
        for (int from = 0; from < sortKeys.size(); from += batch) {
            List<ByteBuffer> slice = sortKeys.subList(from, Math.min(sortKeys.size(), from + batch));
            pending.add(new Pending(stored, partition, counters,
                    session.executeAsync(statements.bindReadKeys(counters, stored, slice))));
        }
    }

    /**
     * Sorts the rows of {@code reads} by key into data values, counter sums, chunked values to complete, and (from
     * the counter rows of keys in {@code countFirst}) the keys marked as having a data row, by stored partition.
     */
    private void collect(List<Pending> reads, Map<ByteBuffer, byte[]> data, Map<ByteBuffer, Long> sums,
            Map<ByteBuffer, Pending> chunked, Map<ByteBuffer, StoredGroup> marked, Set<ByteBuffer> countFirst) {
        for (Pending read : reads) {
            for (Row row : join(read.result()).currentPage()) {
                ByteBuffer sortKey = row.getByteBuffer(0);
                ByteBuffer key = ByteBuffer.wrap(concat(read.partition(), Statements.bytes(sortKey)));
                if (!read.counters()) {
                    if (row.isNull(1)) {
                        chunked.put(key, read);
                    } else {
                        data.put(key, Statements.bytes(row.getByteBuffer(1)));
                    }
                    continue;
                }
                if (!row.isNull(1)) {
                    sums.put(key, row.getLong(1));
                }
                if (countFirst.contains(key) && !row.isNull(2) && row.getLong(2) != 0) {
                    marked.computeIfAbsent(read.stored(), p -> new StoredGroup(read.partition(), new ArrayList<>()))
                            .sortKeys().add(ByteBuffer.wrap(Statements.bytes(sortKey)));
                }
            }
        }
    }

    /**
     * Reads a value stored as chunks. The chunks of one write share its timestamp and know how many
     * there are, so a read that meets a concurrent overwrite half-way sees the mismatch and reads again
     * (the data row too: the key may no longer be chunked, or may be gone).
     *
     * @param stored the key's stored partition
     * @param partition the key's partition
     * @return the value, or {@code null} if the key was deleted meanwhile
     * @throws CorruptDataException if the chunks stay incomplete
     */
    byte[] readChunked(byte[] stored, byte[] partition, byte[] sortKey) {
        ByteBuffer p = Statements.buffer(stored);
        ByteBuffer k = Statements.buffer(sortKey);
        String problem = null;
        for (int attempt = 0; attempt < CHUNK_READ_ATTEMPTS; attempt++) {
            if (attempt > 0) {
                Row data = session.execute(statements.bindRead(statements.getData, p, k)).one();
                if (data == null) {
                    return null;
                }
                if (!data.isNull(0)) {
                    return Statements.bytes(data.getByteBuffer(0));
                }
                pause(attempt);
            }
            List<Row> rows = session.execute(statements.bindRead(statements.getChunks, p, k)).all();
            problem = checkChunks(rows);
            if (problem == null) {
                int size = 0;
                for (Row row : rows) {
                    size += row.getByteBuffer(2).remaining();
                }
                ByteBuffer value = ByteBuffer.allocate(size);
                for (Row row : rows) {
                    value.put(row.getByteBuffer(2).duplicate());
                }
                return value.array();
            }
        }
        throw new CorruptDataException("the value of key " + Tuples.toString(concat(partition, sortKey)) + " in "
                + where + " is stored as chunks, but " + problem);
    }

    /** What is wrong with a set of chunk rows (in chunk order), or {@code null} if they make one value. */
    private static String checkChunks(List<Row> rows) {
        if (rows.isEmpty()) {
            return "no chunk is stored";
        }
        int count = rows.get(0).getInt(1);
        long written = rows.get(0).getLong(3);
        if (rows.size() != count) {
            return rows.size() + " of its " + count + " chunks are stored";
        }
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            if (row.getInt(0) != i || row.getInt(1) != count || row.getLong(3) != written || row.isNull(2)) {
                return "its chunks come from different writes";
            }
        }
        return null;
    }

    /**
     * Two write timestamps for a commit, in microseconds, later than any this backend handed out
     * before: range deletions take the first, writes the second, so a commit's own writes survive its
     * own range deletions.
     */
    long nextTimestamps() {
        Instant now = Instant.now();
        long micros = now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
        while (true) {
            long last = lastTimestamp.get();
            long first = Math.max(micros, last + 1);
            if (lastTimestamp.compareAndSet(last, first + 1)) {
                return first;
            }
        }
    }

    /** The order in which commits with stamped puts tell their callbacks. */
    StampOrder stampOrder() {
        return stampOrder;
    }

    /** The random number every stamp of this backend instance holds after its write timestamp. */
    long stampClient() {
        return stampClient;
    }

    /**
     * Begins a call.
     *
     * @throws StoreClosedException if the backend is closed
     */
    void enter() {
        if (closed) {
            throw new StoreClosedException(closedMessage());
        }
    }

    /** Whether {@link #close()} was called. */
    public boolean isClosed() {
        return closed;
    }

    /** Stops tracking a transaction that ended. */
    void forget(Resource resource) {
        openResources.remove(resource);
    }

    /** The exception for a failed call: store closed if it closed meanwhile, else the driver's error mapped. */
    KvMapperException failure(String what, RuntimeException e) {
        if (e instanceof KvMapperException known) {
            return known;
        }
        if (closed) {
            return new StoreClosedException(closedMessage());
        }
        return CassandraErrors.storage(where, what, e);
    }

    String closedMessage() {
        return where + " is closed";
    }

    static byte[] concat(byte[] partition, byte[] sortKey) {
        byte[] key = Arrays.copyOf(partition, partition.length + sortKey.length);
        System.arraycopy(sortKey, 0, key, partition.length, sortKey.length);
        return key;
    }

    static void requireKeys(List<byte[]> keys) {
        Objects.requireNonNull(keys, "keys");
        for (byte[] key : keys) {
            Objects.requireNonNull(key, "keys must not contain null");
        }
    }

    static <T> T join(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(10L * attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreClosedException("interrupted while reading a chunked value");
        }
    }

    private record Pending(ByteBuffer stored, byte[] partition, boolean counters,
            CompletionStage<AsyncResultSet> result) {
    }

    /** The keys asked for in one stored partition. */
    private record StoredGroup(byte[] partition, List<ByteBuffer> sortKeys) {
    }
}
