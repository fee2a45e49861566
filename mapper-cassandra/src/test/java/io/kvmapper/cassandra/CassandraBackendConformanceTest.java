package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvBackendConformanceTest;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Runs the storage SPI conformance suite against a real Cassandra node, every partition allowed to hold
 * counters (the suite adds to keys beside plain values). Cassandra transactions detect no conflicts and
 * its reads take no snapshots (the backend says so), so the suite skips the tests of those; its claims and
 * checked writes, lightweight transactions, run the same tests as everywhere.
 */
class CassandraBackendConformanceTest extends KvBackendConformanceTest {
    private static final String KEYSPACE = "conformance";
    private static CqlSession session;

    @BeforeAll
    static void connect() {
        session = CassandraTestServer.shared().newSession();
        // creates the keyspace and tables once; each test then starts from truncated tables
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
        return CassandraKvStore.options().counterPartitions(CounterPartitions.all());
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
