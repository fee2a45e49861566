package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import io.kvmapper.KvMapperException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import java.util.Arrays;
import java.util.Iterator;

/**
 * A scan of a range that spans partitions. Cassandra cannot list the partitions of a key range (they are
 * placed by hash), so this walks every partition of the data and counter tables in token order
 * ({@code SELECT DISTINCT}, paged) and scans the part of the range inside each one that overlaps it. Each
 * partition's keys come in order; the partitions come in token order, not key order.
 */
final class SpanningCursor extends CursorBase {
    private final CassandraBackend backend;
    private final KeyRange range;
    private final boolean reverse;
    private Partitions partitions;
    private PartitionCursor current;

    SpanningCursor(CassandraBackend backend, KeyRange range, boolean reverse, int limit) {
        super(limit, "scan of " + range + " across partitions of " + backend.where());
        this.backend = backend;
        this.range = range;
        this.reverse = reverse;
    }

    @Override
    KeyValue fetch() {
        if (partitions == null) {
            partitions = new Partitions(backend);
        }
        while (true) {
            if (current != null) {
                if (current.hasNext()) {
                    return current.next();
                }
                current.close();
                current = null;
            }
            byte[] partition = partitions.next();
            if (partition == null) {
                return null;
            }
            PartitionRange part = PartitionRange.intersect(range, partition);
            if (part != null) {
                current = new PartitionCursor(backend, part, reverse, 0);
            }
        }
    }

    @Override
    void releaseResources() {
        if (current != null) {
            current.close();
        }
    }

    @Override
    KvMapperException failure(String what, RuntimeException e) {
        return backend.failure(what, e);
    }

    /**
     * Every partition of the data and counter tables once, in token order: the two tables' paged
     * {@code SELECT DISTINCT} lists merged by token (and by key for partitions that share a token).
     */
    static final class Partitions {
        private final Iterator<Row> data;
        private final Iterator<Row> counters;
        private Row dataHead;
        private Row counterHead;

        Partitions(CassandraBackend backend) {
            Statements statements = backend.statements();
            this.data = backend.session().execute(statements.bindRead(statements.partitions(false))).iterator();
            this.counters = backend.session().execute(statements.bindRead(statements.partitions(true))).iterator();
            this.dataHead = data.hasNext() ? data.next() : null;
            this.counterHead = counters.hasNext() ? counters.next() : null;
        }

        /** The next partition, or {@code null} after the last. */
        byte[] next() {
            if (dataHead == null && counterHead == null) {
                return null;
            }
            int order = dataHead == null ? 1 : counterHead == null ? -1 : compare(dataHead, counterHead);
            byte[] partition = Statements.bytes((order <= 0 ? dataHead : counterHead).getByteBuffer(0));
            if (order <= 0) {
                dataHead = data.hasNext() ? data.next() : null;
            }
            if (order >= 0) {
                counterHead = counters.hasNext() ? counters.next() : null;
            }
            return partition;
        }

        private static int compare(Row a, Row b) {
            Token ta = a.getToken(1);
            Token tb = b.getToken(1);
            int byToken = ta.compareTo(tb);
            return byToken != 0 ? byToken
                    : Arrays.compareUnsigned(Statements.bytes(a.getByteBuffer(0)), Statements.bytes(b.getByteBuffer(0)));
        }
    }
}
