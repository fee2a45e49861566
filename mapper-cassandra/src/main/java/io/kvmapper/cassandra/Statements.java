package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.regex.Pattern;

/**
 * The three tables of a store and the prepared statements on them.
 *
 * <pre>
 * CREATE TABLE ks.kv          (partition blob, key blob, value blob,
 *                              PRIMARY KEY (partition, key)) WITH CLUSTERING ORDER BY (key ASC)
 * CREATE TABLE ks.kv_chunks   (partition blob, key blob, chunk int, chunks int, value blob,
 *                              PRIMARY KEY (partition, key, chunk))
 * CREATE TABLE ks.kv_counters (partition blob, key blob, value counter, bases counter,
 *                              PRIMARY KEY (partition, key))
 * </pre>
 *
 * {@code bases} marks a counter key that has (or had) a data row ({@link StoreLayout#countsFirst}): every write of
 * such a row first adds to it, so a read of a counter key asks the data table only if it is marked. Tables created
 * before the column existed lack it ({@link #marksBases()} is false) and are read in both tables.
 *
 * A {@code kv} row whose value is null holds a value split into chunks, in the same partition of
 * {@code kv_chunks}; a counter's sum lives in {@code kv_counters}. Writes carry explicit timestamps, so
 * a unit of work's range deletions (at {@code t}) never shadow its own later writes (at {@code t + 1}).
 * Claims and checked writes are lightweight transactions on {@code kv} (Paxos, at the serial consistency
 * level), which take their timestamps from the coordinator. The tables are found, or created, by
 * {@link StoreSchema} before the statements are prepared.
 */
