package io.kvmapper.memory;

import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvTransaction;
import static io.kvmapper.memory.TestData.key;
import static io.kvmapper.memory.TestData.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kvmapper.KvStore;
import io.kvmapper.Multimap;
import io.kvmapper.RetryPolicy;
import io.kvmapper.StoreOptions;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.internal.store.KvStoreImpl;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
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
    void theClockAndExpirySettingsAreSharedWithTheOtherBackendsAndChecked() {
        Clock fixed = Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC);
        MemoryKvStore.Options options = MemoryKvStore.options();
        assertInstanceOf(StoreOptions.class, options);
        assertEquals(Clock.systemUTC(), options.clock());
        assertEquals(StoreOptions.DEFAULT_EXPIRY_INTERVAL, options.expiryInterval());
        assertEquals(StoreOptions.DEFAULT_REAP_RATE, options.reapRate());
        assertSame(options, options.clock(fixed).expiryInterval(Duration.ofMillis(50)).reapRate(7));
        assertEquals(fixed, options.clock());
        assertEquals(Duration.ofMillis(50), options.expiryInterval());
        assertEquals(7, options.reapRate());
        assertThrows(NullPointerException.class, () -> options.clock(null));
        assertThrows(IllegalArgumentException.class, () -> options.expiryInterval(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> options.expiryInterval(Duration.ofSeconds(-1)));
        assertThrows(IllegalArgumentException.class, () -> options.reapRate(0));
        try (KvStore store = options.open()) {
            assertEquals(fixed, KvStoreImpl.of(store).clock());
            assertEquals(Duration.ofMillis(50), KvStoreImpl.of(store).expiryInterval());
            assertEquals(0, store.reapExpired(), "nothing to reap before an expiring entity is opened");
        }
    }

    @Test
    void theRetryPolicyOfTheOptionsIsTheStores() {
        assertEquals(RetryPolicy.DEFAULT, MemoryKvStore.options().retryPolicy());
        assertThrows(NullPointerException.class, () -> MemoryKvStore.options().retryPolicy(null));
        RetryPolicy twice = new RetryPolicy(2, Duration.ZERO, Duration.ZERO);
        MemoryKvStore.Options options = MemoryKvStore.options().retryPolicy(twice);
        assertEquals("MemoryKvStore.Options[retryPolicy=" + twice + ", clock=" + Clock.systemUTC()
                + ", expiryInterval=PT1S, reapRate=10000]", options.toString());
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
