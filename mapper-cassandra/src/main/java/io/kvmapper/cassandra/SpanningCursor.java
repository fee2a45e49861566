package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import io.kvmapper.KvMapperException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import java.util.Arrays;
import java.util.Iterator;

/**
 * A scan of a range that spans partitions. Cassandra cannot list the partitions of a key range (they are
 * placed by hash), so this walks every stored partition of the data and counter tables in token order
 * ({@code SELECT DISTINCT}, paged) and scans the part of the range inside each one that overlaps it. Each
 * stored partition's keys come in order (forward or reverse); the stored partitions come in token order,
 * not key order, in either direction. A bucketed partition thus comes as one run of keys per bucket, each
 * where its bucket's token puts it: the scan order ({@link CassandraBackend#compareInScanOrder}) depends on
 * where keys are stored, never on what else is stored.
 *
 * <p>Resumed after a key ({@link CassandraBackend#resume}), it scans the rest of the stored partition that key
 * would be stored in (the keys above it, or below it in reverse), then lists stored partitions from that
 * one's token on, passing over those that do not come after it.
 */
final class SpanningCursor extends CursorBase {
    private final CassandraBackend backend;
    private final KeyRange range;
    private final boolean reverse;
    private final byte[] resumeAfter;
    private CassandraBackend.ScanPosition after;
    private Partitions partitions;
    private CursorBase current;

    /**
     * @param resumeAfter the key after which to resume ({@link CassandraBackend#resume}), or {@code null} for the
     *     whole range
     */
    SpanningCursor(CassandraBackend backend, KeyRange range, boolean reverse, int limit, byte[] resumeAfter) {
        super(limit, () -> "scan of " + range + " across partitions of " + backend.where());
        this.backend = backend;
        this.range = range;
        this.reverse = reverse;
        this.resumeAfter = resumeAfter;
    }

    @Override
    KeyValue fetch() {
        if (partitions == null) {
            start();
        }
        while (true) {
            if (current != null) {
                if (current.hasNext()) {
                    return current.next();
                }
                current.close();
                current = null;
            }
            byte[] stored = partitions.next();
            if (stored == null) {
                return null;
            }
            if (after != null && new CassandraBackend.ScanPosition(backend.tokenOf(stored), stored).compareTo(after) <= 0) {
                continue; // at or before the stored partition the scan resumed in
            }
            PartitionRange part = PartitionRange.intersect(range, Placement.partitionOf(stored));
            if (part != null) {
                current = new PartitionCursor(backend, part, stored, reverse, 0);
            }
        }
    }

    private void start() {
        if (resumeAfter == null) {
            partitions = new Partitions(backend, null);
            return;
        }
        byte[] partition = Arrays.copyOf(resumeAfter, PartitionRange.partitionLength(resumeAfter));
        byte[] at = Arrays.copyOfRange(resumeAfter, partition.length, resumeAfter.length);
        byte[] stored = backend.placement().stored(partition, at).array();
        after = new CassandraBackend.ScanPosition(backend.tokenOf(stored), stored);
        partitions = new Partitions(backend, after.token());
        PartitionRange part = PartitionRange.intersect(range, partition);
        if (part != null) {
            byte[] next = KeyRange.successor(at);
            part = reverse
                    ? new PartitionRange(partition, part.from(),
                            part.to() == null || Arrays.compareUnsigned(at, part.to()) < 0 ? at : part.to())
                    : new PartitionRange(partition, Arrays.compareUnsigned(next, part.from()) > 0 ? next : part.from(),
                            part.to());
            if (part.to() == null || Arrays.compareUnsigned(part.from(), part.to()) < 0) {
                current = new PartitionCursor(backend, part, stored, reverse, 0);
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
     * Every stored partition of the data and counter tables once, in token order: the two tables' paged
     * {@code SELECT DISTINCT} lists merged by token (and by bytes for partitions that share a token).
     */
    static final class Partitions {
        private final Iterator<Row> data;
        private final Iterator<Row> counters;
        private Row dataHead;
        private Row counterHead;

        /** @param fromToken the first token to list, or {@code null} for all */
        Partitions(CassandraBackend backend, Token fromToken) {
            this.data = list(backend, false, fromToken);
            this.counters = list(backend, true, fromToken);
            this.dataHead = data.hasNext() ? data.next() : null;
            this.counterHead = counters.hasNext() ? counters.next() : null;
        }

        private static Iterator<Row> list(CassandraBackend backend, boolean counterTable, Token fromToken) {
            Statements statements = backend.statements();
            PreparedStatement listing = statements.partitions(counterTable, fromToken != null);
            return new Rows(backend.session().executeAsync(fromToken == null ? statements.bindRead(listing)
                    : statements.read(listing.bind().setToken(0, fromToken))));
        }

        /** The next stored partition, or {@code null} after the last. */
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
