package io.kvmapper.it.requests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.tracker.RequestTracker;
import io.kvmapper.DuplicateKeyException;
import io.kvmapper.KvStore;
import io.kvmapper.PageRequest;
import io.kvmapper.RetryPolicy;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.cassandra.CassandraKvStore;
import io.kvmapper.cassandra.CassandraTestServer;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.it.TestStores;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How many requests the repository's operations send to Cassandra, counted by a driver {@link RequestTracker}
 * (each statement, batch and page is one): no more than hand-written driver code with the same guarantees sends
 * (issue 22, mapper-benchmarks' CassandraShopBenchmark). Runs in the Cassandra execution only.
 */
class CassandraRequestsTest {
    private static final String KEYSPACE = "kvmapper_requests";
    private static Requests requests;
    private static CqlSession session;
    private static KvStore store;
    private ShopperRepository shoppers;

    @BeforeAll
    static void open() {
        assumeTrue(TestStores.onCassandra(), "counts Cassandra requests");
        requests = new Requests();
        session = CassandraTestServer.shared().newSession(requests);
        store = KvStoreImpl.open(CassandraKvStore.openBackend(session, KEYSPACE, CassandraKvStore.options()
                .requestTimeout(Duration.ofSeconds(30))
                .keyspaceReplication(Map.of("class", "SimpleStrategy", "replication_factor", "1"))),
                RetryPolicy.DEFAULT);
    }

    @AfterAll
    static void close() {
        if (store != null) {
            store.close();
            session.close();
        }
    }

    @BeforeEach
    void empty() {
        for (String table : List.of("kv", "kv_chunks", "kv_counters")) {
            session.execute("TRUNCATE " + KEYSPACE + "." + table);
        }
        shoppers = new ShopperRepository(store);
    }

    @Test
    void insertIsTheClaimTheCheckedInsertOneBatchAndTheCounterAdds() {
        requests.reset();
        shoppers.insert(new Shopper(1, "a@example.com", "A", "ACTIVE"));
        // as by hand: the email's INSERT IF NOT EXISTS, the record's INSERT IF NOT EXISTS (no SELECT before it:
        // it checks the key is free), the status entry, the counter batch
        List<String> sent = requests.settled(4);
        assertEquals(4, sent.size(), () -> "requests: " + sent);
        assertEquals(0, sent.stream().filter(r -> r.startsWith("SELECT")).count(), () -> "requests: " + sent);
        assertEquals(new Shopper(1, "a@example.com", "A", "ACTIVE"), shoppers.findById(1).orElseThrow());
        assertEquals(1, shoppers.countTotal());
    }

    @Test
    void anUpdateIsTheReadTheCheckedWriteOneBatchAndTheCounterAddsAndNothingMoreThanTheReadWhenNothingChanges() {
        shoppers.insert(new Shopper(1, "a@example.com", "A", "ACTIVE"));
        requests.reset();
        shoppers.updateStatus(1, "CLOSED");
        // as by hand: the read, the record's checked UPDATE, the index entries' batch (no chunk deletions: index
        // partitions hold no chunked values), the counter batch
        List<String> sent = requests.settled(4);
        assertEquals(4, sent.size(), () -> "requests: " + sent);
        assertEquals(List.of("BATCH of 2", "BATCH of 2"), sent.stream().filter(r -> r.startsWith("BATCH")).toList(),
                () -> "requests: " + sent);

        requests.reset();
        shoppers.updateStatus(1, "CLOSED");
        List<String> unchanged = requests.settled(1);
        assertEquals(1, unchanged.size(), () -> "a change to what the record holds only reads it: " + unchanged);
        assertEquals(new Shopper(1, "a@example.com", "A", "CLOSED"), shoppers.findById(1).orElseThrow());
        assertEquals(1, shoppers.countByStatus("CLOSED"));
        assertEquals(0, shoppers.countByStatus("ACTIVE"));
    }

    @Test
    void aCounterReadIsOneRequest() {
        shoppers.insert(new Shopper(1, "a@example.com", "A", "ACTIVE"));
        shoppers.insert(new Shopper(2, "b@example.com", "B", "ACTIVE"));
        requests.reset();
        assertEquals(2, shoppers.countByStatus("ACTIVE"));
        // as by hand: one SELECT of the counter (no read of a base row: the key is not marked as having one)
        List<String> sent = requests.settled(1);
        assertEquals(1, sent.size(), () -> "requests: " + sent);
        requests.reset();
        assertEquals(2, shoppers.countTotal());
        assertEquals(0, shoppers.countByStatus("CLOSED"));
        List<String> more = requests.settled(2);
        assertEquals(2, more.size(), () -> "requests: " + more);
    }

    @Test
    void theFirstOfAnIndexValueAreOneScanOfItsBucketAndTheRecords() {
        for (long id = 1; id <= 300; id++) {
            shoppers.insert(new Shopper(id, id + "@example.com", "S" + id, "ACTIVE"));
        }
        for (int n : new int[] {10, 100}) {
            requests.reset();
            List<Shopper> first = shoppers.findByStatus("ACTIVE", PageRequest.ofSize(n)).items();
            assertEquals(n, first.size());
            List<String> sent = requests.settled(1 + n);
            long scans = sent.stream().filter(r -> r.contains("key >= ?")).count();
            System.out.printf("first %d by status: %d requests, %d of them index scans%n", n, sent.size(), scans);
            // the value's entries lie in one bucket (buckets chosen by value): one scan, as a table keyed by the
            // status would need, then the records
            assertEquals(1, scans, () -> "requests: " + sent);
            assertEquals(n, sent.size() - scans, () -> "one read per record: " + sent);
        }
        List<Long> ids = shoppers.findByStatus("ACTIVE", PageRequest.ofSize(300)).items().stream()
                .map(Shopper::id).toList();
        assertEquals(java.util.stream.LongStream.rangeClosed(1, 300).boxed().toList(), ids);
    }

    @Test
    void anInsertOnATakenKeyStillFailsAsDuplicateAndChangesNothing() {
        shoppers.insert(new Shopper(1, "a@example.com", "A", "ACTIVE"));
        assertThrows(DuplicateKeyException.class,
                () -> shoppers.insert(new Shopper(1, "b@example.com", "B", "CLOSED")));
        // a taken key is reported before a taken unique value, as when the insert read its key first
        shoppers.insert(new Shopper(2, "b@example.com", "B", "CLOSED"));
        assertThrows(DuplicateKeyException.class,
                () -> shoppers.insert(new Shopper(1, "b@example.com", "C", "ACTIVE")));
        assertThrows(UniqueConstraintException.class,
                () -> shoppers.insert(new Shopper(3, "b@example.com", "C", "ACTIVE")));
        assertEquals(new Shopper(1, "a@example.com", "A", "ACTIVE"), shoppers.findById(1).orElseThrow());
        assertEquals(new Shopper(2, "b@example.com", "B", "CLOSED"), shoppers.findByEmail("b@example.com")
                .orElseThrow());
        assertEquals(1, shoppers.countByStatus("CLOSED"));
        assertEquals(2, shoppers.countTotal());
        assertEquals(List.of(), shoppers.verify().problems());
    }

    /** Records each request's CQL ("BATCH of n" for a batch), reported just after it completes. */
    private static final class Requests implements RequestTracker {
        private final List<String> sent = new CopyOnWriteArrayList<>();

        @Override
        public void onSuccess(Request request, long latencyNanos, DriverExecutionProfile profile, Node node,
                String logPrefix) {
            sent.add(describe(request));
        }

        @Override
        public void onError(Request request, Throwable error, long latencyNanos, DriverExecutionProfile profile,
                Node node, String logPrefix) {
            sent.add(describe(request));
        }

        /** Forgets what was recorded, once no report has come for 100 ms. */
        void reset() {
            int seen;
            do {
                seen = sent.size();
                pause(100);
            } while (sent.size() != seen);
            sent.clear();
        }

        /** What was recorded since the reset, once {@code expected} requests are and 200 ms passed without more. */
        List<String> settled(int expected) {
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (sent.size() < expected && System.nanoTime() < deadline) {
                pause(10);
            }
            pause(200);
            return List.copyOf(sent);
        }

        private static String describe(Request request) {
            if (request instanceof BoundStatement bound) {
                return bound.getPreparedStatement().getQuery();
            }
            if (request instanceof BatchStatement batch) {
                return "BATCH of " + batch.size();
            }
            return request.toString();
        }

        private static void pause(long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void close() {
        }
    }
}
