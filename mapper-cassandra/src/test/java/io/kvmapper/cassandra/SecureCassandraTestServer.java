package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.ssl.ProgrammaticSslEngineFactory;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.net.ssl.SSLContext;

/**
 * One real Apache Cassandra 5.0 node that requires a login and TLS, for the tests of authenticated, encrypted,
 * least-privilege stores: {@code PasswordAuthenticator}, {@code CassandraAuthorizer} (permission caches off, so
 * a grant counts at once), and client encryption that is not optional, with a key pair made by {@code keytool}
 * for {@code 127.0.0.1} and {@code localhost}. Launched as {@link CassandraTestServer} launches a node, beside
 * the plain one; {@link #shared()} starts it once per test JVM, and it is stopped as that one is.
 *
 * <p>What a test needs to open a secure store: {@link #createKeyspace}, {@link #createRole} (a role with a random
 * password and the permissions named, on one keyspace), and {@link #options(Role)} (the role's credentials and a
 * TLS context that trusts this node). The node's superuser is Cassandra's default, {@code cassandra}.
 */
public final class SecureCassandraTestServer implements AutoCloseable {
    /** The superuser every new cluster with {@code PasswordAuthenticator} has. */
    static final Role SUPERUSER = new Role("cassandra", "cassandra");
    private static final Duration LOGIN_TIMEOUT = Duration.ofSeconds(120);
    private static final SecureRandom RANDOM = new SecureRandom();

    private static SecureCassandraTestServer shared;

    private final CassandraTestServer node;
    private final NodeKeys keys;
    private final List<Role> roles = new ArrayList<>();

    private SecureCassandraTestServer(CassandraTestServer node, NodeKeys keys) {
        this.node = node;
        this.keys = keys;
    }

