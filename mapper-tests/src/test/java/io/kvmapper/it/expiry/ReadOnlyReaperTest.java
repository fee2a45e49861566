package io.kvmapper.it.expiry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A RocksDB store opened read-only (a tool looking into a store another process holds) starts no background
 * reaper: every round would fail its first write and log a warning each {@code expiryInterval}. Reads still hide
 * what has expired. RocksDB only: the one backend that opens read-only.
 */
class ReadOnlyReaperTest {
    private static final Instant START = Instant.parse("2030-01-01T00:00:00Z");

    @TempDir
    Path dir;

    @Test
    void aReadOnlyStoreStartsNoReaperAndStillHidesWhatExpired() {
        TestClock clock = new TestClock(START);
        try (KvStore store = RocksKvStore.options().clock(clock).open(dir)) {
            SessionRepository sessions = new SessionRepository(store);
            sessions.insert(new Session("ada", 1, "t1", "phone", START.plusSeconds(10)));
            sessions.insert(new Session("ada", 2, "t2", "phone", null));
        }
        clock.advance(Duration.ofSeconds(60));
        RocksKvStore.Options readOnly = RocksKvStore.options().readOnly(true).clock(clock)
                .expiryInterval(Duration.ofMillis(20));
        try (KvStore store = readOnly.open(dir)) {
            SessionRepository sessions = new SessionRepository(store);
            assertEquals(Optional.empty(), sessions.findById("ada", 1), "expired, though not reaped");
            assertTrue(sessions.findById("ada", 2).isPresent());
            // the reaper's thread starts when the first repository of an expiring entity registers, so it would
            // be there by now
            assertTrue(Thread.getAllStackTraces().keySet().stream()
                    .noneMatch(thread -> thread.getName().startsWith("kvmapper-reaper " + store)),
                    "no reaper thread on the read-only store");
            assertEquals(2, sessions.countTotal(), "counted until reaped, and nothing reaps a read-only store");
        }
    }
}
