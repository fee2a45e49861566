package io.kvmapper.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.StorageException;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The commit protocol without a node: checked writes, then the batch, then the releases, then the counter adds;
 * what is undone when a step fails; and when the transaction's claims are withdrawn or kept.
 */
class CommitTest {
    private static final byte[] P = Tuples.encode("p");
    private static final byte[] HOLDER = Tuples.encode("h");

    private final FakeCassandra cassandra = new FakeCassandra();
    private final StoreLayout layout =
            new StoreLayout(new Placement(BucketedPartitions.none(), 1), CounterPartitions.all(), 16, 100);
    private final Claims claims = new Claims(FakeCassandra.WHERE, cassandra, FakeCassandra.FAILURES);
    private final WriteSet writes = new WriteSet(FakeCassandra.WHERE, layout, claims);
    private final Commit commit = new Commit(FakeCassandra.WHERE, writes, claims, layout, cassandra,
            FakeCassandra.FAILURES);

    // ---------------------------------------------------------------- the order

    @Test
    void aCommitOfNothingAsksNothing() {
        commit.run();

        assertEquals(List.of(), cassandra.requests());
        assertTrue(commit.done());
    }

    @Test
    void checkedWritesGoFirstThenTheBatchThenTheReleasesThenTheCounterAdds() {
        cassandra.store(key("a"), value("x"));
        cassandra.store(key("c"), HOLDER);
        writes.put(key("put"), value("v"));
        writes.writeIfUnchanged(key("b"), null, value("v1"));
        writes.writeIfUnchanged(key("a"), value("x"), value("y"));
        writes.release(key("c"), HOLDER);
        writes.add(key("d"), 5);

        commit.run();

        assertEquals(List.of(
                "UPDATE (\"p\", \"a\") = (\"y\") IF value = (\"x\")",
                "INSERT (\"p\", \"b\") = (\"v1\") IF NOT EXISTS",
                "UNLOGGED batch of 2",
                "DELETE (\"p\", \"c\") IF value = (\"h\")",
                "COUNTER batch of 1, not idempotent"), cassandra.requests());
        assertTrue(commit.done());
        assertArrayEquals(value("y"), cassandra.stored(key("a")));
        assertNull(cassandra.stored(key("c")), "released");
    }

    @Test
    void whereTheTablesMarkDataRowsBesideCountersTheMarksGoFirstAndAFailureThereAppliesNothing() {
        StoreLayout marking = new StoreLayout(new Placement(BucketedPartitions.none(), 1), CounterPartitions.all(), 16,
                100, ChunkPartitions.all(), true);
        WriteSet marked = new WriteSet(FakeCassandra.WHERE, marking, claims);
        byte[] group = Tuples.encode(List.of("User", "c", "byStatus"), "put"); // a counter key: marked
        cassandra.store(key("a"), value("x"));
        marked.put(group, value("v"));
        marked.put(key("put"), value("v")); // not a counter key: read in both tables at once, not marked
        marked.writeIfUnchanged(key("a"), value("x"), value("y"));
        marked.add(key("d"), 5);

        new Commit(FakeCassandra.WHERE, marked, claims, marking, cassandra, FakeCassandra.FAILURES).run();

        assertEquals(List.of(
                "COUNTER batch of 1",
                "UPDATE (\"p\", \"a\") = (\"y\") IF value = (\"x\")",
                "LOGGED batch of 4",
                "COUNTER batch of 1, not idempotent"), cassandra.requests());

        FakeCassandra failing = new FakeCassandra();
        Claims held = new Claims(FakeCassandra.WHERE, failing, FakeCassandra.FAILURES);
        WriteSet again = new WriteSet(FakeCassandra.WHERE, marking, held);
        held.claim(key("u"), HOLDER);
        again.put(group, value("v"));
        failing.failOn("COUNTER batch of 1", new DriverTimeoutException("timed out"));

        StorageException e = assertThrows(StorageException.class,
                () -> new Commit(FakeCassandra.WHERE, again, held, marking, failing, FakeCassandra.FAILURES).run());

        assertTrue(e.isRetryable(), "nothing but marks may have been applied: " + e.getMessage());
        assertEquals(List.of(
                "INSERT (\"p\", \"u\") = (\"h\") IF NOT EXISTS",
                "COUNTER batch of 1",
                "DELETE (\"p\", \"u\") IF value = (\"h\")"), failing.requests(), "the claim withdrawn");
        assertNull(failing.stored(group));
    }

