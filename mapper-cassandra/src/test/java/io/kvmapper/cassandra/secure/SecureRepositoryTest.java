package io.kvmapper.cassandra.secure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.StorageException;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.cassandra.CassandraTestServer;
import io.kvmapper.cassandra.SecureCassandraTestServer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A generated repository over an encrypted, authenticated connection with a least-privilege role: once a role
 * holding {@code CREATE} has created the tables, a role holding only {@code SELECT} and {@code MODIFY} on the
 * keyspace saves, inserts, finds by key and by both indexes, reads counters, runs a unit of work, updates a field,
 * deletes and verifies; a role holding only {@code SELECT} reads and is refused each write, naming the permission,
 * with nothing written. On the one secure node the {@code secure-node} execution starts
 * ({@link SecureCassandraTestServer#shared()}).
 */
@Tag("secure-node")
@Timeout(300)
class SecureRepositoryTest {
    private static final String KEYSPACE = "secure_repositories";
    /** A table set per test, so that neither sees the other's entities. */
    private static final String APP_TABLE = "app";
    private static final String READER_TABLE = "reader";

    private static SecureCassandraTestServer node;
    private static SecureCassandraTestServer.Role app;
    private static SecureCassandraTestServer.Role reader;

    @BeforeAll
    static void createRolesAndTables() {
        node = SecureCassandraTestServer.shared();
        node.createKeyspace(KEYSPACE);
        SecureCassandraTestServer.Role schema = node.createRole("secure_repositories_schema", KEYSPACE, "CREATE");
        app = node.createRole("secure_repositories_app", KEYSPACE, "SELECT", "MODIFY");
        reader = node.createRole("secure_repositories_reader", KEYSPACE, "SELECT");
        // once, by the role that may create tables, as docs/security.md tells operators to do
        open(schema, APP_TABLE).close();
        open(schema, READER_TABLE).close();
    }

    @Test
    void aLeastPrivilegeRoleRunsEveryRepositoryOperationOverTls() {
        try (KvStore store = open(app, APP_TABLE)) {
            SubscriberRepository subscribers = new SubscriberRepository(store);
            Subscriber ann = subscribers.insert(new Subscriber(1, "ann@x", "pro", 3));
            assertEquals(new Subscriber(1, "ann@x", "pro", 3), ann);
            subscribers.save(new Subscriber(2, "bob@x", "free", 1));
            subscribers.save(new Subscriber(3, "cat@x", "pro", 5));

            assertEquals(Optional.of(ann), subscribers.findById(1));
            assertEquals(3, subscribers.findByEmail("cat@x").orElseThrow().id());
            assertEquals(List.of(1L, 3L), subscribers.findByPlan("pro").stream().map(Subscriber::id).toList());
            assertEquals(3, subscribers.countTotal());
            assertEquals(Map.of("free", 1L, "pro", 2L), subscribers.countByPlan());
            assertThrows(UniqueConstraintException.class,
                    () -> subscribers.save(new Subscriber(4, "ann@x", "free", 1)), "a claim held by another record");
            assertFalse(subscribers.existsById(4), "the refused save wrote nothing");

            store.transact(tx -> { // one unit of work: a delete releases an email that an insert then claims
                assertTrue(subscribers.with(tx).deleteById(2));
                subscribers.with(tx).insert(new Subscriber(4, "bob@x", "pro", 2));
            });
            assertEquals(4, subscribers.findByEmail("bob@x").orElseThrow().id());
            assertTrue(subscribers.updatePlan(1, "free"));
            assertEquals(Map.of("free", 1L, "pro", 2L), subscribers.countByPlan());
            assertEquals(List.of(3L, 4L), subscribers.findByPlan("pro").stream().map(Subscriber::id).toList());

            IntegrityReport report = subscribers.verify();
            assertTrue(report.isClean(), report.toString());
            assertEquals(3, report.recordsChecked());
        }
    }

    @Test
    void aRoleThatMayOnlyReadFindsAndIsRefusedEachWriteWithNothingWritten() {
        try (KvStore store = open(app, READER_TABLE)) {
            new SubscriberRepository(store).save(new Subscriber(10, "dan@x", "team", 7));
        }
        try (KvStore store = open(reader, READER_TABLE)) {
            SubscriberRepository subscribers = new SubscriberRepository(store);
            assertEquals("dan@x", subscribers.findById(10).orElseThrow().email());
            StorageException refused = assertThrows(StorageException.class,
                    () -> subscribers.save(new Subscriber(11, "eve@x", "team", 1)));
            assertTrue(refused.getMessage().contains("MODIFY"), refused.getMessage());
            assertFalse(subscribers.existsById(11));
            assertTrue(subscribers.findByEmail("eve@x").isEmpty(), "no claim left behind");
            assertEquals(1, subscribers.countByPlan("team"));
        }
    }

    private static KvStore open(SecureCassandraTestServer.Role role, String table) {
        return node.options(role).table(table).open(List.of(node.address()), CassandraTestServer.DATACENTER, KEYSPACE);
    }
}
