package io.kvmapper.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.tuple.Tuples;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the conformance suite leaves open about claims and checked writes on Cassandra: a claim is in the
 * store at once (lightweight transactions are not buffered), and withdrawn when its transaction does not
 * commit, also when the commit is refused before it sends anything; a key is written through lightweight
 * transactions or plainly, never both; a checked value is one cell.
 */
@Timeout(120)
class CassandraClaimTest {
    private static final String KEYSPACE = "claim_test";
    private static final int CHUNK = 1_000;
    private static CqlSession session;

    private CassandraBackend backend;

    @BeforeAll
    static void connect() {
        session = CassandraTestServer.shared().newSession();
        CassandraKvStore.openBackend(session, KEYSPACE, options()
                .keyspaceReplication(Map.of("class", "SimpleStrategy", "replication_factor", "1"))).close();
    }

    @AfterAll
    static void disconnect() {
        if (session != null) {
            session.close();
        }
    }

    private static CassandraKvStore.Options options() {
        return CassandraKvStore.options().valueChunkSize(CHUNK);
    }

    @BeforeEach
    void openEmptyStore() {
        for (String table : new String[] {"kv", "kv_chunks", "kv_counters"}) {
            session.execute("TRUNCATE " + KEYSPACE + "." + table);
        }
        backend = CassandraKvStore.openBackend(session, KEYSPACE, options());
    }

    @AfterEach
    void closeStore() {
        backend.close();
    }

    @Test
    void aClaimIsInTheStoreAtOnceSoAConcurrentClaimerLosesBeforeEitherCommits() {
        byte[] email = entry("ann@x");
        KvTransaction first = backend.beginTransaction();
        assertNull(first.claim(email, record(1)));
        assertArrayEquals(record(1), backend.get(email), "the claim is visible before its transaction commits");
        try (KvTransaction second = backend.beginTransaction()) {
            assertArrayEquals(record(1), second.claim(email, record(2)), "the second claimer sees the holder");
        }
        first.close();
        assertNull(backend.get(email), "closing the first transaction without commit withdrew its claim");
        try (KvTransaction second = backend.beginTransaction()) {
            assertNull(second.claim(email, record(2)));
            second.commit();
        }
        assertArrayEquals(record(2), backend.get(email));
    }

    @Test
    void aCommitRefusedBeforeItSendsAnythingWithdrawsItsClaims() {
        byte[] email = entry("ann@x");
        try (KvTransaction tx = backend.beginTransaction()) {
            assertNull(tx.claim(email, record(1)));
            for (int i = 0; i < 33_000; i++) { // two statements each: more than one batch may hold
                tx.put(record(i), Tuples.encode(i));
            }
            InvalidRequestException e = assertThrows(InvalidRequestException.class, tx::commit);
            assertTrue(e.getMessage().contains("at most 65535"), e.getMessage());
        }
        assertNull(backend.get(email), "the claim of the refused commit was withdrawn");
        assertNull(backend.get(record(0)));
    }

    @Test
    void aKeyIsWrittenThroughLightweightTransactionsOrPlainlyNeverBothInOneTransaction() {
        try (KvTransaction tx = backend.beginTransaction()) {
            assertNull(tx.claim(entry("claimed"), record(1)));
            assertRefused(() -> tx.put(entry("claimed"), record(2)));
            assertRefused(() -> tx.deleteRange(KeyRange.startingWith(entry("claimed"))));
            assertRefused(() -> tx.writeIfUnchanged(entry("claimed"), record(1), record(2)));

            tx.release(entry("released"), record(1));
            assertRefused(() -> tx.delete(entry("released")));
            assertRefused(() -> tx.writeIfUnchanged(entry("released"), record(1), null));

            tx.writeIfUnchanged(entry("checked"), null, record(3));
            assertRefused(() -> tx.claim(entry("checked"), record(3)));
            assertRefused(() -> tx.deleteRange(KeyRange.startingWith(entry("checked"))));

            tx.put(entry("plain"), record(4));
            assertRefused(() -> tx.claim(entry("plain"), record(4)));
            assertRefused(() -> tx.release(entry("plain"), record(4)));
        }
    }

    @Test
    void aClaimedOrCheckedValueIsOneCellSoOneLongerThanAChunkIsRefused() {
        byte[] large = new byte[CHUNK + 1];
        try (KvTransaction tx = backend.beginTransaction()) {
            InvalidRequestException checked = assertThrows(InvalidRequestException.class,
                    () -> tx.writeIfUnchanged(record(1), null, large));
            assertTrue(checked.getMessage().contains("valueChunkSize"), checked.getMessage());
            assertThrows(InvalidRequestException.class, () -> tx.claim(entry("large"), large));
            assertThrows(InvalidRequestException.class, () -> tx.claim(entry("empty"), new byte[0]));
        }
    }

    private static void assertRefused(Runnable write) {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, write::run);
        assertTrue(e.getMessage().contains("never both"), e.getMessage());
    }

    /** A unique index entry of the KV Mapper layout: {@code (("User", "i", "email"), value)}. */
    private static byte[] entry(String value) {
        return Tuples.encode(List.of("User", "i", "email"), value);
    }

    private static byte[] record(int id) {
        return Tuples.encode(List.of("User", "r", (long) id));
    }
}
