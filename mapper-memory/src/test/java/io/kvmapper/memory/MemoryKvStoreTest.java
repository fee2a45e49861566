package io.kvmapper.memory;

import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvTransaction;
import static io.kvmapper.memory.TestData.key;
import static io.kvmapper.memory.TestData.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kvmapper.KvStore;
import io.kvmapper.Multimap;
import io.kvmapper.RetryPolicy;
import io.kvmapper.TransactionConflictException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The public face: {@link MemoryKvStore#open()} and its options. */
class MemoryKvStoreTest {

    @Test
    void eachOpenIsANewEmptyStoreOfItsOwn() {
        MemoryKvStore.Options options = MemoryKvStore.options();
        try (KvStore first = options.open(); KvStore second = options.open(); KvStore third = MemoryKvStore.open()) {
            assertInstanceOf(MemoryBackend.class, first.unwrap(KvBackend.class));
            assertNotSame(first.unwrap(KvBackend.class), second.unwrap(KvBackend.class));
            first.transact(tx -> {
                tx.unwrap(KvTransaction.class).put(key(1), value("first"));
            });
            assertNull(second.unwrap(KvBackend.class).get(key(1)));
            assertNull(third.unwrap(KvBackend.class).get(key(1)));
        }
    }

    @Test
    void theRetryPolicyOfTheOptionsIsTheStores() {
        assertEquals(RetryPolicy.DEFAULT, MemoryKvStore.options().retryPolicy());
        assertThrows(NullPointerException.class, () -> MemoryKvStore.options().retryPolicy(null));
        RetryPolicy twice = new RetryPolicy(2, Duration.ZERO, Duration.ZERO);
        MemoryKvStore.Options options = MemoryKvStore.options().retryPolicy(twice);
        assertEquals("MemoryKvStore.Options[retryPolicy=" + twice + "]", options.toString());
        AtomicInteger attempts = new AtomicInteger();
        try (KvStore store = options.open()) {
            assertThrows(TransactionConflictException.class, () -> store.transact(tx -> {
                attempts.incrementAndGet();
                tx.unwrap(KvTransaction.class).get(key(1));
                store.transact(other -> {
                    other.unwrap(KvTransaction.class).put(key(1), value("meanwhile"));
                });
                tx.unwrap(KvTransaction.class).put(key(2), value("never"));
            }));
        }
        assertEquals(2, attempts.get());
    }

    @Test
    void theRuntimesDataStructuresRunOnIt() {
        try (KvStore store = MemoryKvStore.open()) {
            Multimap<String, Long> views = store.multimap("views", String.class, Long.class);
            views.add("page", 3L);
            views.add("page", 1L);
            views.add("page", 3L);
            assertEquals(List.of(1L, 3L), views.get("page"));
            assertEquals(Map.of(1L, 1L, 3L, 2L), views.counts("page"));
            views.remove("page", 1L);
            assertEquals(List.of(3L), views.get("page"));
        }
    }
}