    @Test
    void theBatchCarriesTheCommitsTimestampsAndARangeSpanningPartitionsIsResolvedAgainstEveryStoredOne() {
        cassandra.storedPartitions(Tuples.encode("b"), Tuples.encode("z"), Tuples.encode("a"), Tuples.encode("b"));
        writes.deleteRange(new KeyRange(Tuples.encode("a"), Tuples.encode("c")));
        writes.put(Tuples.encode("a", "k"), value("v"));

        commit.run();

        assertEquals(List.of(
                "LIST PARTITIONS",
                "SCAN (\"b\") from 0 to end", // the counters each resolved range deletes
                "SCAN (\"a\") from 0 to end",
                "LOGGED batch of 6"), cassandra.requests());
        ByteBuffer all = ByteBuffer.allocate(0);
        assertEquals(List.of(
                new CqlWrite.DeleteRange(false, ByteBuffer.wrap(Tuples.encode("b")), all, null, 100),
                new CqlWrite.DeleteRange(true, ByteBuffer.wrap(Tuples.encode("b")), all, null, 100),
                new CqlWrite.DeleteRange(false, ByteBuffer.wrap(Tuples.encode("a")), all, null, 100),
                new CqlWrite.DeleteRange(true, ByteBuffer.wrap(Tuples.encode("a")), all, null, 100),
                new CqlWrite.DeleteChunks(ByteBuffer.wrap(Tuples.encode("a")), sortKey("k"), 100),
                new CqlWrite.InsertData(ByteBuffer.wrap(Tuples.encode("a")), sortKey("k"),
                        ByteBuffer.wrap(value("v")), 101)),
                cassandra.sent().get(0).writes());
        assertTrue(cassandra.sent().get(0).idempotent());
    }

    @Test
    void theCountersReplacedAreReadBeforeAnythingIsSent() {
        cassandra.counters().put(key("n"), 3);
        writes.put(key("n"), Counters.encode(10));
        writes.writeIfUnchanged(key("a"), null, value("v"));

        commit.run();

        assertEquals(List.of(
                "IN (\"p\") [n]",
                "INSERT (\"p\", \"a\") = (\"v\") IF NOT EXISTS",
                "UNLOGGED batch of 2"), cassandra.requests());
        assertEquals(
                new CqlWrite.InsertData(ByteBuffer.wrap(P), sortKey("n"), ByteBuffer.wrap(Counters.encode(7)), 101),
                cassandra.sent().get(0).writes().get(1), "10 over a counter of 3");
    }

    // ---------------------------------------------------------------- checked writes, and their undoing

    @Test
    void aCheckedWriteThatFindsItsKeyChangedUndoesThoseBeforeItAndWithdrawsTheClaims() {
        claims.claim(key("claimed"), HOLDER);
        cassandra.store(key("b"), value("changed"));
        writes.writeIfUnchanged(key("a"), null, value("v1"));
        writes.writeIfUnchanged(key("b"), value("read"), value("v2"));
        writes.writeIfUnchanged(key("c"), null, value("v3"));
        writes.put(key("put"), value("v"));

        TransactionConflictException e = assertThrows(TransactionConflictException.class, commit::run);

        assertEquals("Cassandra table ks.kv: key (\"p\", \"b\") changed since this transaction read it (a checked"
                + " write found another value); nothing of the transaction was applied", e.getMessage());
        assertEquals(List.of(
                "INSERT (\"p\", \"claimed\") = (\"h\") IF NOT EXISTS",
                "INSERT (\"p\", \"a\") = (\"v1\") IF NOT EXISTS",
                "UPDATE (\"p\", \"b\") = (\"v2\") IF value = (\"read\")",
                "DELETE (\"p\", \"a\") IF value = (\"v1\")",
                "DELETE (\"p\", \"claimed\") IF value = (\"h\")"), cassandra.requests());
        assertNull(cassandra.stored(key("a")), "undone");
        assertNull(cassandra.stored(key("claimed")), "withdrawn");
        assertFalse(commit.done());
    }

