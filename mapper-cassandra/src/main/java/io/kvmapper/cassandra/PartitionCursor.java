package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.kvmapper.KvMapperException;
import io.kvmapper.spi.KeyValue;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;

/**
 * A scan of a sort-key range inside one stored partition (the partition itself, or one of its buckets): a
 * range query on the data table, paged as the cursor advances, merged by key with the same query on the
 * counter table when the partition may hold counters, both sent at once. A row holding a chunked value is
 * completed with a read of its chunks.
 */
final class PartitionCursor extends CursorBase {
    private final CassandraBackend backend;
    private final PartitionRange range;
    private final byte[] stored;
    private final boolean reverse;
    private final int limit;
    private Iterator<Row> dataRows;
    private Iterator<Row> counterRows;
    private Row data;
    private Row counter;
    private boolean started;
    private boolean positioned;

    /**
     * @param range the range, in the partition
     * @param stored the stored partition to read: the partition, or one of its buckets
     */
    PartitionCursor(CassandraBackend backend, PartitionRange range, byte[] stored, boolean reverse, int limit) {
        super(limit, "scan of " + range + " in " + backend.where());
        this.backend = backend;
        this.range = range;
        this.stored = stored;
        this.reverse = reverse;
        this.limit = limit;
    }

    /** Sends the queries, if not sent yet; a cursor that merges several starts them all before reading any. */
    void start() {
        if (!started) {
            started = true;
            dataRows = query(false);
            counterRows = backend.mayHoldCounters(range.partition()) ? query(true) : Collections.emptyIterator();
        }
    }

    @Override
    KeyValue fetch() {
        if (!positioned) {
            positioned = true;
            start();
            data = advance(dataRows);
            counter = advance(counterRows);
        }
        while (data != null || counter != null) {
            byte[] dataKey = data == null ? null : Statements.bytes(data.getByteBuffer(0));
            byte[] counterKey = counter == null ? null : Statements.bytes(counter.getByteBuffer(0));
            int order = dataKey == null ? 1
                    : counterKey == null ? -1 : Arrays.compareUnsigned(dataKey, counterKey) * (reverse ? -1 : 1);
            byte[] sortKey = order <= 0 ? dataKey : counterKey;
            byte[] value = null;
            boolean chunked = false;
            Long sum = null;
            if (order <= 0) {
                chunked = data.isNull(1);
                value = chunked ? null : Statements.bytes(data.getByteBuffer(1));
                data = advance(dataRows);
            }
            if (order >= 0) {
                sum = counter.getLong(1);
                counter = advance(counterRows);
            }
            if (chunked) {
                value = backend.readChunked(stored, range.partition(), sortKey);
            }
            byte[] combined = StoredValues.combine(value, sum);
            if (combined != null) {
                return new KeyValue(range.key(sortKey), combined);
            }
            // a chunked value deleted while we read it
        }
        return null;
    }

    @Override
    KvMapperException failure(String what, RuntimeException e) {
        return backend.failure(what, e);
    }

    private Iterator<Row> query(boolean counterTable) {
        boolean bounded = range.to() != null;
        boolean limited = limit > 0;
        PreparedStatement prepared = backend.statements().scan(counterTable, bounded, reverse, limited);
        Object[] values = new Object[2 + (bounded ? 1 : 0) + (limited ? 1 : 0)];
        int i = 0;
        values[i++] = Statements.buffer(stored);
        values[i++] = Statements.buffer(range.from());
        if (bounded) {
            values[i++] = Statements.buffer(range.to());
        }
        if (limited) {
            values[i] = limit;
        }
        BoundStatement statement = backend.statements().bindRead(prepared, values);
        if (limited && limit < backend.pageSize()) {
            statement = statement.setPageSize(limit);
        }
        return new Rows(backend.session().executeAsync(statement));
    }

    private static Row advance(Iterator<Row> rows) {
        return rows.hasNext() ? rows.next() : null;
    }
}
