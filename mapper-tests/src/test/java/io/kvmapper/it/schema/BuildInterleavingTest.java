package io.kvmapper.it.schema;

import static io.kvmapper.it.schema.SchemaFixtures.WAIT;
import static io.kvmapper.it.schema.SchemaFixtures.assertExact;
import static io.kvmapper.it.schema.SchemaFixtures.awaitBuilds;
import static io.kvmapper.it.schema.SchemaFixtures.fillV1;
import static io.kvmapper.it.schema.SchemaFixtures.open;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.it.schema.SchemaFixtures.Gate;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two interleavings the build cursor exists for, forced deterministically: {@link MemberV2}'s
 * construction hook stops a thread in the middle of its transaction (when the store decodes a member)
 * while another thread commits.
 */
@Timeout(120)
class BuildInterleavingTest {
    @TempDir
    Path dir;

    private final ExecutorService other = Executors.newSingleThreadExecutor(r -> new Thread(r, "other-writer"));

    @AfterEach
    void resetHook() {
        MemberV2.onCreate = id -> { };
        other.shutdownNow();
    }

    /**
     * A batch has read the records after the cursor; before it commits, a writer inserts a new record
     * among them (a phantom the batch's scan did not see) and commits. The batch must not move its
     * cursor past that record without covering it.
     */
    @Test
    void aRecordInsertedAmongTheRecordsOfABatchInFlightIsCovered() throws Exception {
        try (KvStore store = open(dir)) {
            fillV1(store, 1_500);
            new MemberV1Repository(store).deleteById(760);
        }
        try (KvStore store = open(dir)) {
            MemberV2Repository[] members = new MemberV2Repository[1];
            AtomicBoolean fired = new AtomicBoolean();
            MemberV2.onCreate = id -> {
                // the first build decodes member 700 inside its second batch (500..999, without 760)
                if (id == 700 && !Thread.currentThread().getName().equals("other-writer")
                        && fired.compareAndSet(false, true)) {
                    CompletableFuture.runAsync(() -> members[0].insert(new MemberV2(760, "phantom@x", "t-phantom",
                            "r-phantom", 9)), other).orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS).join();
                }
            };
            members[0] = new MemberV2Repository(store);
            awaitBuilds(store);
            assertTrue(fired.get(), "the hook fired inside a batch");
            assertEquals(Optional.of(760L), members[0].findByEmail("phantom@x").map(MemberV2::id));
            assertEquals(List.of(760L), members[0].findByTeam("t-phantom").stream().map(MemberV2::id).toList());
            assertEquals(1, members[0].countByTeam("t-phantom"));
            assertEquals(9, members[0].sumPointsByRegion("r-phantom"));
            assertExact(members[0], "after a phantom insert");
        }
    }

    /**
     * A writer reads a record beyond the cursor; before it commits, a batch covers that record (with
     * its old values) and moves the cursor past it. The writer must not commit a change the build has
     * already counted the old state of without maintaining it.
     */
    @Test
    void aWriteThatSawTheCursorBeforeABatchPassedItsRecordStillMaintainsTheRecord() throws Exception {
        try (KvStore store = open(dir)) {
            fillV1(store, 1_500);
        }
        Gate first = Gate.atFirstBatchOf("building index 'email'");
        Gate second = new Gate(p -> p.task().equals("building index 'email'") && p.processed() >= 1_000);
        try (KvStore store = open(dir)) {
            store.addProgressListener(first);
            store.addProgressListener(second);
            MemberV2Repository members = new MemberV2Repository(store);
            first.awaitReached(); // email's cursor is at 499; every other build has not started

            CountDownLatch writerInside = new CountDownLatch(1);
            CountDownLatch batchCommitted = new CountDownLatch(1);
            AtomicBoolean fired = new AtomicBoolean();
            MemberV2.onCreate = id -> {
                // the writer has begun its transaction and read member 700's old state
                if (id == 700 && Thread.currentThread().getName().equals("other-writer")
                        && fired.compareAndSet(false, true)) {
                    writerInside.countDown();
                    try {
                        batchCommitted.await(WAIT.toSeconds(), TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            };
            MemberV2 moved = new MemberV2(700, "moved@x", "t-moved", "r-moved", 70); // built here: no hook
            CompletableFuture<MemberV2> write = CompletableFuture.supplyAsync(() -> members.save(moved), other);
            assertTrue(writerInside.await(WAIT.toSeconds(), TimeUnit.SECONDS));
            first.release();
            second.awaitReached(); // the batch over 500..999 has committed with member 700 in team t0
            batchCommitted.countDown();
            write.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            second.release();
            awaitBuilds(store);

            assertEquals(Optional.of(700L), members.findByEmail("moved@x").map(MemberV2::id));
            assertEquals(Optional.empty(), members.findByEmail("m700@x"));
            assertEquals(List.of(700L), members.findByTeam("t-moved").stream().map(MemberV2::id).toList());
            assertTrue(members.findByTeam("t0").stream().noneMatch(m -> m.id() == 700));
            assertEquals(1, members.countByTeam("t-moved"));
            assertExact(members, "after a write that raced a batch");
        }
    }
}
