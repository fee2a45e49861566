package io.kvmapper.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.ssl.ProgrammaticSslEngineFactory;
import io.kvmapper.KvStore;
import io.kvmapper.Multimap;
import io.kvmapper.StorageException;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Stores on a node that requires a login and TLS ({@link SecureCassandraTestServer}): a role holding only
 * {@code SELECT} and {@code MODIFY} on the keyspace does everything a store does once another role, holding
 * {@code CREATE}, has created the tables; and a wrong password, a missing permission, a failed TLS handshake and a
 * plain-text client each fail promptly with a {@link StorageException} that says which, without retrying.
 */
@Tag("secure-node")
@Timeout(300)
class SecureStoreTest {
    private static final String KEYSPACE = "secure_store";
    /** Generous: the driver's connect and init-query timeouts are 5 s each; the machine is small and shared. */
    private static final Duration PROMPTLY = Duration.ofSeconds(30);
    /** Longer than the driver's first reconnection delay (1 s): a client that kept trying would show by then. */
    private static final long RETRY_WATCH_MILLIS = 2_500;
    /**
     * One attempt to connect to one contact point: the driver negotiates the protocol version with a connection
     * per version it tries (DSE_V2 and DSE_V1, refused by Cassandra at once, then V5), and logs in once.
     */
    private static final int MAX_CONNECTIONS_OF_ONE_ATTEMPT = 3;
    private static final int CHUNK = 1_024;

    private static SecureCassandraTestServer node;
    private static SecureCassandraTestServer.Role app;
    private static SecureCassandraTestServer.Role reader;
    private static SecureCassandraTestServer.Role schema;

    @BeforeAll
    static void createRolesAndTables() {
        node = SecureCassandraTestServer.shared();
        node.createKeyspace(KEYSPACE);
        schema = node.createRole("secure_store_schema", KEYSPACE, "CREATE");
        app = node.createRole("secure_store_app", KEYSPACE, "SELECT", "MODIFY");
        reader = node.createRole("secure_store_reader", KEYSPACE, "SELECT");
        // once, by the role that may create tables: what docs/security.md tells operators to do
        node.options(schema).valueChunkSize(CHUNK).open(contactPoints(), CassandraTestServer.DATACENTER, KEYSPACE)
                .close();
    }

    @Test
    void aRoleHoldingOnlySelectAndModifyDoesEverythingAStoreDoesOverTls() {
        CassandraKvStore.Options options = node.options(app).valueChunkSize(CHUNK)
                // the keyspace exists, so this creates nothing and needs no CREATE
                .keyspaceReplication(Map.of("class", "SimpleStrategy", "replication_factor", "1"));
        try (KvStore store = options.open(contactPoints(), CassandraTestServer.DATACENTER, KEYSPACE)) {
            byte[] large = new byte[5 * CHUNK + 7];
            Arrays.fill(large, (byte) 7);
            store.transact(tx -> { // a unit of work: records, a unique claim, a checked write, counters
                KvTransaction work = tx.unwrap(KvTransaction.class);
                assertNull(work.claim(entry("ann@x"), record(1)));
                work.put(record(1), value("ann"));
                work.put(record(2), value("bob"));
                work.put(record(3), large);
                work.writeIfUnchanged(record(4), null, value("versioned"));
                work.add(counter("users"), 3);
            });
            KvBackend backend = store.unwrap(KvBackend.class);
            assertArrayEquals(value("ann"), backend.get(record(1)));
            assertArrayEquals(large, backend.get(record(3)), "a chunked value, from the chunk table");
            assertEquals(List.of("ann", "bob"), backend.getAll(List.of(record(1), record(2))).stream()
                    .map(bytes -> (String) Tuples.decode(bytes).get(0)).toList());
            assertEquals(3, Counters.decode(counter("users"), backend.get(counter("users"))));
            assertEquals(4, keys(backend, new KeyRange(record(1), record(5))).size(),
                    "a scan spanning the records' partitions lists the partitions (SELECT DISTINCT)");

            store.transact(tx -> { // claims race, are released, and checked writes replace
                KvTransaction work = tx.unwrap(KvTransaction.class);
                try (KvTransaction rival = backend.beginTransaction()) {
                    assertArrayEquals(record(1), rival.claim(entry("ann@x"), record(9)), "the rival sees the holder");
                }
                assertNull(work.claim(entry("ann@y"), record(1)));
                work.release(entry("ann@x"), record(1));
                work.writeIfUnchanged(record(4), value("versioned"), value("versioned 2"));
                work.add(counter("users"), -1);
                work.delete(record(2));
            });
            assertNull(backend.get(entry("ann@x")), "released");
            assertArrayEquals(record(1), backend.get(entry("ann@y")));
            assertArrayEquals(value("versioned 2"), backend.get(record(4)));
            assertEquals(2, Counters.decode(counter("users"), backend.get(counter("users"))));

            assertThrows(IllegalStateException.class, () -> store.transact(tx -> {
                assertNull(tx.unwrap(KvTransaction.class).claim(entry("cat@x"), record(5)));
                throw new IllegalStateException("the unit of work fails after its claim");
            }));
            assertNull(backend.get(entry("cat@x")), "the failed unit of work's claim was withdrawn");

            Multimap<String, String> tags = store.multimap("tags", String.class, String.class);
            tags.add("ann", "admin");
            tags.add("ann", "admin");
            tags.allowingNegativeCounts().remove("ann", "admin");
            assertEquals(Map.of("admin", 1L), tags.counts("ann"));

            store.transact(tx -> tx.unwrap(KvTransaction.class).deleteRange(KeyRange.startingWith(record(3))));
            assertNull(backend.get(record(3)), "a range deletion, in the data and chunk tables");
        }
    }

