package io.kvmapper.cli;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * How to reach a Cassandra store: contact points, data center, keyspace and tables, and the credentials and
 * trust that log in to the cluster. The tool builds its own driver session, with the role and TLS context these
 * give, and opens the store on it ({@code CassandraKvStore.options().open(session, keyspace)}). Passwords come from
 * files or the environment, never from arguments, and appear in no message.
 */
record CassandraConnection(List<String> contactPoints, String datacenter, String keyspace, String table, String user,
        Path passwordFile, String passwordVariable, Path truststore, Path truststorePasswordFile, int requestTimeout,
        Map<String, String> env) {

    /** Checks the options before anything connects. */
    void check(String option) {
        if (keyspace == null || keyspace.isBlank()) {
            throw CliException.usage(option + " needs --" + (option.startsWith("--to-") ? "to-" : "") + "keyspace K");
        }
        if (user == null && passwordFile != null) {
            throw CliException.usage("a password file is given, but no user to log in as");
        }
        if (requestTimeout <= 0) {
            throw CliException.usage("the request timeout must be a positive number of seconds");
        }
        addresses();
    }

    /** The contact points as addresses: {@code host}, {@code host:port}, {@code [v6-address]:port}. */
    List<InetSocketAddress> addresses() {
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (String point : contactPoints) {
            String text = point.trim();
            String host = text;
            int port = 9042;
            int colon = text.lastIndexOf(':');
            boolean bracketed = text.startsWith("[");
            if (colon > 0 && (bracketed ? text.indexOf(']') < colon : text.indexOf(':') == colon)) {
                host = text.substring(0, colon);
                try {
                    port = Integer.parseInt(text.substring(colon + 1));
                } catch (NumberFormatException e) {
                    throw CliException.usage("\"" + point + "\" is not HOST[:PORT]");
                }
            }
            if (bracketed) {
                host = host.substring(1, host.length() - 1);
            }
            if (host.isEmpty() || port <= 0 || port > 65535) {
                throw CliException.usage("\"" + point + "\" is not HOST[:PORT]");
            }
            addresses.add(InetSocketAddress.createUnresolved(host, port));
        }
        return addresses;
    }

    /** What to call the store in messages. */
    String describe() {
        return "Cassandra keyspace " + keyspace + " (tables " + table + "*) through " + String.join(",", contactPoints);
    }

    /**
     * A session to the cluster, logged in and encrypted as the options say.
     *
     * @throws CliException with exit code 3 if the cluster cannot be reached or refuses the login
     */
    CqlSession connect() {
        Duration timeout = Duration.ofSeconds(requestTimeout);
        CqlSessionBuilder builder = CqlSession.builder().withLocalDatacenter(datacenter)
                .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, timeout)
                        .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, timeout)
                        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, timeout)
                        .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, timeout)
                        .build());
        for (InetSocketAddress address : addresses()) {
            builder.addContactPoint(new InetSocketAddress(address.getHostString(), address.getPort()));
        }
        if (user != null) {
            builder.withAuthCredentials(user, password());
        }
        if (truststore != null) {
            builder.withSslContext(sslContext());
        }
        try {
            return builder.build();
        } catch (RuntimeException e) {
            throw CliException.store("could not connect to Cassandra through " + String.join(",", contactPoints)
                    + " (data center " + datacenter + (user == null ? "" : ", as " + user) + "): " + e.getMessage(), e);
        }
    }

    private String password() {
        if (passwordFile != null) {
            return secret(passwordFile, "--password-file");
        }
        String password = env.get(passwordVariable);
        if (password == null) {
            throw CliException.usage("--user " + user + " needs a password: give --password-file FILE, or set "
                    + passwordVariable);
        }
        return password;
    }

    private SSLContext sslContext() {
        String password = truststorePasswordFile != null ? secret(truststorePasswordFile, "--truststore-password-file")
                : env.get("KVMAPPER_TRUSTSTORE_PASSWORD");
        try {
            KeyStore trusted = KeyStore.getInstance(truststore.toFile(),
                    password == null ? null : password.toCharArray());
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, factory.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw CliException.usage("cannot read the truststore " + truststore + ": " + e.getMessage());
        }
    }

    /** The first line of a secret's file. */
    private static String secret(Path file, String option) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            int end = text.indexOf('\n');
            return (end < 0 ? text : text.substring(0, end)).stripTrailing();
        } catch (IOException e) {
            throw CliException.usage(option + ": cannot read " + file + " (" + e.getClass().getSimpleName() + ")");
        }
    }
}
