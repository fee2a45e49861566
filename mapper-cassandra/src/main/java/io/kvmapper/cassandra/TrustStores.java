package io.kvmapper.cassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * TLS contexts for {@link CassandraKvStore.Options#sslContext} from the truststore file that a cluster's operator
 * hands out: the one step between "here is our CA certificate" and an encrypted store.
 *
 * <pre>{@code
 * KvStore store = CassandraKvStore.options()
 *         .credentials("shop_app", password)
 *         .sslContext(TrustStores.sslContext(Path.of("truststore.p12"), trustStorePassword))
 *         .open(contactPoints, "dc1", "shop");
 * }</pre>
 *
 * For client certificates (a cluster with {@code require_client_auth}), build the {@link SSLContext} with a key
 * manager too, as {@code docs/security.md} shows.
 */
public final class TrustStores {
    private TrustStores() {
    }

    /**
     * A TLS 1.2/1.3 context ({@code SSLContext.getInstance("TLS")}) that trusts exactly the certificates in
     * {@code trustStore}, a PKCS12 or JKS file (the type is detected from its contents).
     *
     * @param password the file's password; {@code null} for a file without one (a PKCS12 file whose certificates
     *     are not encrypted: {@code keytool} encrypts them, so give the password of a file it made)
     * @throws UncheckedIOException if the file cannot be read
     * @throws IllegalArgumentException if it is not a truststore, the password is wrong, or it holds no
     *     certificate; the message names the file, never the password
     */
    public static SSLContext sslContext(Path trustStore, char[] password) {
        if (!Files.isRegularFile(trustStore)) {
            throw new UncheckedIOException(new NoSuchFileException(trustStore.toString(), null,
                    "no truststore file there"));
        }
        KeyStore store;
        try {
            store = KeyStore.getInstance(trustStore.toFile(), password);
            if (store.size() == 0) {
                throw new IllegalArgumentException("truststore " + trustStore + " holds no certificate to trust"
                        + (password == null ? " that can be read without its password" : ""));
            }
        } catch (IOException e) {
            if (!Files.isReadable(trustStore)) {
                throw new UncheckedIOException("could not read truststore " + trustStore, e);
            }
            // KeyStore says "keystore password was incorrect" (or names the format it could not parse)
            throw new IllegalArgumentException("could not load truststore " + trustStore + ": " + e.getMessage()
                    + " (a wrong password, or not a PKCS12 or JKS file)", e);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("could not load truststore " + trustStore + ": " + e.getMessage(), e);
        }
        try {
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JVM cannot make a TLS context trusting " + trustStore, e);
        }
    }
}