    @Test
    void aSessionTheCallerConnectedOpensTheStoreWithWhateverItWasGiven() {
        try (CqlSession session = CqlSession.builder().addContactPoint(node.address())
                .withLocalDatacenter(CassandraTestServer.DATACENTER).withAuthCredentials(app.name(), app.password())
                .withSslEngineFactory(new ProgrammaticSslEngineFactory(node.sslContext(), null, true)).build();
                KvStore store = CassandraKvStore.options().valueChunkSize(CHUNK).open(session, KEYSPACE)) {
            store.transact(tx -> tx.unwrap(KvTransaction.class).put(record(10), value("through the caller's session")));
            assertArrayEquals(value("through the caller's session"), store.unwrap(KvBackend.class).get(record(10)));
        }
    }

    @Test
    void aWrongPasswordIsRefusedPromptlyOnceSayingSoWithoutThePassword() {
        String wrong = app.password() + "-wrong";
        Refusal refusal = refused(proxy -> CassandraKvStore.options().credentials(app.name(), wrong)
                .sslContext(node.sslContext()).open(List.of(proxy), CassandraTestServer.DATACENTER, KEYSPACE));

        assertTrue(refusal.message().contains("(local data center datacenter1): the cluster refused the login of user"
                + " secure_store_app (a wrong user name or password, or a role that may not log in): Authentication"
                + " error on node"), refusal.message());
        assertFalse(refusal.message().contains(wrong), refusal.message());
    }

    @Test
    void aClientWithoutCredentialsIsToldTheClusterRequiresALogin() {
        Refusal refusal = refused(proxy -> CassandraKvStore.options().sslContext(node.sslContext())
                .open(List.of(proxy), CassandraTestServer.DATACENTER, KEYSPACE));

        assertTrue(refusal.message().contains(": the cluster requires a login, and none was given ("),
                refusal.message());
        assertTrue(refusal.message().endsWith("; give CassandraKvStore.Options.credentials(username, password)"),
                refusal.message());
    }

    @Test
    void aFailedTlsHandshakeIsRefusedPromptlyOnceSayingSo() throws Exception {
        SSLContext trustsOnlyPublicAuthorities = SSLContext.getDefault();
        Refusal refusal = refused(proxy -> node.options(app).sslContext(trustsOnlyPublicAuthorities)
                .open(List.of(proxy), CassandraTestServer.DATACENTER, KEYSPACE));

        assertTrue(refusal.message().contains(": the TLS handshake failed (PKIX path building failed"),
                refusal.message());
        assertTrue(refusal.message().endsWith("; check that the sslContext trusts the cluster's certificate authority"
                + " and that the certificates name the nodes (or turn off sslHostnameValidation), and that the nodes"
                + " speak TLS"), refusal.message());
    }