final class Statements {
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,38}");
    private static final TypeCodec<List<ByteBuffer>> BLOB_LIST = TypeCodecs.listOf(TypeCodecs.BLOB);

    private final CqlSession session;
    private final String keyspace;
    private final String table;
    private final String data;
    private final String chunks;
    private final String counters;
    private final ConsistencyLevel readConsistency;
    private final ConsistencyLevel writeConsistency;
    private final ConsistencyLevel serialConsistency;
    private final int pageSize;
    private final Duration timeout;
    private final Map<String, PreparedStatement> prepared = new ConcurrentHashMap<>();
    /** {@link #scan}'s statements, by variant; threads that race fill a slot with the same one ({@link #prepare}). */
    private final AtomicReferenceArray<PreparedStatement> scans = new AtomicReferenceArray<>(16);
    private final boolean marksBases;
    private final boolean placesByValue;

    final PreparedStatement getData;
    final PreparedStatement getCounter;
    private final PreparedStatement getDataIn;
    private final PreparedStatement getCounterIn;
    /** {@link #getDataIn} and {@link #getCounterIn} for one key: {@code key = ?}, so no list to bind. */
    private final PreparedStatement getDataOne;
    private final PreparedStatement getCounterOne;
    final PreparedStatement getChunks;
    final PreparedStatement insertData;
    final PreparedStatement deleteData;
    final PreparedStatement insertChunk;
    final PreparedStatement deleteChunks;
    final PreparedStatement addCounter;
    /** Marks a counter key's data row in the counter table; null where the tables do not mark them. */
    final PreparedStatement markBase;
    final PreparedStatement claimData;
    final PreparedStatement replaceData;
    final PreparedStatement releaseData;

    Statements(CqlSession session, String keyspace, CassandraKvStore.Options options) {
        this.session = session;
        this.keyspace = checkName("keyspace", keyspace);
        this.table = checkName("table", options.table());
        this.data = keyspace + "." + table;
        this.chunks = keyspace + "." + table + "_chunks";
        this.counters = keyspace + "." + table + "_counters";
        this.readConsistency = options.readConsistency();
        this.writeConsistency = options.writeConsistency();
        this.serialConsistency = options.serialConsistency();
        this.pageSize = options.pageSize();
        this.timeout = options.requestTimeout();
        StoreSchema.Recorded recorded =
                new StoreSchema(session, keyspace, table, writeConsistency, timeout).open(options);
        this.marksBases = recorded.marksBases();
        this.placesByValue = recorded.placesByValue();
        String counterColumns = marksBases ? "value, bases" : "value";
        getData = prepare("SELECT value FROM " + data + " WHERE partition = ? AND key = ?");
        getCounter = prepare("SELECT " + counterColumns + " FROM " + counters + " WHERE partition = ? AND key = ?");
        getDataIn = prepare("SELECT key, value FROM " + data + " WHERE partition = ? AND key IN ?");
        getDataOne = prepare("SELECT key, value FROM " + data + " WHERE partition = ? AND key = ?");
        getCounterOne = prepare("SELECT key, " + counterColumns + " FROM " + counters
                + " WHERE partition = ? AND key = ?");
        getCounterIn = prepare("SELECT key, " + counterColumns + " FROM " + counters
                + " WHERE partition = ? AND key IN ?");
        getChunks = prepare("SELECT chunk, chunks, value, WRITETIME(value) FROM " + chunks
                + " WHERE partition = ? AND key = ?");
        insertData = prepare("INSERT INTO " + data + " (partition, key, value) VALUES (?, ?, ?) USING TIMESTAMP ?");
        deleteData = prepare("DELETE FROM " + data + " USING TIMESTAMP ? WHERE partition = ? AND key = ?");
        insertChunk = prepare("INSERT INTO " + chunks + " (partition, key, chunk, chunks, value)"
                + " VALUES (?, ?, ?, ?, ?) USING TIMESTAMP ?");
        deleteChunks = prepare("DELETE FROM " + chunks + " USING TIMESTAMP ? WHERE partition = ? AND key = ?");
        addCounter = prepare("UPDATE " + counters + " SET value = value + ? WHERE partition = ? AND key = ?");
        markBase = marksBases
                ? prepare("UPDATE " + counters + " SET bases = bases + 1 WHERE partition = ? AND key = ?") : null;
        claimData = prepare("INSERT INTO " + data + " (partition, key, value) VALUES (?, ?, ?) IF NOT EXISTS");
        replaceData = prepare("UPDATE " + data + " SET value = ? WHERE partition = ? AND key = ? IF value = ?");
        releaseData = prepare("DELETE FROM " + data + " WHERE partition = ? AND key = ? IF value = ?");
    }

    /**
     * Whether the counter table marks the counter keys with a data row ({@code bases}), so that a read of a counter
     * key asks the counter table first and the data table only if it is marked.
     */
    boolean marksBases() {
        return marksBases;
    }

    /**
     * Whether the tables were created to choose buckets by value in the partitions
     * {@link CassandraKvStore.Options#bucketsByValue} names ({@link Placement}); tables created before choose every
     * bucket by the whole sort key.
     */
    boolean placesByValue() {
        return placesByValue;
    }

    /** The data table, {@code keyspace.table}, for messages. */
    String dataTable() {
        return data;
    }

    /**
     * A scan of one partition's sort-key range in the data table ({@code counterTable} false) or the
     * counter table: binds partition, from, then to if {@code bounded}, then the limit if {@code limited}.
     */
    PreparedStatement scan(boolean counterTable, boolean bounded, boolean reverse, boolean limited) {
        int variant = (counterTable ? 8 : 0) | (bounded ? 4 : 0) | (reverse ? 2 : 0) | (limited ? 1 : 0);
        PreparedStatement scan = scans.get(variant);
        if (scan == null) { // prepared once per variant: building its CQL cost a short finder 2% of its client time
            scan = prepareScan(counterTable, bounded, reverse, limited);
            scans.set(variant, scan);
        }
        return scan;
    }

    private PreparedStatement prepareScan(boolean counterTable, boolean bounded, boolean reverse, boolean limited) {
        return prepare("SELECT key, value FROM " + (counterTable ? counters : data)
                + " WHERE partition = ? AND key >= ?" + (bounded ? " AND key < ?" : "")
                + (reverse ? " ORDER BY key DESC" : "") + (limited ? " LIMIT ?" : ""));
    }

    /**
     * Every partition of the data table or the counter table, with its token, in token order; with
     * {@code fromToken}, those whose token is at least the one bound.
     */
    PreparedStatement partitions(boolean counterTable, boolean fromToken) {
        return prepare("SELECT DISTINCT partition, token(partition) FROM " + (counterTable ? counters : data)
                + (fromToken ? " WHERE token(partition) >= ?" : ""));
    }

    /** A range deletion in one partition of the data table or the chunk table: binds timestamp, partition, from[, to]. */
    PreparedStatement deleteRange(boolean chunkTable, boolean bounded) {
        return prepare("DELETE FROM " + (chunkTable ? chunks : data) + " USING TIMESTAMP ? WHERE partition = ?"
                + " AND key >= ?" + (bounded ? " AND key < ?" : ""));
    }

    /** Makes {@code statement} a read: read consistency, page size and timeout. */
    <S extends Statement<S>> S read(S statement) {
        S read = statement.setConsistencyLevel(readConsistency).setPageSize(pageSize);
        return timeout == null ? read : read.setTimeout(timeout);
    }

    /** Makes {@code statement} a write: write consistency and timeout; idempotent as said. */
    <S extends Statement<S>> S write(S statement, boolean idempotent) {
        S write = statement.setConsistencyLevel(writeConsistency).setIdempotent(idempotent);
        return timeout == null ? write : write.setTimeout(timeout);
    }

    /**
     * Makes {@code statement} a lightweight transaction: Paxos at the serial consistency level, its commit at
     * the write consistency level, never retried by the driver (a timed-out one may have been applied).
     */
    BoundStatement lightweight(BoundStatement statement) {
        BoundStatement lwt = statement.setConsistencyLevel(writeConsistency)
                .setSerialConsistencyLevel(serialConsistency).setIdempotent(false);
        return timeout == null ? lwt : lwt.setTimeout(timeout);
    }

    /** A read at the serial consistency level: it sees every lightweight transaction, even one in progress. */
    BoundStatement serialRead(PreparedStatement statement, Object... values) {
        BoundStatement read = statement.bind(values).setConsistencyLevel(serialConsistency);
        return timeout == null ? read : read.setTimeout(timeout);
    }

    /**
     * A read of the rows of {@code sortKeys} in the stored partition {@code stored} of the data table or the counter
     * table, each row's key first: {@code key = ?} for one key, {@code key IN ?} for more. The list is bound with
     * its codec named, since the driver otherwise inspects its elements' type on every bind.
     */
    BoundStatement bindReadKeys(boolean counterTable, ByteBuffer stored, List<ByteBuffer> sortKeys) {
        if (sortKeys.size() == 1) {
            return bindRead(counterTable ? getCounterOne : getDataOne, stored, sortKeys.get(0));
        }
        return read((counterTable ? getCounterIn : getDataIn).boundStatementBuilder()
                .setByteBuffer(0, stored).set(1, sortKeys, BLOB_LIST).build());
    }

    /** A bound read with {@code values}. */
    BoundStatement bindRead(PreparedStatement statement, Object... values) {
        return read(statement.bind(values));
    }

    static ByteBuffer buffer(byte[] bytes) {
        return ByteBuffer.wrap(bytes);
    }

    static byte[] bytes(ByteBuffer buffer) {
        if (buffer == null) {
            return null;
        }
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    private PreparedStatement prepare(String cql) {
        return prepared.computeIfAbsent(cql, session::prepare);
    }

    static String checkName(String what, String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("Cassandra " + what + " name must be a letter followed by up to 38"
                    + " letters, digits or underscores, was " + name);
        }
        return name;
    }
}
