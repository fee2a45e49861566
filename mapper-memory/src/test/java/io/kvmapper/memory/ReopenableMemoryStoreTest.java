package io.kvmapper.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kvmapper.StoreClosedException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What closing one store over a {@link ReopenableMemoryStore} ends, and what it leaves to the next. */
class ReopenableMemoryStoreTest {
    private static final byte[] KEY = {1, 2};
    private static final byte[] VALUE = {3};

    private final ReopenableMemoryStore data = new ReopenableMemoryStore();

    @AfterEach
    void freeData() {
        data.close();
    }

    @Test
    void aStoreOpenedAfterAnotherClosedFindsWhatItCommitted() {
        KvBackend first = data.openBackend();
        try (KvTransaction tx = first.beginTransaction()) {
            tx.put(KEY, VALUE);
            tx.commit();
        }
        first.close();
        assertArrayEquals(VALUE, data.openBackend().get(KEY));
    }

    @Test
    void closingAStoreRollsBackItsOpenTransactionsAndClosesItsCursorsOnly() {
        KvBackend closing = data.openBackend();
        KvBackend staying = data.openBackend();
        KvTransaction pending = closing.beginTransaction();
        pending.put(KEY, VALUE);
        KvCursor cursor = closing.scan(KeyRange.startingWith(new byte[] {1}), ScanOptions.FORWARD);
        KvTransaction other = staying.beginTransaction();
        closing.close();
        assertThrows(StoreClosedException.class, pending::commit);
        assertThrows(StoreClosedException.class, cursor::hasNext);
        assertThrows(StoreClosedException.class, () -> closing.get(KEY));
        assertThrows(StoreClosedException.class, closing::beginTransaction);
        assertNull(staying.get(KEY));
        other.put(KEY, VALUE);
        other.commit();
        assertArrayEquals(VALUE, staying.get(KEY));
    }

    @Test
    void closingTheDataEndsEveryStore() {
        KvBackend store = data.openBackend();
        data.close();
        assertThrows(StoreClosedException.class, () -> store.get(KEY));
        assertFalse(store.toString().isEmpty());
    }
}