    @Test
    void aPlainTextClientIsRefusedByTheTlsOnlyNodeAndToldToGiveAnSslContext() {
        Refusal refusal = refused(proxy -> CassandraKvStore.options().credentials(app.name(), app.password())
                .open(List.of(proxy), CassandraTestServer.DATACENTER, KEYSPACE));

        assertTrue(refusal.message().contains(": the node closed the connection while it was being set up, as a node"
                + " that requires TLS (client_encryption_options) does with a plain-text client; give"
                + " CassandraKvStore.Options.sslContext ("), refusal.message());
    }

    @Test
    void tablesThatAreMissingAndMayNotBeCreatedSayWhichPermissionAndHowToCreateThemOnce() {
        long begin = System.nanoTime();
        StorageException e = assertThrows(StorageException.class, () -> node.options(app).table("not_created")
                .open(contactPoints(), CassandraTestServer.DATACENTER, KEYSPACE));
        assertTrue(Duration.ofNanos(System.nanoTime() - begin).compareTo(PROMPTLY) < 0);

        assertFalse(e.isRetryable());
        assertEquals("Cassandra tables secure_store.not_created, secure_store.not_created_chunks,"
                + " secure_store.not_created_counters of the store do not exist, and this role may not create them:"
                + " User secure_store_app has no CREATE permission on <all tables in secure_store> or any of its"
                + " parents. Creating them needs CREATE ON KEYSPACE secure_store: open the store once with a role that"
                + " holds it, which creates them; then this role needs only SELECT and MODIFY on the keyspace"
                + " (docs/security.md shows the CQL)", e.getMessage());

        node.options(schema).table("not_created").open(contactPoints(), CassandraTestServer.DATACENTER, KEYSPACE)
                .close();
        try (KvStore store = node.options(app).table("not_created").open(contactPoints(),
                CassandraTestServer.DATACENTER, KEYSPACE)) {
            store.transact(tx -> tx.unwrap(KvTransaction.class).put(record(1), value("now it opens")));
        }
    }

    @Test
    void aKeyspaceThatIsMissingAndMayNotBeCreatedSaysWhichPermission() {
        StorageException e = assertThrows(StorageException.class, () -> node.options(app)
                .keyspaceReplication(Map.of("class", "SimpleStrategy", "replication_factor", "1"))
                .open(contactPoints(), CassandraTestServer.DATACENTER, "secure_store_missing"));

        assertFalse(e.isRetryable());
        assertTrue(e.getMessage().startsWith("Cassandra keyspace secure_store_missing does not exist, and this role"
                + " may not create it: User secure_store_app has no CREATE permission on <all keyspaces> or any of"
                + " its parents. Creating a keyspace needs CREATE ON ALL KEYSPACES;"), e.getMessage());
    }

    @Test
    void aRoleWithoutModifyIsRefusedEachWriteNamingThePermissionAndNothingUntrueIsLogged() {
        try (CapturedLogs logs = new CapturedLogs("io.kvmapper");
                CassandraBackend backend = CassandraKvStore.openBackend(contactPoints(), CassandraTestServer.DATACENTER,
                        KEYSPACE, node.options(reader).valueChunkSize(CHUNK))) {
            putAsApp(record(20), value("written by the app role"));
            assertArrayEquals(value("written by the app role"), backend.get(record(20)), "reading needs only SELECT");

            try (KvTransaction tx = backend.beginTransaction()) {
                StorageException claim = assertThrows(StorageException.class,
                        () -> tx.claim(entry("reader@x"), record(7)));
                assertFalse(claim.isRetryable());
                assertEquals("Cassandra table secure_store.kv: claim of key ((\"User\", \"i\", \"email\"),"
                        + " \"reader@x\") failed for want of a permission: User secure_store_reader has no MODIFY"
                        + " permission on <table secure_store.kv> or any of its parents (docs/security.md lists the"
                        + " permissions each operation needs)", claim.getMessage());
            }
            try (KvTransaction tx = backend.beginTransaction()) {
                tx.put(record(27), value("reader"));
                tx.writeIfUnchanged(record(28), null, value("reader"));
                StorageException commit = assertThrows(StorageException.class, tx::commit);
                assertFalse(commit.isRetryable());
                assertTrue(commit.getMessage().startsWith("Cassandra table secure_store.kv: checked write of key"
                        + " ((\"User\", \"r\", 28)) failed for want of a permission: User secure_store_reader has no"
                        + " MODIFY permission"), commit.getMessage());
            }
            try (KvTransaction tx = backend.beginTransaction()) {
                tx.add(counter("users"), 1);
                StorageException commit = assertThrows(StorageException.class, tx::commit);
                assertTrue(commit.getMessage().contains("failed for want of a permission: User"
                        + " secure_store_reader has no MODIFY permission on <table secure_store.kv_counters>"),
                        commit.getMessage());
            }
            assertNull(backend.get(entry("reader@x")));
            assertNull(backend.get(record(27)));
            assertNull(backend.get(record(28)));
            assertEquals(List.of(), logs.records(), "nothing was written, so there is nothing to warn about");
        }
    }