    /** The secure node shared by every test in this JVM, started on first use; skipped with -DskipCassandraTests. */
    public static synchronized SecureCassandraTestServer shared() {
        CassandraTestServer.requireNodesWanted();
        if (shared == null) {
            shared = start();
            SecureCassandraTestServer started = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "stop-secure-cassandra-test-node"));
        }
        return shared;
    }

    /** Stops the shared secure node if one was started; called when the test session ends. */
    static synchronized void stopShared() {
        if (shared != null) {
            shared.close();
        }
    }

    /** Makes the keys, starts the node, and waits until its superuser can log in. The caller closes it. */
    public static SecureCassandraTestServer start() {
        long begin = System.nanoTime();
        NodeKeys keys = NodeKeys.create();
        CassandraTestServer node;
        try {
            node = CassandraTestServer.start(securityConfig(keys));
        } catch (RuntimeException | Error e) {
            keys.close();
            throw e;
        }
        SecureCassandraTestServer server = new SecureCassandraTestServer(node, keys);
        try {
            server.awaitSuperuser();
        } catch (RuntimeException | Error e) {
            server.close();
            throw e;
        }
        System.out.println("secure Cassandra test node (login and TLS required) ready on " + node.address()
                + " after " + Duration.ofNanos(System.nanoTime() - begin).toMillis() + " ms");
        return server;
    }

    /** The address of the node's CQL port, which speaks TLS only. */
    public InetSocketAddress address() {
        return node.address();
    }

    /** A TLS context that trusts this node's certificate, and nothing else. */
    public SSLContext sslContext() {
        return keys.clientContext();
    }

    /**
     * A PKCS12 truststore file holding this node's certificate, for clients that take a file (the kvmapper
     * tool's {@code --truststore}); its password is {@link #trustStorePassword()}.
     */
    public Path trustStore() {
        return keys.trustStore();
    }

    /** The password of {@link #trustStore()}. */
    public String trustStorePassword() {
        return keys.password();
    }

    /**
     * Options that log in as {@code role} over TLS to this node, with timeouts generous enough for a small shared
     * machine; open a store with {@code options(role).open(List.of(address()), DATACENTER, keyspace)}.
     */
    public CassandraKvStore.Options options(Role role) {
        return CassandraKvStore.options().credentials(role.name(), role.password).sslContext(sslContext())
                .requestTimeout(Duration.ofSeconds(30));
    }

    /** Creates {@code keyspace} with replication factor 1, as the superuser, if it does not exist. */
    public void createKeyspace(String keyspace) {
        try (CqlSession session = superuserSession()) {
            session.execute("CREATE KEYSPACE IF NOT EXISTS " + keyspace
                    + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': '1'}");
        }
    }

    /**
     * Creates a role that may log in, with a random password, holding exactly {@code permissions} (such as
     * {@code "SELECT"}, {@code "MODIFY"}, {@code "CREATE"}) on {@code keyspace}, as the superuser.
     */
    public Role createRole(String name, String keyspace, String... permissions) {
        Role role = new Role(name, "pw-" + HexFormat.of().formatHex(randomBytes(12)));
        try (CqlSession session = superuserSession()) {
            session.execute("CREATE ROLE " + name + " WITH PASSWORD = '" + role.password + "' AND LOGIN = true");
            for (String permission : permissions) {
                session.execute("GRANT " + permission + " ON KEYSPACE " + keyspace + " TO " + name);
            }
        }
        synchronized (roles) {
            roles.add(role);
        }
        return role;
    }

    /** Every secret of this node: the passwords of the roles made so far and of its keystores. */
    public List<String> secrets() {
        List<String> secrets = new ArrayList<>(List.of(keys.password()));
        synchronized (roles) {
            roles.forEach(role -> secrets.add(role.password));
        }
        return secrets;
    }

    /** A new driver session as the superuser, over TLS; the caller closes it. */
    public CqlSession superuserSession() {
        return session(SUPERUSER);
    }

    /** Stops the node and deletes its data and keys. Idempotent. */
    @Override
    public void close() {
        node.close();
        keys.close();
    }

    private CqlSession session(Role role) {
        DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
                .build();
        return CqlSession.builder().addContactPoint(address()).withLocalDatacenter(CassandraTestServer.DATACENTER)
                .withConfigLoader(config).withAuthCredentials(role.name(), role.password)
                .withSslEngineFactory(new ProgrammaticSslEngineFactory(sslContext(), null, true)).build();
    }

    /** The default superuser is created a moment after the node opens its port: wait until it logs in. */
    private void awaitSuperuser() {
        long deadline = System.nanoTime() + LOGIN_TIMEOUT.toNanos();
        while (true) {
            try (CqlSession session = superuserSession()) {
                return;
            } catch (AllNodesFailedException e) {
                boolean notYet = e.getAllErrors().values().stream().flatMap(List::stream)
                        .anyMatch(error -> error instanceof AuthenticationException);
                if (!notYet || System.nanoTime() > deadline) {
                    throw new IllegalStateException("the secure Cassandra test node's superuser could not log in", e);
                }
                CassandraTestServer.sleep(500);
            }
        }
    }

    private static byte[] randomBytes(int count) {
        byte[] bytes = new byte[count];
        RANDOM.nextBytes(bytes);
        return bytes;
    }

    private static String securityConfig(NodeKeys keys) {
        return """
                authenticator: PasswordAuthenticator
                authorizer: CassandraAuthorizer
                role_manager: CassandraRoleManager
                roles_validity: 0ms
                permissions_validity: 0ms
                credentials_validity: 0ms
                client_encryption_options:
                  enabled: true
                  optional: false
                  keystore: %1$s
                  keystore_password: %3$s
                  truststore: %2$s
                  truststore_password: %3$s
                  store_type: PKCS12
                  require_client_auth: false
                """.formatted(keys.nodeKeyStore(), keys.trustStore(), keys.password());
    }

    /**
     * A role of the node: its name, and its password, which {@link #toString()} does not show (a test that prints
     * a role must not leak what the secrets test looks for).
     */
    public static final class Role {
        private final String name;
        private final String password;

        Role(String name, String password) {
            this.name = name;
            this.password = password;
        }

        /** The role's name. */
        public String name() {
            return name;
        }

        /** The role's password, to log in with. */
        public String password() {
            return password;
        }

        @Override
        public String toString() {
            return "Role[" + name + "]";
        }
    }
}
