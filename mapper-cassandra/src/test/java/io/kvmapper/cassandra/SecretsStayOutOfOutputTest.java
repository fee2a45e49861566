package io.kvmapper.cassandra;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.tuple.Tuples;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * No password appears in anything a run prints, failing or succeeding: the library's log records (every level),
 * standard output and error, the driver's and Netty's own logs at DEBUG (the secure-node execution writes them to
 * the file named by {@code org.slf4j.simpleLogger.logFile}), and every exception's message, {@code toString} and
 * stack trace with its causes, as well as the options', store's and backend's {@code toString}.
 */
@Tag("secure-node")
@Timeout(300)
class SecretsStayOutOfOutputTest {
    private static final String KEYSPACE = "secrets_store";

    @Test
    void noPasswordAppearsInWhatAFailingOrASucceedingRunPrints() throws IOException {
        SecureCassandraTestServer node = SecureCassandraTestServer.shared();
        node.createKeyspace(KEYSPACE);
        SecureCassandraTestServer.Role schema = node.createRole("secrets_schema", KEYSPACE, "CREATE");
        SecureCassandraTestServer.Role app = node.createRole("secrets_app", KEYSPACE, "SELECT", "MODIFY");
        SecureCassandraTestServer.Role reader = node.createRole("secrets_reader", KEYSPACE, "SELECT");
        String wrongPassword = app.password() + "-but-wrong";
        List<InetSocketAddress> at = List.of(node.address());
        String dc = CassandraTestServer.DATACENTER;
        StringBuilder printed = new StringBuilder();

        try (CapturedLogs logs = new CapturedLogs(""); CapturedOutput output = new CapturedOutput()) {
            // succeeding: the tables created once by the schema role, then used by the app role
            CassandraKvStore.Options schemaOptions = node.options(schema);
            printed.append(schemaOptions).append('\n');
            schemaOptions.open(at, dc, KEYSPACE).close();
            CassandraKvStore.Options appOptions = node.options(app);
            printed.append(appOptions).append('\n');
            try (KvStore store = appOptions.open(at, dc, KEYSPACE)) {
                printed.append(store).append('\n').append(store.unwrap(KvBackend.class)).append('\n');
                store.transact(tx -> {
                    KvTransaction work = tx.unwrap(KvTransaction.class);
                    work.claim(Tuples.encode(List.of("User", "i", "email"), "ann@x"), Tuples.encode(List.of("User",
                            "r", 1L)));
                    work.put(Tuples.encode(List.of("User", "r", 1L)), Tuples.encode("ann"));
                    work.add(Tuples.encode(List.of("User", "c", "users"), "all"), 1);
                });
                printed.append(store.multimap("tags", String.class, String.class).counts("ann")).append('\n');
            }

            // failing, each way a connection or a request can be refused
            printed.append(failure(() -> CassandraKvStore.options().credentials(app.name(), wrongPassword)
                    .sslContext(node.sslContext()).open(at, dc, KEYSPACE)));
            printed.append(failure(() -> node.options(app).sslContext(SSLContext.getDefault()).open(at, dc, KEYSPACE)));
            printed.append(failure(() -> CassandraKvStore.options().credentials(app.name(), app.password())
                    .open(at, dc, KEYSPACE)));
            printed.append(failure(() -> node.options(app).table("never_created").open(at, dc, KEYSPACE)));
            printed.append(failure(() -> node.options(app)
                    .keyspaceReplication(Map.of("class", "SimpleStrategy", "replication_factor", "1"))
                    .open(at, dc, "secrets_missing")));
            try (KvStore store = node.options(reader).open(at, dc, KEYSPACE)) {
                printed.append(failure(() -> {
                    store.transact(tx -> {
                        KvTransaction work = tx.unwrap(KvTransaction.class);
                        work.claim(Tuples.encode(List.of("User", "i", "email"), "bob@x"), Tuples.encode(List.of("User",
                                "r", 2L)));
                    });
                    return store;
                }));
                printed.append(failure(() -> {
                    store.transact(tx -> tx.unwrap(KvTransaction.class).put(Tuples.encode(List.of("User", "r", 3L)),
                            Tuples.encode("bob")));
                    return store;
                }));
            }
            logs.records().forEach(record -> printed.append(record).append('\n'));
            printed.append(output.text());
        }
        Path driverLog = Path.of(System.getProperty("org.slf4j.simpleLogger.logFile"));
        String driverLines = Files.readString(driverLog, StandardCharsets.UTF_8);
        assertTrue(driverLines.contains("DEBUG"), "the driver logged at DEBUG into " + driverLog);
        printed.append(driverLines);

        String everything = printed.toString();
        for (String evidence : List.of("credentials=user secrets_app with a password (hidden)",
                "the cluster refused the login of user secrets_app", "the TLS handshake failed",
                "the node closed the connection while it was being set up", "has no CREATE permission",
                "has no MODIFY permission")) {
            assertTrue(everything.contains(evidence), "what was captured says: " + evidence);
        }
        List<String> secrets = new ArrayList<>(node.secrets());
        secrets.add(wrongPassword);
        for (String secret : secrets) {
            int at0 = everything.indexOf(secret);
            assertFalse(at0 >= 0, () -> "a secret was printed: ..." + everything.substring(Math.max(0, at0 - 300),
                    at0).replace(secret, "<SECRET>") + "<SECRET>");
        }
    }

    /** Everything a failed open or request says: the exception's message, {@code toString} and stack trace. */
    private static String failure(Attempt attempt) {
        try {
            return "succeeded: " + attempt.run() + "\n";
        } catch (Exception e) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            return e.getMessage() + "\n" + e + "\n" + trace + "\n";
        }
    }

    @FunctionalInterface
    private interface Attempt {
        Object run() throws Exception;
    }

    /** What is written to standard output and error while open, still written there too. */
    private static final class CapturedOutput implements AutoCloseable {
        private final PrintStream out = System.out;
        private final PrintStream err = System.err;
        private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

        CapturedOutput() {
            System.setOut(new PrintStream(new Tee(out, captured), true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(new Tee(err, captured), true, StandardCharsets.UTF_8));
        }

        String text() {
            synchronized (captured) {
                return captured.toString(StandardCharsets.UTF_8);
            }
        }

        @Override
        public void close() {
            System.setOut(out);
            System.setErr(err);
        }
    }

    private static final class Tee extends OutputStream {
        private final OutputStream original;
        private final ByteArrayOutputStream copy;

        Tee(OutputStream original, ByteArrayOutputStream copy) {
            this.original = original;
            this.copy = copy;
        }

        @Override
        public void write(int b) throws IOException {
            original.write(b);
            synchronized (copy) {
                copy.write(b);
            }
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            original.write(bytes, offset, length);
            synchronized (copy) {
                copy.write(bytes, offset, length);
            }
        }

        @Override
        public void flush() throws IOException {
            original.flush();
        }
    }
}
