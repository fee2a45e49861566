package io.kvmapper.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.StorageException;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.tuple.Tuples;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Claims without a node: made at once, each withdrawn unless the transaction commits. */
class ClaimsTest {
    private final FakeCassandra cassandra = new FakeCassandra();
    private final Claims claims = new Claims(FakeCassandra.WHERE, cassandra, FakeCassandra.FAILURES);

    @Test
    void aClaimOfAnAbsentKeyIsOneInsertIfNotExistsMadeAtOnce() {
        assertNull(claims.claim(key("ann"), holder(1)));

        assertEquals(List.of("INSERT (\"e\", \"ann\") = (1) IF NOT EXISTS"), cassandra.requests());
        assertArrayEquals(holder(1), cassandra.stored(key("ann")), "in the store before any commit");
        assertTrue(claims.contains(key("ann")));
    }

    @Test
    void aClaimOfAKeyHeldByAnotherReturnsTheHolderAndLeavesNothingToWithdraw() {
        cassandra.store(key("ann"), holder(2));

        assertArrayEquals(holder(2), claims.claim(key("ann"), holder(1)));
        assertFalse(claims.contains(key("ann")));
        claims.withdrawAll(null);
        assertEquals(1, cassandra.requests().size(), "nothing withdrawn: " + cassandra.requests());
        assertArrayEquals(holder(2), cassandra.stored(key("ann")));
    }

    @Test
    void aClaimOfAKeyItsHolderAlreadyHoldsSucceedsButIsNotThisTransactionsToWithdraw() {
        cassandra.store(key("ann"), holder(1));

        assertNull(claims.claim(key("ann"), holder(1)));
        claims.withdrawAll(null);
        assertArrayEquals(holder(1), cassandra.stored(key("ann")), "the earlier claim stays");
    }