    @Test
    void anUndoRestoresWhatTheKeyHeldAndSkipsAKeyOnlyCheckedToBeAbsent() {
        cassandra.store(key("a"), value("x"));
        cassandra.store(key("b"), value("y"));
        writes.writeIfUnchanged(key("a"), value("x"), value("x2"));
        writes.writeIfUnchanged(key("b"), value("y"), null);
        writes.writeIfUnchanged(key("c"), null, null);
        writes.writeIfUnchanged(key("d"), value("read"), value("d2"));

        assertThrows(TransactionConflictException.class, commit::run);

        assertEquals(List.of(
                "UPDATE (\"p\", \"a\") = (\"x2\") IF value = (\"x\")",
                "DELETE (\"p\", \"b\") IF value = (\"y\")",
                "SERIAL READ (\"p\", \"c\")",
                "UPDATE (\"p\", \"d\") = (\"d2\") IF value = (\"read\")",
                "UPDATE (\"p\", \"a\") = (\"x\") IF value = (\"x2\")",
                "INSERT (\"p\", \"b\") = (\"y\") IF NOT EXISTS"), cassandra.requests());
        assertArrayEquals(value("x"), cassandra.stored(key("a")));
        assertArrayEquals(value("y"), cassandra.stored(key("b")));
    }

    @Test
    void aCheckedWriteWhoseOutcomeIsUnknownIsUndoneTooConditionally() {
        writes.writeIfUnchanged(key("a"), null, value("v1"));
        writes.writeIfUnchanged(key("b"), null, value("v2"));
        cassandra.failOn("INSERT (\"p\", \"b\") = (\"v2\") IF NOT EXISTS", new DriverTimeoutException("timed out"));

        StorageException e = assertThrows(StorageException.class, commit::run);

        assertEquals("Cassandra table ks.kv: checked write of key (\"p\", \"b\") failed: timed out", e.getMessage());
        assertTrue(e.isRetryable(), "nothing stayed applied");
        assertEquals(List.of(
                "INSERT (\"p\", \"a\") = (\"v1\") IF NOT EXISTS",
                "INSERT (\"p\", \"b\") = (\"v2\") IF NOT EXISTS",
                "DELETE (\"p\", \"a\") IF value = (\"v1\")",
                "DELETE (\"p\", \"b\") IF value = (\"v2\")",
                "GET (\"p\", \"b\")"), cassandra.requests(), "b was not applied after all: it reads as expected");
    }

    @Test
    void aCheckedWriteTheClusterRefusedWasNotAppliedSoOnlyThoseBeforeItAreUndone() {
        writes.writeIfUnchanged(key("a"), null, value("v1"));
        writes.writeIfUnchanged(key("b"), null, value("v2"));
        cassandra.failOn("INSERT (\"p\", \"b\") = (\"v2\") IF NOT EXISTS", new UnauthorizedException(null,
                "User reader has no MODIFY permission on <table ks.kv> or any of its parents"));

        StorageException e = assertThrows(StorageException.class, commit::run);

        assertFalse(e.isRetryable());
        assertEquals("Cassandra table ks.kv: checked write of key (\"p\", \"b\") failed for want of a"
                + " permission: User reader has no MODIFY permission on <table ks.kv> or any of its parents"
                + " (docs/security.md lists the permissions each operation needs)", e.getMessage());
        assertEquals(List.of(
                "INSERT (\"p\", \"a\") = (\"v1\") IF NOT EXISTS",
                "INSERT (\"p\", \"b\") = (\"v2\") IF NOT EXISTS",
                "DELETE (\"p\", \"a\") IF value = (\"v1\")"), cassandra.requests(),
                "b is not undone: it was never written");
        assertNull(cassandra.stored(key("a")));
    }

    @Test
    void aBatchTheClusterRefusedForWantOfAPermissionUndoesTheCheckedWritesAndWithdrawsTheClaims() {
        claims.claim(key("claimed"), HOLDER);
        writes.writeIfUnchanged(key("a"), null, value("v1"));
        writes.put(key("put"), value("v"));
        cassandra.failOn("UNLOGGED batch of 2", new UnauthorizedException(null,
                "User app has no MODIFY permission on <table ks.kv_chunks> or any of its parents"));

        StorageException e = assertThrows(StorageException.class, commit::run);

        assertFalse(e.isRetryable());
        assertTrue(e.getMessage().contains("failed for want of a permission: User app has no MODIFY"),
                e.getMessage());
        assertEquals(List.of(
                "INSERT (\"p\", \"claimed\") = (\"h\") IF NOT EXISTS",
                "INSERT (\"p\", \"a\") = (\"v1\") IF NOT EXISTS",
                "UNLOGGED batch of 2",
                "DELETE (\"p\", \"a\") IF value = (\"v1\")",
                "DELETE (\"p\", \"claimed\") IF value = (\"h\")"), cassandra.requests());
        assertEquals(0, e.getSuppressed().length, "every claim withdrawn");
    }

