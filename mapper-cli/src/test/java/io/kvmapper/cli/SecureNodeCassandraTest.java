package io.kvmapper.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.cassandra.CassandraTestServer;
import io.kvmapper.cassandra.SecureCassandraTestServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tool on a node that requires a login and TLS ({@link SecureCassandraTestServer}), as a role holding only
 * {@code SELECT} and {@code MODIFY} on the keyspace: it logs in with the password from a file or the environment,
 * trusts the node through a truststore file, reads and verifies the store; a wrong password is exit code 3 with a
 * message that says so, and no password is ever printed. Skipped with -DskipCassandraTests.
 */
@Timeout(600)
class SecureNodeCassandraTest {
    private static final String KEYSPACE = "cli_secure";

    @TempDir
    static Path scratch;
    private static SecureCassandraTestServer node;
    private static SecureCassandraTestServer.Role app;
    private static String contact;

    @BeforeAll
    static void writeTheStore() {
        node = SecureCassandraTestServer.shared();
        node.createKeyspace(KEYSPACE);
        SecureCassandraTestServer.Role schema = node.createRole("cli_secure_schema", KEYSPACE, "CREATE");
        app = node.createRole("cli_secure_app", KEYSPACE, "SELECT", "MODIFY");
        contact = node.address().getHostString() + ":" + node.address().getPort();
        node.options(schema).open(List.of(node.address()), CassandraTestServer.DATACENTER, KEYSPACE).close();
        try (KvStore store = node.options(app).open(List.of(node.address()), CassandraTestServer.DATACENTER,
                KEYSPACE)) {
            TestStores.writeEntities(store, 11, 20);
        }
    }

    @Test
    void aLeastPrivilegeRoleReadsAndVerifiesOverTlsWithThePasswordFromAFileOrTheEnvironment() throws IOException {
        Cli.Result verify = Cli.run(secure("verify", "Gadget", "--password-file", write("app", app.password())));
        assertEquals(0, verify.exit(), verify::toString);
        assertTrue(verify.out().contains("Gadget: clean, "), verify.out());

        Cli.Result info = Cli.run(Map.of("KVMAPPER_CASSANDRA_PASSWORD", app.password()), secure("info"));
        assertEquals(0, info.exit(), info::toString);
        assertTrue(info.out().contains("entity Gadget"), info.out());
        assertNoSecret(verify, info);
    }

    @Test
    void aWrongPasswordIsExitCodeThreeSayingSoWithoutThePassword() throws IOException {
        String wrong = "not-" + app.password();
        Cli.Result refused = Cli.run(secure("info", "--password-file", write("wrong", wrong)));
        assertEquals(3, refused.exit(), refused::toString);
        assertTrue(refused.err().contains("cli_secure_app"), refused.err());
        assertFalse(refused.err().contains(wrong) || refused.out().contains(wrong), refused::toString);
        assertNoSecret(refused);
    }

    /** {@code args} with the secure node's contact point, keyspace, role and truststore. */
    private static String[] secure(String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--cassandra", contact, "--keyspace", KEYSPACE, "--user", app.name(),
                "--truststore", node.trustStore().toString(),
                "--truststore-password-file", write("truststore", node.trustStorePassword()),
                "--request-timeout", "30"));
        return all.toArray(String[]::new);
    }

    private static String write(String name, String secret) throws IOException {
        return Files.writeString(scratch.resolve(name + ".secret"), secret).toString();
    }

    private static void assertNoSecret(Cli.Result... results) {
        for (Cli.Result result : results) {
            for (String secret : node.secrets()) {
                assertFalse(result.out().contains(secret) || result.err().contains(secret),
                        "a secret in the output of " + result);
            }
        }
    }
}
