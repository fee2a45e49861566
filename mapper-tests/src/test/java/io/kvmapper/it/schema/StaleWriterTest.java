package io.kvmapper.it.schema;

import static io.kvmapper.it.schema.SchemaFixtures.WAIT;
import static io.kvmapper.it.schema.SchemaFixtures.assertExact;
import static io.kvmapper.it.schema.SchemaFixtures.open;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.UniqueConstraintException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two writers of one record with a unique index, interleaved deterministically: the first has read the
 * record and is held (by {@link MemberV2}'s construction hook) while the second gives the record's unique
 * value up, by a new value or a delete, and commits. When the first goes on, it must not put the given-up
 * value back: a record holding a unique value whose claim was released is a value nobody guards, which
 * another record could take. On RocksDB the first writer's transaction conflicts and is run again; on a
 * backend without conflict detection the record's write is checked ({@code writeIfUnchanged}), with the
 * same effect.
 */
@Timeout(120)
class StaleWriterTest {
    private static final long ID = 7;

    @TempDir
    Path dir;

    private final ExecutorService stale = Executors.newSingleThreadExecutor(r -> new Thread(r, "stale-writer"));

    @AfterEach
    void resetHook() {
        MemberV2.onCreate = id -> { };
        stale.shutdownNow();
    }

    @Test
    void aWriterHoldingAStaleStateDoesNotPutBackAUniqueValueAnotherWriteGaveUp() throws Exception {
        try (KvStore store = open(dir)) {
            MemberV2Repository members = new MemberV2Repository(store);
            members.save(new MemberV2(ID, "old@x", "t1", "r1", 10));

            CompletableFuture<Boolean> staleWrite = whileHeld(members, () -> members.updateTeam(ID, "t-stale"),
                    () -> members.save(new MemberV2(ID, "new@x", "t1", "r1", 10)));

            assertTrue(staleWrite.get(WAIT.toSeconds(), TimeUnit.SECONDS));
            assertEquals(Optional.of(new MemberV2(ID, "new@x", "t-stale", "r1", 10)), members.findById(ID),
                    "the held writer ran again on the new state");
            assertEquals(Optional.empty(), members.findByEmail("old@x"));
            assertExact(members, "after a stale partial update raced a change of the unique value");
            members.save(new MemberV2(8, "old@x", "t2", "r2", 1)); // the given-up value is free, and only once
            assertUniqueHolds(members);
        }
    }

    @Test
    void aWriterHoldingAStaleStateDoesNotBringBackARecordAnotherWriteDeleted() throws Exception {
        try (KvStore store = open(dir)) {
            MemberV2Repository members = new MemberV2Repository(store);
            members.save(new MemberV2(ID, "old@x", "t1", "r1", 10));

            CompletableFuture<Boolean> staleWrite = whileHeld(members, () -> members.updateTeam(ID, "t-stale"),
                    () -> assertTrue(members.deleteById(ID)));

            assertFalse(staleWrite.get(WAIT.toSeconds(), TimeUnit.SECONDS), "the held writer found no record");
            assertEquals(Optional.empty(), members.findById(ID));
            assertExact(members, "after a stale partial update raced a delete");
            members.save(new MemberV2(8, "old@x", "t2", "r2", 1));
            assertUniqueHolds(members);
        }
    }

    /**
     * Runs {@code held} on another thread, holds it once it has read member {@link #ID}, runs
     * {@code meanwhile} to its commit, then lets {@code held} go on.
     */
    private CompletableFuture<Boolean> whileHeld(MemberV2Repository members, Supplier<Boolean> held,
            Runnable meanwhile) throws InterruptedException {
        CountDownLatch read = new CountDownLatch(1);
        CountDownLatch committed = new CountDownLatch(1);
        AtomicBoolean fired = new AtomicBoolean();
        MemberV2.onCreate = id -> {
            if (id == ID && Thread.currentThread().getName().equals("stale-writer") && fired.compareAndSet(false, true)) {
                read.countDown();
                try {
                    committed.await(WAIT.toSeconds(), TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        CompletableFuture<Boolean> write = CompletableFuture.supplyAsync(held, stale);
        assertTrue(read.await(WAIT.toSeconds(), TimeUnit.SECONDS), "the held writer read the record");
        meanwhile.run();
        committed.countDown();
        return write;
    }

    /** Member 8 holds "old@x" now; no other member can take it. */
    private static void assertUniqueHolds(MemberV2Repository members) {
        assertEquals(Optional.of(8L), members.findByEmail("old@x").map(MemberV2::id));
        UniqueConstraintException refused = assertThrows(UniqueConstraintException.class,
                () -> members.save(new MemberV2(9, "old@x", "t3", "r3", 1)));
        assertTrue(refused.getMessage().contains("email"), refused.getMessage());
        assertExact(members, "after member 8 took the given-up value");
    }
}