    @Test
    void aRoleWithoutPermissionsOpensTheStoreButEachReadIsRefusedNamingSelect() {
        SecureCassandraTestServer.Role nobody = node.createRole("secure_store_nobody", KEYSPACE);
        try (CassandraBackend backend = CassandraKvStore.openBackend(contactPoints(), CassandraTestServer.DATACENTER,
                KEYSPACE, node.options(nobody).valueChunkSize(CHUNK))) {
            StorageException e = assertThrows(StorageException.class, () -> backend.get(record(1)));

            assertFalse(e.isRetryable());
            assertTrue(e.getMessage().contains(" failed for want of a permission: User secure_store_nobody has no"
                    + " SELECT permission on <table secure_store.kv> or any of its parents"), e.getMessage());
        }
    }

    /** A store open was refused: its exception, and how many connections the client opened. */
    private record Refusal(StorageException exception, int connections) {
        String message() {
            return exception.getMessage();
        }
    }

    /**
     * Opens a store through a proxy to the node, as {@code open} does given the proxy's address, and checks that it
     * fails promptly, not retryably, having made one attempt, and that the client does not connect again.
     */
    private static Refusal refused(Opener open) {
        try (CountingProxy proxy = new CountingProxy(node.address())) {
            long begin = System.nanoTime();
            StorageException e = assertThrows(StorageException.class, () -> open.open(proxy.address()).close());
            Duration took = Duration.ofNanos(System.nanoTime() - begin);
            assertTrue(took.compareTo(PROMPTLY) < 0, "refused after " + took);
            assertFalse(e.isRetryable(), "the same options fail the same way: " + e.getMessage());
            int connections = proxy.connections();
            assertTrue(connections >= 1 && connections <= MAX_CONNECTIONS_OF_ONE_ATTEMPT, connections + " connections");
            CassandraTestServer.sleep(RETRY_WATCH_MILLIS);
            assertEquals(connections, proxy.connections(), "no connection after the refusal");
            return new Refusal(e, connections);
        }
    }

    @FunctionalInterface
    private interface Opener {
        KvStore open(InetSocketAddress contactPoint);
    }

    private static void putAsApp(byte[] key, byte[] value) {
        try (KvStore store = node.options(app).valueChunkSize(CHUNK).open(contactPoints(),
                CassandraTestServer.DATACENTER, KEYSPACE)) {
            store.transact(tx -> tx.unwrap(KvTransaction.class).put(key, value));
        }
    }

    private static List<byte[]> keys(KvBackend backend, KeyRange range) {
        List<byte[]> keys = new ArrayList<>();
        try (KvCursor cursor = backend.scan(range, ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                keys.add(item.key());
            }
        }
        return keys;
    }

    private static List<InetSocketAddress> contactPoints() {
        return List.of(node.address());
    }

    /** A unique index entry of the KV Mapper layout: {@code (("User", "i", "email"), value)}. */
    private static byte[] entry(String email) {
        return Tuples.encode(List.of("User", "i", "email"), email);
    }

    /** A record key of the KV Mapper layout, a partition of its own: {@code (("User", "r", id))}. */
    private static byte[] record(long id) {
        return Tuples.encode(List.of("User", "r", id));
    }

    /** A counter group of the KV Mapper layout, in a partition that may hold counters. */
    private static byte[] counter(String name) {
        return Tuples.encode(List.of("User", "c", name), "all");
    }

    private static byte[] value(String text) {
        return Tuples.encode(text);
    }
}