    @Test
    void aCheckedWriteThatCannotBeUndoneLeavesTheCommitPartlyAppliedAndKeepsTheClaims() {
        claims.claim(key("claimed"), HOLDER);
        cassandra.store(key("b"), value("changed"));
        writes.writeIfUnchanged(key("a"), null, value("v1"));
        writes.writeIfUnchanged(key("b"), value("read"), value("v2"));
        cassandra.after("INSERT (\"p\", \"a\") = (\"v1\") IF NOT EXISTS", () -> cassandra.store(key("a"), value("v9")));

        StorageException e = assertThrows(StorageException.class, commit::run);

        assertFalse(e.isRetryable());
        assertEquals("Cassandra table ks.kv: a commit failed part way: its checked writes of (\"p\", \"a\") (changed"
                + " again meanwhile) could not be undone, and its other writes were not applied (Cassandra table ks.kv:"
                + " key (\"p\", \"b\") changed since this transaction read it (a checked write found another value);"
                + " nothing of the transaction was applied); verify() and repair() reconcile what the mapper"
                + " maintains", e.getMessage());
        assertInstanceOf(TransactionConflictException.class, e.getCause());
        assertEquals(List.of(
                "INSERT (\"p\", \"claimed\") = (\"h\") IF NOT EXISTS",
                "INSERT (\"p\", \"a\") = (\"v1\") IF NOT EXISTS",
                "UPDATE (\"p\", \"b\") = (\"v2\") IF value = (\"read\")",
                "DELETE (\"p\", \"a\") IF value = (\"v1\")",
                "GET (\"p\", \"a\")"), cassandra.requests(), "the claim kept");
        assertArrayEquals(HOLDER, cassandra.stored(key("claimed")));
    }

    @Test
    void anUndoThatFailsIsSuppressedIntoTheFailureAndMakesItPartial() {
        cassandra.store(key("b"), value("changed"));
        writes.writeIfUnchanged(key("a"), null, value("v1"));
        writes.writeIfUnchanged(key("b"), value("read"), value("v2"));
        DriverTimeoutException timeout = new DriverTimeoutException("timed out");
        cassandra.failOn("DELETE (\"p\", \"a\") IF value = (\"v1\")", timeout);

        StorageException e = assertThrows(StorageException.class, commit::run);

        assertFalse(e.isRetryable());
        assertTrue(e.getMessage().contains("its checked writes of (\"p\", \"a\") (timed out) could not be undone"),
                e.getMessage());
        assertEquals(List.of(timeout), List.of(e.getCause().getSuppressed()));
    }

    // ---------------------------------------------------------------- the batch's failures

    @Test
    void aBatchRefusedBeforeItWasAppliedUndoesTheCheckedWritesAndWithdrawsTheClaims() {
        claims.claim(key("claimed"), HOLDER);
        writes.writeIfUnchanged(key("a"), null, value("v1"));
        writes.put(key("put"), value("v"));
        cassandra.failOn("UNLOGGED batch of 2", new UnavailableException(null, ConsistencyLevel.QUORUM, 2, 1));

        StorageException e = assertThrows(StorageException.class, commit::run);

        assertTrue(e.isRetryable(), "nothing was applied");
        assertTrue(e.getMessage().startsWith("Cassandra table ks.kv: commit of 2 writes and 0 range deletions to 1"
                + " partitions failed: Not enough replicas available"), e.getMessage());
        assertEquals(List.of(
                "INSERT (\"p\", \"claimed\") = (\"h\") IF NOT EXISTS",
                "INSERT (\"p\", \"a\") = (\"v1\") IF NOT EXISTS",
                "UNLOGGED batch of 2",
                "DELETE (\"p\", \"a\") IF value = (\"v1\")",
                "DELETE (\"p\", \"claimed\") IF value = (\"h\")"), cassandra.requests());
        assertFalse(commit.done());
    }

