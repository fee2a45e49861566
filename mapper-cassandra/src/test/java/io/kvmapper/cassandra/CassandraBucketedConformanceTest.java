package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvBackendConformanceTest;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The storage SPI conformance suite again, with every partition spread over four buckets: point reads and
 * writes go to one bucket, scans merge every bucket's rows, and the suite's order, limit, reverse,
 * resumption, range deletion, counter, claim and checked-write tests must still hold.
 */
class CassandraBucketedConformanceTest extends KvBackendConformanceTest {
    private static final String KEYSPACE = "conformance_buckets";
    private static CqlSession session;

    @BeforeAll
    static void connect() {
        session = CassandraTestServer.shared().newSession();
        CassandraKvStore.openBackend(session, KEYSPACE, options()
                .keyspaceReplication(Map.of("class", "SimpleStrategy", "replication_factor", "1"))).close();
    }

    @AfterAll
    static void disconnect() {
        if (session != null) {
            session.close();
        }
    }

    static CassandraKvStore.Options options() {
        return CassandraKvStore.options().counterPartitions(CounterPartitions.all())
                .bucketedPartitions(BucketedPartitions.all()).partitionBuckets(4);
    }

    @Override
    protected KvBackend openBackend() {
        for (String table : new String[] {"kv", "kv_chunks", "kv_counters"}) {
            session.execute("TRUNCATE " + KEYSPACE + "." + table);
        }
        return reopenBackend();
    }

    @Override
    protected KvBackend reopenBackend() {
        return CassandraKvStore.openBackend(session, KEYSPACE, options());
    }
}
