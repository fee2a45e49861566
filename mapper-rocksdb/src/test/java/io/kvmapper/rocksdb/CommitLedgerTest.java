package io.kvmapper.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.rocksdb.RocksDBException;

/**
 * The ledger's conflict check where keys share a stripe, which the conformance suite cannot reach on
 * purpose: a conflict must never be missed, and one key of a stripe must not make the others conflict.
 */
class CommitLedgerTest {
    private static final int STRIPE_MASK = (1 << CommitLedger.STRIPE_BITS) - 1;

    private final CommitLedger ledger = new CommitLedger();
    private final AtomicInteger writes = new AtomicInteger();

    @Test
    void aKeyWrittenSinceTheBeginConflictsAndOneWrittenBeforeDoesNot() throws Exception {
        byte[] key = bytes("a");
        long before = ledger.committedVersion();
        assertTrue(commitWriting(before, key));
        long after = ledger.committedVersion();
        assertEquals(before + 1, after);
        assertFalse(commitChecking(before, key), "written after the begin");
        assertTrue(commitChecking(after, key), "written before the begin");
    }

    @Test
    void anotherKeyOfTheSameStripeWrittenMeanwhileIsNoConflict() throws Exception {
        byte[][] keys = twoKeysOfOneStripe();
        long begin = ledger.committedVersion();
        assertTrue(commitWriting(begin, keys[1]));
        assertTrue(commitWriting(ledger.committedVersion(), keys[1]));
        assertTrue(commitChecking(begin, keys[0]), "only the other key of the stripe was written");
        assertFalse(commitChecking(begin, keys[1]));
    }

    @Test
    void aKeyWrittenAndThenDisplacedFromItsStripeStillConflicts() throws Exception {
        byte[][] keys = twoKeysOfOneStripe();
        long begin = ledger.committedVersion();
        assertTrue(commitWriting(begin, keys[0]));
        assertTrue(commitWriting(ledger.committedVersion(), keys[1]));
        assertFalse(commitChecking(begin, keys[0]), "the stripe's last write is another key's");
        assertTrue(commitChecking(ledger.committedVersion(), keys[0]));
    }

    @Test
    void aConflictingCommitWritesNothingAndPublishesNoVersion() throws Exception {
        byte[] key = bytes("a");
        long begin = ledger.committedVersion();
        assertTrue(commitWriting(begin, key));
        int writesBefore = writes.get();
        KeyHashes hashes = hashes(key);
        assertFalse(ledger.commit(begin, hashes, hashes, writes::incrementAndGet));
        assertEquals(writesBefore, writes.get());
        assertEquals(begin + 1, ledger.committedVersion());
    }

    @Test
    void aFailedWriteStampsAndPublishesNothing() {
        byte[] key = bytes("a");
        long begin = ledger.committedVersion();
        KeyHashes hashes = hashes(key);
        assertThrows(RocksDBException.class, () -> ledger.commit(begin, hashes, hashes, () -> {
            throw new RocksDBException("disk full");
        }));
        assertEquals(begin, ledger.committedVersion());
        assertTrue(commitChecking(begin, key), "the failed commit left no trace");
    }

    private boolean commitWriting(long since, byte[] key) throws RocksDBException {
        KeyHashes hashes = hashes(key);
        return ledger.commit(since, hashes, hashes, writes::incrementAndGet);
    }

    private boolean commitChecking(long since, byte[] key) {
        try {
            return ledger.commit(since, hashes(key), new KeyHashes(), () -> {
                throw new AssertionError("a commit that writes nothing must not write");
            });
        } catch (RocksDBException e) {
            throw new AssertionError(e);
        }
    }

    private static KeyHashes hashes(byte[] key) {
        KeyHashes hashes = new KeyHashes();
        hashes.add(CommitLedger.hash(key));
        return hashes;
    }

    /** Two keys whose hashes differ but pick the same stripe, found by search. */
    private static byte[][] twoKeysOfOneStripe() {
        byte[] first = bytes("key-0");
        long firstHash = CommitLedger.hash(first);
        for (int i = 1; ; i++) {
            byte[] candidate = bytes("key-" + i);
            long hash = CommitLedger.hash(candidate);
            if ((hash & STRIPE_MASK) == (firstHash & STRIPE_MASK)) {
                assertNotEquals(firstHash, hash);
                return new byte[][] {first, candidate};
            }
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