    @Test
    void aKeyHoldingAValueStoredAsChunksCannotBeClaimedItIsWrittenPlainly() {
        cassandra.storeChunked(key("ann"));

        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> claims.claim(key("ann"), holder(1)));
        assertEquals("claim of key (\"e\", \"ann\") in Cassandra table ks.kv after a put of it in the same"
                + " transaction: a key is written either with claim, release and writeIfUnchanged (lightweight"
                + " transactions) or with put, delete, deleteRange and add, never both", e.getMessage());
        assertFalse(claims.contains(key("ann")));
    }

    @Test
    void aClaimWhoseOutcomeIsUnknownCountsAsMadeSoItIsWithdrawnWithTheOthers() {
        cassandra.failOn("INSERT (\"e\", \"ann\") = (1) IF NOT EXISTS", new DriverTimeoutException("timed out"));

        StorageException e = assertThrows(StorageException.class, () -> claims.claim(key("ann"), holder(1)));
        assertTrue(e.isRetryable());
        assertEquals("Cassandra table ks.kv: claim of key (\"e\", \"ann\") failed: timed out", e.getMessage());
        assertTrue(claims.contains(key("ann")));
        claims.withdrawAll(null);
        assertEquals("DELETE (\"e\", \"ann\") IF value = (1)", cassandra.requests().get(1));
    }

    @Test
    void aClaimTheClusterRefusedWasNeverMadeSoNothingIsWithdrawnNorLogged() {
        cassandra.failOn("INSERT (\"e\", \"ann\") = (1) IF NOT EXISTS", new UnauthorizedException(null,
                "User reader has no MODIFY permission on <table ks.kv> or any of its parents"));

        StorageException e = assertThrows(StorageException.class, () -> claims.claim(key("ann"), holder(1)));
        assertFalse(e.isRetryable());
        assertEquals("Cassandra table ks.kv: claim of key (\"e\", \"ann\") failed for want of a permission:"
                + " User reader has no MODIFY permission on <table ks.kv> or any of its parents (docs/security.md"
                + " lists the permissions each operation needs)", e.getMessage());
        assertFalse(claims.contains(key("ann")));
        try (CapturedLogs logs = new CapturedLogs("io.kvmapper")) {
            claims.withdrawAll(null);
            assertEquals(List.of(), logs.records());
        }
        assertEquals(1, cassandra.requests().size(), "no withdrawal sent: " + cassandra.requests());
    }

    @Test
    void aClaimWhoseOutcomeWasUnknownAndCannotBeWithdrawnIsLoggedAsPerhapsMade() {
        cassandra.failOn("INSERT (\"e\", \"ann\") = (1) IF NOT EXISTS", new DriverTimeoutException("timed out"));
        assertThrows(StorageException.class, () -> claims.claim(key("ann"), holder(1)));
        cassandra.failOn("DELETE (\"e\", \"ann\") IF value = (1)", new DriverTimeoutException("timed out"));

        try (CapturedLogs logs = new CapturedLogs("io.kvmapper")) {
            claims.withdrawAll(null);
            assertEquals(1, logs.records().size(), logs.records().toString());
            assertTrue(logs.records().get(0).startsWith("WARNING io.kvmapper.cassandra.CassandraTransaction:"
                    + " Cassandra table ks.kv: could not withdraw the claim on key (\"e\", \"ann\") of a transaction"
                    + " that did not commit; the claim had failed in a way that may have applied it (a timeout, say),"
                    + " and if it was applied, it keeps the key taken until repair() releases it\n"
                    + "com.datastax.oss.driver.api.core.DriverTimeoutException: timed out"), logs.records().get(0));
        }
    }

    @Test
    void withdrawingDeletesEachClaimIfItStillHoldsItsClaimerInTheOrderMadeThenForgetsThem() {
        claims.claim(key("cat"), holder(1));
        claims.claim(key("ann"), holder(2));
        cassandra.store(key("ann"), holder(3)); // taken over meanwhile (repair released an orphan, say)

        claims.withdrawAll(null);

        assertEquals(List.of(
                "INSERT (\"e\", \"cat\") = (1) IF NOT EXISTS",
                "INSERT (\"e\", \"ann\") = (2) IF NOT EXISTS",
                "DELETE (\"e\", \"cat\") IF value = (1)",
                "DELETE (\"e\", \"ann\") IF value = (2)"), cassandra.requests());
        assertNull(cassandra.stored(key("cat")));
        assertArrayEquals(holder(3), cassandra.stored(key("ann")), "another holder's value is never deleted");
        assertFalse(claims.contains(key("cat")));
        claims.withdrawAll(null);
        assertEquals(4, cassandra.requests().size(), "withdrawn once");
    }

    @Test
    void aWithdrawalThatFailsIsAddedToTheFailureThatEndedTheTransactionAndTheOthersStillGo() {
        claims.claim(key("ann"), holder(1));
        claims.claim(key("bob"), holder(2));
        cassandra.failOn("DELETE (\"e\", \"ann\") IF value = (1)", new DriverTimeoutException("timed out"));
        TransactionConflictException failure =
                new TransactionConflictException("a checked write found its key changed");

        claims.withdrawAll(failure);

        assertEquals(1, failure.getSuppressed().length);
        StorageException orphan = assertInstanceOf(StorageException.class, failure.getSuppressed()[0]);
        assertFalse(orphan.isRetryable());
        assertEquals("Cassandra table ks.kv: could not withdraw the claim on key (\"e\", \"ann\") of a transaction"
                + " that did not commit; it keeps the key taken until repair() releases it", orphan.getMessage());
        assertArrayEquals(holder(1), cassandra.stored(key("ann")), "orphaned");
        assertNull(cassandra.stored(key("bob")), "withdrawn all the same");
    }

    @Test
    void aWithdrawalThatFailsOnCloseIsLoggedNotThrown() {
        claims.claim(key("ann"), holder(1));
        claims.claim(key("bob"), holder(2));
        cassandra.failOn("DELETE (\"e\", \"ann\") IF value = (1)", new DriverTimeoutException("timed out"));

        try (CapturedLogs logs = new CapturedLogs("io.kvmapper")) {
            claims.withdrawAll(null);
            assertEquals(1, logs.records().size(), logs.records().toString());
            assertTrue(logs.records().get(0).startsWith("WARNING io.kvmapper.cassandra.CassandraTransaction:"
                    + " Cassandra table ks.kv: could not withdraw the claim on key (\"e\", \"ann\") of a transaction"
                    + " that did not commit; it keeps the key taken until repair() releases it\n"),
                    logs.records().get(0));
        }
        assertNull(cassandra.stored(key("bob")));
    }

    @Test
    void theFirstClaimInARangeIsTheFirstMadeThere() {
        claims.claim(key("cat"), holder(1));
        claims.claim(key("bob"), holder(2));
        claims.claim(key("ann"), holder(3));

        assertArrayEquals(key("bob"), claims.firstIn(new KeyRange(key("b"), key("c"))));
        assertNull(claims.firstIn(new KeyRange(key("d"), key("z"))));
    }

    private static byte[] key(String value) {
        return Tuples.encode("e", value);
    }

    private static byte[] holder(long id) {
        return Tuples.encode(id);
    }
}
