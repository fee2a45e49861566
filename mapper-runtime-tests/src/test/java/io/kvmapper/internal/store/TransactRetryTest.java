package io.kvmapper.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kvmapper.IndexNotReadyException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvMapperException;
import io.kvmapper.KvStore;
import io.kvmapper.RetryPolicy;
import io.kvmapper.StorageException;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.memory.MemoryKvStore;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Which failures of a unit of work {@link KvStore#transact} runs again: every retryable one, and only those. */
class TransactRetryTest {
    private final KvStore store = MemoryKvStore.options()
            .retryPolicy(new RetryPolicy(4, Duration.ZERO, Duration.ZERO)).open();
    private final AtomicInteger runs = new AtomicInteger();

    @AfterEach
    void closeStore() {
        store.close();
    }

    /** Work that fails with {@code failure} on its first {@code failures} runs, then returns how many runs it took. */
    private int failing(int failures, KvMapperException failure) {
        return store.transactResult(tx -> {
            if (runs.incrementAndGet() <= failures) {
                throw failure;
            }
            return runs.get();
        });
    }

    @Test
    void aUnitBlockedByAnIndexUnderConstructionIsRunAgain() {
        assertEquals(3, failing(2, new IndexNotReadyException("Member: index 'team' is being built", true)));
    }

    @Test
    void aRetryableStorageFailureIsRunAgain() {
        assertEquals(2, failing(1, new StorageException("busy", null, true)));
    }

    @Test
    void conflictsAreRunAgainAsBefore() {
        assertEquals(4, failing(3, new TransactionConflictException("conflict")));
    }

    @Test
    void aFailureThatIsNotRetryableEndsTheUnitAtOnce() {
        IndexNotReadyException failed = new IndexNotReadyException("Member: index 'email' could not be built", false);
        assertSame(failed, assertThrows(IndexNotReadyException.class, () -> failing(5, failed)));
        assertEquals(1, runs.get());
        runs.set(0);
        assertThrows(InvalidRequestException.class, () -> failing(5, new InvalidRequestException("bad")));
        assertEquals(1, runs.get());
    }

    @Test
    void whenAttemptsRunOutTheLastRetryableFailureIsThrown() {
        IndexNotReadyException building = new IndexNotReadyException("Member: index 'team' is being built", true);
        assertSame(building, assertThrows(IndexNotReadyException.class, () -> failing(10, building)));
        assertEquals(4, runs.get(), "RetryPolicy.maxAttempts runs");
    }

    @Test
    void whenAttemptsRunOutOnConflictsTheExceptionSaysHowManyRunsWereMade() {
        TransactionConflictException conflict = new TransactionConflictException("conflict");
        TransactionConflictException thrown = assertThrows(TransactionConflictException.class,
                () -> failing(10, conflict));
        assertSame(conflict, thrown.getCause());
        assertEquals(4, runs.get());
    }
}
