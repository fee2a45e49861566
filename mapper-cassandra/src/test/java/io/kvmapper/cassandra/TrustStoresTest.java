package io.kvmapper.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A TLS context from a truststore file, without a node; failures name the file, never the password. */
class TrustStoresTest {
    private static NodeKeys keys;

    @BeforeAll
    static void makeKeys() {
        keys = NodeKeys.create();
    }

    @AfterAll
    static void deleteKeys() {
        if (keys != null) {
            keys.close();
        }
    }

    @Test
    void aTruststoreWithItsPasswordGivesATlsContext() {
        SSLContext context = TrustStores.sslContext(keys.trustStore(), keys.password().toCharArray());

        assertEquals("TLS", context.getProtocol());
        assertTrue(context.createSSLEngine().getSSLParameters().getProtocols().length > 0);
    }

    @Test
    void aTruststoreWhoseCertificatesAreEncryptedNeedsItsPasswordAndSaysSo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TrustStores.sslContext(keys.trustStore(), null));

        assertEquals("truststore " + keys.trustStore() + " holds no certificate to trust that can be read without its"
                + " password", e.getMessage());
    }

    @Test
    void aWrongPasswordIsRefusedNamingTheFileNotThePassword() {
        String wrong = "not-the-password-" + System.nanoTime();

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TrustStores.sslContext(keys.trustStore(), wrong.toCharArray()));

        assertTrue(e.getMessage().startsWith("could not load truststore " + keys.trustStore() + ": "), e.getMessage());
        assertFalse(e.getMessage().contains(wrong), e.getMessage());
        assertFalse(e.getMessage().contains(keys.password()), e.getMessage());
    }

    @Test
    void aMissingFileAnEmptyStoreAndAFileThatIsNoStoreAreRefused(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("missing.p12");
        UncheckedIOException absent = assertThrows(UncheckedIOException.class,
                () -> TrustStores.sslContext(missing, null));
        assertTrue(absent.getMessage().contains(missing.toString()), absent.getMessage());

        Path empty = dir.resolve("empty.p12");
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        try (var out = Files.newOutputStream(empty)) {
            store.store(out, "x".toCharArray());
        }
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> TrustStores.sslContext(empty, "x".toCharArray()));
        assertEquals("truststore " + empty + " holds no certificate to trust", none.getMessage());

        Path text = Files.writeString(dir.resolve("notes.txt"), "not a keystore");
        IllegalArgumentException notAStore = assertThrows(IllegalArgumentException.class,
                () -> TrustStores.sslContext(text, null));
        assertTrue(notAStore.getMessage().startsWith("could not load truststore " + text), notAStore.getMessage());
    }
}