    @Test
    void aBatchWhoseOutcomeIsUnknownKeepsTheClaimsAndTheCheckedWrites() {
        claims.claim(key("claimed"), HOLDER);
        writes.writeIfUnchanged(key("a"), null, value("v1"));
        writes.put(key("put"), value("v"));
        cassandra.failOn("UNLOGGED batch of 2", new DriverTimeoutException("timed out"));

        StorageException e = assertThrows(StorageException.class, commit::run);

        assertFalse(e.isRetryable(), "the checked write stays");
        assertEquals("Cassandra table ks.kv: a commit failed part way: its checked writes were applied, and its other"
                + " writes may have been (Cassandra table ks.kv: commit of 2 writes and 0 range deletions to 1"
                + " partitions failed: timed out); verify() and repair() reconcile what the mapper maintains",
                e.getMessage());
        assertEquals(List.of(
                "INSERT (\"p\", \"claimed\") = (\"h\") IF NOT EXISTS",
                "INSERT (\"p\", \"a\") = (\"v1\") IF NOT EXISTS",
                "UNLOGGED batch of 2"), cassandra.requests(), "nothing undone, nothing withdrawn");
        assertArrayEquals(HOLDER, cassandra.stored(key("claimed")));
    }

    @Test
    void aBatchWhoseOutcomeIsUnknownWithoutCheckedWritesFailsRetryablyAndKeepsTheClaims() {
        claims.claim(key("claimed"), HOLDER);
        writes.put(key("put"), value("v"));
        cassandra.failOn("UNLOGGED batch of 2", new DriverTimeoutException("timed out"));

        StorageException e = assertThrows(StorageException.class, commit::run);

        assertTrue(e.isRetryable(), "the batch is idempotent");
        assertEquals("Cassandra table ks.kv: commit of 1 writes and 0 range deletions to 1 partitions failed: timed"
                + " out", e.getMessage());
        assertEquals(2, cassandra.requests().size(), "the claim kept: " + cassandra.requests());
    }

    @Test
    void aBatchWhoseOutcomeIsUnknownWithCounterAddsOrReleasesToFollowIsNotRetryable() {
        writes.put(key("put"), value("v"));
        writes.add(key("n"), 1);
        cassandra.failOn("UNLOGGED batch of 2", new DriverTimeoutException("timed out"));

        StorageException counted = assertThrows(StorageException.class, commit::run);

        assertFalse(counted.isRetryable(), "run again after the batch landed, the unit would not add its counts");
        assertTrue(counted.getMessage().endsWith("; the commit's batch may have been applied, and its claim releases"
                + " and counter adds were not sent, so it is not run again: verify() and repair() reconcile the claims"
                + " and counters the mapper maintains"), counted.getMessage());
        assertEquals(List.of("UNLOGGED batch of 2"), cassandra.requests(), "the counter batch is not sent");
    }

    @Test
    void aBatchWhoseOutcomeIsUnknownWithChangeFeedEntriesIsNotRetryable() {
        writes.put(key("put"), value("v"));
        writes.putStamped(key("feed"), value("change"), stamp -> fail("a failed commit has no stamped entries"));
        cassandra.failOn("UNLOGGED batch of 4", new DriverTimeoutException("timed out"));

        StorageException unknown = assertThrows(StorageException.class, commit::run);

        assertFalse(unknown.isRetryable(), "run again after the batch landed, the feed would hold the change twice");
        assertTrue(unknown.getMessage().endsWith("; the commit's batch may have been applied, with change feed entries"
                + " that a second run would append again, so it is not run again"), unknown.getMessage());
        assertEquals(List.of("IN (\"p\") [feed]", "UNLOGGED batch of 4"), cassandra.requests(),
                "what the commit sent before its batch failed");
    }

    @Test
    void aCommitTooLargeForOneBatchIsRefusedBeforeSendingAnythingAndWithdrawsTheClaims() {
        claims.claim(key("claimed"), HOLDER);
        writes.writeIfUnchanged(key("a"), null, value("v1"));
        for (int i = 0; i < 32_768; i++) {
            writes.put(key(i), value("v"));
        }

        InvalidRequestException e = assertThrows(InvalidRequestException.class, commit::run);

        assertTrue(e.getMessage().contains("needs 65536 statements"), e.getMessage());
        assertEquals(List.of(
                "INSERT (\"p\", \"claimed\") = (\"h\") IF NOT EXISTS",
                "DELETE (\"p\", \"claimed\") IF value = (\"h\")"), cassandra.requests());
    }

