package io.kvmapper.memory;

import static io.kvmapper.memory.TestData.commit;
import static io.kvmapper.memory.TestData.key;
import static io.kvmapper.memory.TestData.text;
import static io.kvmapper.memory.TestData.value;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.StoreClosedException;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KvTransaction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Behaviour of the in-memory transaction that the conformance suite leaves to each backend. */
class MemoryTransactionTest {
    private final MemoryBackend backend = new MemoryBackend();

    @AfterEach
    void close() {
        backend.close();
    }

    @Test
    void anAddOntoAValueThatIsNotACounterFailsTheCommitNamingTheKeyAndAppliesNothing() {
        commit(backend, tx -> tx.put(key(1), new byte[] {1, 2, 3}));
        KvTransaction tx = backend.beginTransaction();
        tx.put(key(2), value("would come with the add"));
        tx.add(key(1), 1);
        CorruptDataException e = assertThrows(CorruptDataException.class, tx::commit);
        assertTrue(e.getMessage().contains("(\"t\", 1)"), e.getMessage());
        assertFalse(e.isRetryable());
        assertThrows(StoreClosedException.class, () -> tx.get(key(1)), "the failed commit ended the transaction");
        tx.close();
        assertArrayEquals(new byte[] {1, 2, 3}, backend.get(key(1)));
        assertNull(backend.get(key(2)));
    }

    @Test
    void readingOwnAddsOverAValueThatIsNotACounterIsCorruptData() {
        commit(backend, tx -> tx.put(key(1), value("text")));
        try (KvTransaction tx = backend.beginTransaction()) {
            tx.add(key(1), 1);
            assertThrows(CorruptDataException.class, () -> tx.get(key(1)));
            assertThrows(CorruptDataException.class, () -> tx.peek(key(1)));
        }
    }

    @Test
    void anAddAfterAPutInOneTransactionBuildsOnThePut() {
        commit(backend, tx -> {
            tx.put(key(1), Counters.encode(40));
            tx.add(key(1), 2);
            tx.delete(key(2));
            tx.add(key(2), 7);
        });
        assertEquals(42, Counters.decode(key(1), backend.get(key(1))));
        assertEquals(7, Counters.decode(key(2), backend.get(key(2))), "a delete then an add starts at zero");
    }

    @Test
    void theStoreKeepsCopiesSoTheCallerMayReuseItsArrays() {
        byte[] key = key(1);
        byte[] value = value("original");
        try (KvTransaction tx = backend.beginTransaction()) {
            tx.put(key, value);
            value[0] = 'X';
            key[key.length - 1]++;
            assertEquals("original", text(tx.get(key(1))), "the pending write kept its own arrays");
            tx.commit();
        }
        assertEquals("original", text(backend.get(key(1))));
        assertNull(backend.get(key), "the key the caller changed afterwards was never written");
    }
}
