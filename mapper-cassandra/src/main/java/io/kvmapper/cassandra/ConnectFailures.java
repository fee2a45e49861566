package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import io.kvmapper.StorageException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.SSLException;

/**
 * Says why a session could not connect: the cluster refused the login or asked for one, the TLS handshake failed,
 * a node closed a plain-text connection (as one that requires TLS does), or no node answered. Only the last is
 * retryable; the others fail the same way until the options change. The driver tries each contact point once
 * when a session starts ({@code advanced.reconnect-on-init} is off), so a refusal arrives within its connect and
 * init-query timeouts, and nothing keeps retrying after it. Messages name the user, never the password.
 */
final class ConnectFailures {
    private ConnectFailures() {
    }

    /** The exception for a session that {@code CqlSession.builder().build()} could not open. */
    static StorageException explain(RuntimeException e, Collection<InetSocketAddress> contactPoints,
            String localDatacenter, CassandraKvStore.Options options) {
        String failed = "could not connect to Cassandra through " + contactPoints + " (local data center "
                + localDatacenter + ")";
        List<Throwable> errors = errors(e);
        AuthenticationException login = find(errors, AuthenticationException.class);
        if (login != null) {
            if (options.username() == null) {
                return new StorageException(failed + ": the cluster requires a login, and none was given ("
                        + login.getMessage() + "); give CassandraKvStore.Options.credentials(username, password)", e,
                        false);
            }
            return new StorageException(failed + ": the cluster refused the login of user " + options.username()
                    + " (a wrong user name or password, or a role that may not log in): " + login.getMessage(), e,
                    false);
        }
        SSLException handshake = find(errors, SSLException.class);
        if (handshake != null) {
            return new StorageException(failed + ": the TLS handshake failed (" + handshake.getMessage() + "); check"
                    + " that the sslContext trusts the cluster's certificate authority"
                    + (options.sslHostnameValidation() ? " and that the certificates name the nodes (or turn off"
                            + " sslHostnameValidation)" : "") + ", and that the nodes speak TLS", e, false);
        }
        if (options.sslContext() == null && find(errors, ClosedConnectionException.class) != null) {
            return new StorageException(failed + ": the node closed the connection while it was being set up, as a"
                    + " node that requires TLS (client_encryption_options) does with a plain-text client; give"
                    + " CassandraKvStore.Options.sslContext (" + e.getMessage() + ")", e, false);
        }
        return new StorageException(failed + ": " + e.getMessage(), e, CassandraErrors.isRetryable(e));
    }

    /** Every error behind {@code e}, with their causes: each node's, for a failure of all contact points. */
    private static List<Throwable> errors(RuntimeException e) {
        List<Throwable> errors = new ArrayList<>();
        if (e instanceof AllNodesFailedException all) {
            all.getAllErrors().values().forEach(errors::addAll);
        }
        errors.add(e);
        List<Throwable> withCauses = new ArrayList<>();
        for (Throwable error : errors) {
            for (Throwable t = error; t != null && !withCauses.contains(t); t = t.getCause()) {
                withCauses.add(t);
            }
        }
        return withCauses;
    }

    private static <T extends Throwable> T find(List<Throwable> errors, Class<T> type) {
        for (Throwable error : errors) {
            if (type.isInstance(error)) {
                return type.cast(error);
            }
        }
        return null;
    }
}
