package io.kvmapper.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.NoSuchAlgorithmException;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;

/** The options' login and TLS settings, without a node: what they hold, and what they never show. */
class CassandraKvStoreOptionsTest {
    private static final String PASSWORD = "s3cret-Pa55word";

    @Test
    void byDefaultAStoreNeitherLogsInNorEncryptsAndValidatesHostNamesOnceItDoes() {
        CassandraKvStore.Options options = CassandraKvStore.options();

        assertNull(options.username());
        assertNull(options.sslContext());
        assertTrue(options.sslHostnameValidation());
        assertTrue(options.toString().endsWith(", credentials=none, ssl=none]"), options.toString());
    }

    @Test
    void credentialsAreShownAsSetWithTheUserNameNeverThePassword() throws NoSuchAlgorithmException {
        SSLContext tls = SSLContext.getDefault();
        CassandraKvStore.Options options = CassandraKvStore.options().credentials("shop_app", PASSWORD).sslContext(tls);

        assertEquals("shop_app", options.username());
        assertSame(tls, options.sslContext());
        assertFalse(options.toString().contains(PASSWORD), options.toString());
        assertTrue(options.toString().endsWith(", credentials=user shop_app with a password (hidden),"
                + " ssl=Default with host name validation]"), options.toString());
        assertTrue(options.sslHostnameValidation(false).toString().endsWith("ssl=Default without host name"
                + " validation]"), options.toString());
    }

    @Test
    void credentialsNeedAUserNameAndAPassword() {
        assertThrows(NullPointerException.class, () -> CassandraKvStore.options().credentials(null, PASSWORD));
        assertThrows(NullPointerException.class, () -> CassandraKvStore.options().credentials("shop_app", null));
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> CassandraKvStore.options().credentials("", PASSWORD));
        assertEquals("credentials need a user name, was empty", empty.getMessage());
        assertThrows(NullPointerException.class, () -> CassandraKvStore.options().sslContext(null));
    }
}
