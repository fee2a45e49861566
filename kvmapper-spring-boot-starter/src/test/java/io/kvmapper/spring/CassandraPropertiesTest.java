package io.kvmapper.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kvmapper.cassandra.CassandraKvStore;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.ssl.DefaultSslBundleRegistry;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.ssl.SslStoreBundle;

/**
 * The {@code kvmapper.cassandra.*} properties as a user writes them reach the store's options: timeout, login
 * and TLS from an SSL bundle (the Cassandra starter test connects with them; the login and TLS themselves are
 * the Cassandra store's, tested against a secured node in mapper-cassandra).
 */
class CassandraPropertiesTest {

    @Test
    void timeoutLoginAndTlsReachTheStoresOptions() throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        SslBundles bundles = new DefaultSslBundleRegistry("nodes", SslBundle.of(SslStoreBundle.of(null, null, trust)));
        KvMapperProperties.Cassandra properties = bind(Map.of(
                "kvmapper.cassandra.contact-points", "10.0.0.1:9042,10.0.0.2",
                "kvmapper.cassandra.keyspace", "shop",
                "kvmapper.cassandra.request-timeout", "30s",
                "kvmapper.cassandra.username", "shop_app",
                "kvmapper.cassandra.password", "s3cret",
                "kvmapper.cassandra.ssl.bundle", "nodes",
                "kvmapper.cassandra.ssl.hostname-validation", "false"));

        CassandraKvStore.Options options = CassandraStores.options(properties, bundles);

        assertEquals(Duration.ofSeconds(30), options.requestTimeout());
        assertEquals("shop_app", options.username());
        assertNotNull(options.sslContext(), "an SSL context from the bundle");
        assertEquals("TLS", options.sslContext().getProtocol());
        assertFalse(options.sslHostnameValidation());
        assertFalse(options.toString().contains("s3cret"), options::toString);
    }

    @Test
    void withoutThemThereIsNoLoginNoTlsAndTheDriversTimeout() {
        CassandraKvStore.Options options = CassandraStores.options(bind(Map.of(
                "kvmapper.cassandra.contact-points", "localhost", "kvmapper.cassandra.keyspace", "shop")), null);

        assertNull(options.requestTimeout());
        assertNull(options.username());
        assertNull(options.sslContext());
    }

    @Test
    void aUsernameWithoutPasswordAndABundleWithoutBundlesAreErrors() {
        IllegalStateException noPassword = assertThrows(IllegalStateException.class, () -> CassandraStores.options(
                bind(Map.of("kvmapper.cassandra.username", "shop_app")), null));
        assertEquals("kvmapper.cassandra.username is set but kvmapper.cassandra.password is not; give the role's"
                + " password", noPassword.getMessage());

        IllegalStateException noBundles = assertThrows(IllegalStateException.class, () -> CassandraStores.options(
                bind(Map.of("kvmapper.cassandra.ssl.bundle", "nodes")), null));
        assertEquals("kvmapper.cassandra.ssl.bundle is set but the application has no SSL bundles; define"
                + " spring.ssl.bundle.jks.nodes or spring.ssl.bundle.pem.nodes", noBundles.getMessage());

        IllegalStateException zero = assertThrows(IllegalStateException.class, () -> CassandraStores.options(
                bind(Map.of("kvmapper.cassandra.request-timeout", "0s")), null));
        assertEquals("kvmapper.cassandra.request-timeout must be positive, was PT0S", zero.getMessage());
    }

    private static KvMapperProperties.Cassandra bind(Map<String, String> properties) {
        return new Binder(new MapConfigurationPropertySource(properties))
                .bind("kvmapper", KvMapperProperties.class).get().getCassandra();
    }
}
