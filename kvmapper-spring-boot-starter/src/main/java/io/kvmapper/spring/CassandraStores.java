package io.kvmapper.spring;

import io.kvmapper.KvStore;
import io.kvmapper.cassandra.CassandraKvStore;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.ssl.SslBundles;

/** Opens the Cassandra store the {@code kvmapper.cassandra.*} properties describe. */
final class CassandraStores {
    private static final int DEFAULT_PORT = 9042;

    private CassandraStores() {
    }

    static KvStore open(KvMapperProperties.Cassandra properties, SslBundles sslBundles) {
        if (properties.getKeyspace() == null || properties.getKeyspace().isBlank()) {
            throw new IllegalStateException("kvmapper.cassandra.keyspace is not set; name the keyspace of the store");
        }
        return options(properties, sslBundles).open(contactPoints(properties.getContactPoints()),
                properties.getLocalDatacenter(), properties.getKeyspace());
    }

    /** The store's options from the properties: replication, timeout, login and TLS. */
    static CassandraKvStore.Options options(KvMapperProperties.Cassandra properties, SslBundles sslBundles) {
        CassandraKvStore.Options options = CassandraKvStore.options();
        if (properties.getRequestTimeout() != null) {
            if (properties.getRequestTimeout().isNegative() || properties.getRequestTimeout().isZero()) {
                throw new IllegalStateException("kvmapper.cassandra.request-timeout must be positive, was "
                        + properties.getRequestTimeout());
            }
            options.requestTimeout(properties.getRequestTimeout());
        }
        if (!properties.getKeyspaceReplication().isEmpty()) {
            options.keyspaceReplication(properties.getKeyspaceReplication());
        }
        if (properties.getUsername() != null) {
            if (properties.getPassword() == null) {
                throw new IllegalStateException("kvmapper.cassandra.username is set but kvmapper.cassandra.password"
                        + " is not; give the role's password");
            }
            options.credentials(properties.getUsername(), properties.getPassword());
        }
        String bundle = properties.getSsl().getBundle();
        if (bundle != null && !bundle.isBlank()) {
            if (sslBundles == null) {
                throw new IllegalStateException("kvmapper.cassandra.ssl.bundle is set but the application has no SSL"
                        + " bundles; define spring.ssl.bundle.jks." + bundle + " or spring.ssl.bundle.pem." + bundle);
            }
            options.sslContext(sslBundles.getBundle(bundle).createSslContext());
            options.sslHostnameValidation(properties.getSsl().isHostnameValidation());
        }
        return options;
    }

    /** The contact points, each {@code host} or {@code host:port} (an IPv6 address in brackets). */
    static List<InetSocketAddress> contactPoints(List<String> points) {
        List<InetSocketAddress> addresses = new ArrayList<>(points.size());
        for (String point : points) {
            String text = point.strip();
            int colon = text.lastIndexOf(':');
            boolean hasPort = colon > 0 && (text.indexOf(':') == colon || text.charAt(colon - 1) == ']');
            String host = hasPort ? text.substring(0, colon) : text;
            int port = DEFAULT_PORT;
            if (hasPort) {
                try {
                    port = Integer.parseInt(text.substring(colon + 1));
                } catch (NumberFormatException e) {
                    throw new IllegalStateException("kvmapper.cassandra.contact-points: \"" + point
                            + "\" is not host or host:port", e);
                }
            }
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            addresses.add(new InetSocketAddress(host, port));
        }
        return addresses;
    }
}