    @Test
    void aFailedReadOfTheCountersReplacedFailsTheCommitBeforeAnythingIsSent() {
        claims.claim(key("claimed"), HOLDER);
        writes.delete(key("n"));
        cassandra.failOn("IN (\"p\") [n]", new DriverTimeoutException("timed out"));

        StorageException e = assertThrows(StorageException.class, commit::run);

        assertEquals("Cassandra table ks.kv: reading what a commit replaces failed: timed out", e.getMessage());
        assertEquals(List.of(
                "INSERT (\"p\", \"claimed\") = (\"h\") IF NOT EXISTS",
                "IN (\"p\") [n]",
                "DELETE (\"p\", \"claimed\") IF value = (\"h\")"), cassandra.requests());
    }

    // ---------------------------------------------------------------- after the batch

    @Test
    void aFailedReleaseIsReportedOnceTheOthersAreMadeAndTheCounterAddsAreNotSent() {
        cassandra.store(key("a"), HOLDER);
        cassandra.store(key("b"), HOLDER);
        writes.release(key("a"), HOLDER);
        writes.release(key("b"), HOLDER);
        writes.add(key("n"), 1);
        cassandra.failOn("DELETE (\"p\", \"a\") IF value = (\"h\")", new DriverTimeoutException("timed out"));

        StorageException e = assertThrows(StorageException.class, commit::run);

        assertFalse(e.isRetryable());
        assertEquals("Cassandra table ks.kv: the commit was applied, but releasing the claim on key (\"p\", \"a\")"
                + " failed (timed out); it keeps the key taken until repair() releases it", e.getMessage());
        assertEquals(List.of(
                "DELETE (\"p\", \"a\") IF value = (\"h\")",
                "DELETE (\"p\", \"b\") IF value = (\"h\")"), cassandra.requests());
        assertTrue(commit.done(), "the transaction has committed");
    }

    @Test
    void aFailedCounterBatchLeavesTheOtherWritesAppliedAndIsNotRetried() {
        claims.claim(key("claimed"), HOLDER);
        writes.put(key("put"), value("v"));
        writes.add(key("n"), 1);
        cassandra.failOn("COUNTER batch of 1, not idempotent", new DriverTimeoutException("timed out"));

        StorageException e = assertThrows(StorageException.class, commit::run);

        assertFalse(e.isRetryable());
        assertEquals("Cassandra table ks.kv: counter adds of a commit (1 keys) failed: timed out; the commit's other"
                + " writes were applied, and some of its counter adds may have been (counters are not idempotent, so"
                + " they are not retried): verify() and repair() reconcile the counters the mapper maintains",
                e.getMessage());
        assertInstanceOf(DriverTimeoutException.class, e.getCause());
        assertEquals(3, cassandra.requests().size(), "the claim kept: " + cassandra.requests());
        assertTrue(commit.done());
    }

    @Test
    void aCounterBatchTheClusterRefusedSaysItsAddsWereNotApplied() {
        writes.put(key("put"), value("v"));
        writes.add(key("n"), 1);
        cassandra.failOn("COUNTER batch of 1, not idempotent", new UnauthorizedException(null,
                "User app has no MODIFY permission on <table ks.kv_counters> or any of its parents"));

        StorageException e = assertThrows(StorageException.class, commit::run);

        assertFalse(e.isRetryable());
        assertEquals("Cassandra table ks.kv: counter adds of a commit (1 keys) failed for want of a permission:"
                + " User app has no MODIFY permission on <table ks.kv_counters> or any of its parents"
                + " (docs/security.md lists the permissions each operation needs); the commit's other writes were"
                + " applied, and its counter adds were not", e.getMessage());
        assertInstanceOf(UnauthorizedException.class, e.getCause());
    }

    @Test
    void aCommitOfOnlyCounterAddsSendsOnlyTheCounterBatch() {
        writes.add(key("m"), 1);
        writes.add(key("n"), 2);

        commit.run();

        assertEquals(List.of("COUNTER batch of 2, not idempotent"), cassandra.requests());
        assertEquals(BatchType.COUNTER, cassandra.sent().get(0).type());
    }

    private static byte[] key(Object sortKey) {
        return CassandraBackend.concat(P, Tuples.encode(sortKey));
    }

    private static ByteBuffer sortKey(Object sortKey) {
        return ByteBuffer.wrap(Tuples.encode(sortKey));
    }

    private static byte[] value(String value) {
        return Tuples.encode(value);
    }
}
