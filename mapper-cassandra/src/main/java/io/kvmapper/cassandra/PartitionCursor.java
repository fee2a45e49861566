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
 * completed with a read of its chunks. A page is fetched only when the cursor is asked for an item beyond the
 * last one fetched, so a scan that stops at the end of a page reads no further.
 */
final class PartitionCursor extends CursorBase {
    private final CassandraBackend backend;
    private final PartitionRange range;
    private final byte[] stored;
    private final boolean reverse;
    private final int limit;
    private final int pageRows;
    private Iterator<Row> dataRows;
    private Iterator<Row> counterRows;
    private Row data;
    private Row counter;
    private boolean started;
    private boolean dataDue;
    private boolean counterDue;
    private boolean positioned;

    /**
     * @param range the range, in the partition
     * @param stored the stored partition to read: the partition, or one of its buckets
     */
    PartitionCursor(CassandraBackend backend, PartitionRange range, byte[] stored, boolean reverse, int limit) {
        this(backend, range, stored, reverse, limit, 0);
    }

    /**
     * @param range the range, in the partition
     * @param stored the stored partition to read: the partition, or one of its buckets
     * @param pageRows the rows a page fetches, at most the backend's page size; 0 for the backend's page size, or
     *     the limit if smaller
     */
    PartitionCursor(CassandraBackend backend, PartitionRange range, byte[] stored, boolean reverse, int limit,
            int pageRows) {
        super(limit, () -> "scan of " + range + " in " + backend.where());
        this.backend = backend;
        this.range = range;
        this.stored = stored;
        this.reverse = reverse;
        this.limit = limit;
        this.pageRows = pageRows;
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
            dataDue = true;
            counterDue = true;
        }
        while (true) {
            // a row is taken from its page only now that an item is asked for: the next page waits until needed
            if (dataDue) {
                dataDue = false;
                data = advance(dataRows);
            }
            if (counterDue) {
                counterDue = false;
                counter = advance(counterRows);
            }
            if (data == null && counter == null) {
                return null;
            }
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
                dataDue = true;
            }
            if (order >= 0) {
                sum = counter.isNull(1) ? null : counter.getLong(1); // a row holding only a mark: no counter
                counterDue = true;
            }
            if (chunked) {
                value = backend.readChunked(stored, range.partition(), sortKey);
            }
            byte[] combined = StoredValues.combine(value, sum);
            if (combined != null) {
                return new KeyValue(range.key(sortKey), combined);
            }
            // a chunked value deleted while we read it, or a row holding only a mark
        }
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
        if (pageRows > 0 && pageRows < backend.pageSize()) {
            statement = statement.setPageSize(pageRows);
        } else if (limited && limit < backend.pageSize()) {
            statement = statement.setPageSize(limit);
        }
        return new Rows(backend.session().executeAsync(statement));
    }

    private static Row advance(Iterator<Row> rows) {
        return rows.hasNext() ? rows.next() : null;
    }
}
