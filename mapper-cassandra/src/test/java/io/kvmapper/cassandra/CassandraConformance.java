package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvBackendConformanceTest;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The storage SPI conformance suite on the shared Cassandra test node, in a keyspace of its own opened with
 * the subclass's options: its tables are created on first use and truncated before every test.
 */
abstract class CassandraConformance extends KvBackendConformanceTest {
    private static final Set<String> CREATED = new HashSet<>();
    private static CqlSession session;

    @BeforeAll
    static void connect() {
        session = CassandraTestServer.shared().newSession();
    }

    @AfterAll
    static void disconnect() {
        if (session != null) {
            session.close();
        }
    }

    /** The keyspace this suite's store lives in. */
    abstract String keyspace();

    /** The options every backend of the suite is opened with. */
    abstract CassandraKvStore.Options options();

    @Override
    protected KvBackend openBackend() {
        if (CREATED.add(keyspace())) {
            CassandraKvStore.openBackend(session, keyspace(), options()
                    .keyspaceReplication(Map.of("class", "SimpleStrategy", "replication_factor", "1"))).close();
        }
        for (String table : new String[] {"kv", "kv_chunks", "kv_counters"}) {
            session.execute("TRUNCATE " + keyspace() + "." + table);
        }
        return reopenBackend();
    }

    @Override
    protected KvBackend reopenBackend() {
        return CassandraKvStore.openBackend(session, keyspace(), options());
    }
}
