package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletionStage;

/**
 * The requests a transaction's parts make, as CQL on the backend's session and prepared statements: the one part
 * of a transaction that needs a node, and the only one that sees the driver.
 */
final class CqlRequests implements CommitStore {
    private final CassandraBackend backend;

    CqlRequests(CassandraBackend backend) {
        this.backend = backend;
    }

    @Override
    public long nextTimestamps() {
        return backend.nextTimestamps();
    }

    @Override
    public long beginStamped() {
        return backend.stampOrder().begin();
    }

    @Override
    public void endStamped(long deletedAt, Runnable committed) {
        backend.stampOrder().end(deletedAt, committed);
    }

    @Override
    public long stampClient() {
        return backend.stampClient();
    }

    @Override
    public Iterator<byte[]> storedPartitions() {
        SpanningCursor.Partitions partitions = new SpanningCursor.Partitions(backend, null);
        return new Iterator<>() {
            private byte[] next = partitions.next();

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public byte[] next() {
                if (next == null) {
                    throw new NoSuchElementException("no more stored partitions");
                }
                byte[] stored = next;
                next = partitions.next();
                return stored;
            }
        };
    }

    @Override
    public Request bind(List<CqlWrite> writes, BatchType type, boolean idempotent) {
        Statements statements = backend.statements();
        List<BatchableStatement<?>> bound = new ArrayList<>(writes.size());
        for (CqlWrite write : writes) {
            bound.add(write.bind(statements));
        }
        return () -> {
            if (bound.size() == 1 && bound.get(0) instanceof BoundStatement single) {
                backend.session().execute(statements.write(single, idempotent));
            } else {
                backend.session().execute(statements.write(BatchStatement.newInstance(type, bound), idempotent));
            }
        };
    }

    @Override
    public byte[] get(byte[] key) {
        return backend.get(key);
    }

    @Override
    public Insert insertIfAbsent(byte[] key, byte[] value) {
        StoreLayout.Location at = backend.layout().locate(key);
        Statements statements = backend.statements();
        markBase(key, at);
        ResultSet result = backend.session().execute(statements.lightweight(
                statements.claimData.bind(at.stored(), at.sortKey(), ByteBuffer.wrap(value))));
        if (result.wasApplied()) {
            return new Insert(true, null);
        }
        Row row = result.one();
        byte[] holder = row == null || row.isNull("value") ? null : Statements.bytes(row.getByteBuffer("value"));
        return new Insert(false, holder);
    }

    @Override
    public boolean compareAndSet(byte[] key, byte[] expected, byte[] value) {
        Statements statements = backend.statements();
        StoreLayout.Location at = backend.layout().locate(key);
        BoundStatement statement;
        if (expected == null && value == null) {
            Row row = backend.session().execute(statements.serialRead(statements.getData, at.stored(), at.sortKey()))
                    .one();
            return row == null;
        } else if (expected == null) {
            markBase(key, at);
            statement = statements.claimData.bind(at.stored(), at.sortKey(), ByteBuffer.wrap(value));
        } else if (value == null) {
            statement = statements.releaseData.bind(at.stored(), at.sortKey(), ByteBuffer.wrap(expected));
        } else {
            markBase(key, at);
            statement = statements.replaceData.bind(ByteBuffer.wrap(value), at.stored(), at.sortKey(),
                    ByteBuffer.wrap(expected));
        }
        return backend.session().execute(statements.lightweight(statement)).wasApplied();
    }

    /**
     * Marks the key's data row in the counter table before a lightweight transaction may write it, if the key reads
     * count first ({@link StoreLayout#countsFirst}).
     */
    private void markBase(byte[] key, StoreLayout.Location at) {
        if (backend.layout().countsFirst(key, at.partition())) {
            Statements statements = backend.statements();
            backend.session().execute(statements.write(statements.markBase.bind(at.stored(), at.sortKey()), true));
        }
    }

    @Override
    public List<List<ReplacedCounters.CounterRow>> counterRows(List<ReplacedCounters.KeysQuery> queries) {
        Statements statements = backend.statements();
        List<CompletionStage<AsyncResultSet>> pending = new ArrayList<>(queries.size());
        for (ReplacedCounters.KeysQuery query : queries) {
            pending.add(backend.session().executeAsync(
                    statements.bindReadKeys(true, query.stored(), query.sortKeys())));
        }
        List<List<ReplacedCounters.CounterRow>> found = new ArrayList<>(pending.size());
        for (CompletionStage<AsyncResultSet> read : pending) {
            List<ReplacedCounters.CounterRow> rows = new ArrayList<>();
            for (Row row : CassandraBackend.join(read).currentPage()) {
                if (!row.isNull(1)) { // a row holding only a mark has no counter
                    rows.add(new ReplacedCounters.CounterRow(Statements.bytes(row.getByteBuffer(0)), row.getLong(1)));
                }
            }
            found.add(rows);
        }
        return found;
    }

    @Override
    public List<ReplacedCounters.CounterRow> counterRowsIn(PartitionRange range, byte[] stored) {
        Statements statements = backend.statements();
        boolean bounded = range.to() != null;
        Object[] values = bounded
                ? new Object[] {Statements.buffer(stored), Statements.buffer(range.from()),
                        Statements.buffer(range.to())}
                : new Object[] {Statements.buffer(stored), Statements.buffer(range.from())};
        List<ReplacedCounters.CounterRow> rows = new ArrayList<>();
        for (Row row : backend.session().execute(
                statements.bindRead(statements.scan(true, bounded, false, false), values))) {
            if (!row.isNull(1)) { // a row holding only a mark has no counter
                rows.add(new ReplacedCounters.CounterRow(Statements.bytes(row.getByteBuffer(0)), row.getLong(1)));
            }
        }
        return rows;
    }
}
