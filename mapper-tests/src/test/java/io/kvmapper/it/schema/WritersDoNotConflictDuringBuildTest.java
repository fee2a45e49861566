package io.kvmapper.it.schema;

import static io.kvmapper.it.schema.SchemaFixtures.awaitBuilds;
import static io.kvmapper.it.schema.SchemaFixtures.fillV1;
import static io.kvmapper.it.schema.SchemaFixtures.open;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.RetryPolicy;
import io.kvmapper.Transaction;
import io.kvmapper.it.schema.SchemaFixtures.Gate;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * While indexes and counters are built online, writes of different records that the builds have not
 * reached yet do not conflict with each other: they maintain the indexes and bump the counters' fences
 * with read-free adds, instead of all rewriting one cursor key.
 */
class WritersDoNotConflictDuringBuildTest {
    @TempDir
    Path dir;

    @Test
    void overlappingWritesOfDifferentRecordsBeyondTheCursorsBothCommitFirstTime() throws Exception {
        try (KvStore store = open(dir)) {
            fillV1(store, 3_000);
        }
        Gate gate = Gate.atFirstBatchOf("building index 'email'");
        // one attempt only: a conflict would surface as TransactionConflictException
        try (KvStore store = RocksKvStore.options().retryPolicy(new RetryPolicy(1, Duration.ZERO, Duration.ZERO))
                .open(dir.resolve("store"))) {
            store.addProgressListener(gate);
            MemberV2Repository members = new MemberV2Repository(store);
            gate.awaitReached();
            int writers = 4;
            CyclicBarrier allWritten = new CyclicBarrier(writers);
            ExecutorService pool = Executors.newFixedThreadPool(writers);
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (int w = 0; w < writers; w++) {
                    long id = 2_000 + w * 100;
                    futures.add(pool.submit(() -> {
                        store.transact(tx -> {
                            MemberV2Repository inTx = members.with(tx);
                            inTx.save(new MemberV2(id, "changed" + id + "@x", "t-new", "r-new", 10));
                            inTx.insert(new MemberV2(id + 50_000, "new" + id + "@x", "t-new", "r-new", 1));
                            try {
                                allWritten.await(30, TimeUnit.SECONDS); // every unit is open before any commits
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        });
                        return null;
                    }));
                }
                for (Future<?> future : futures) {
                    future.get(60, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            gate.release();
            awaitBuilds(store);
            assertEquals(8, members.countByTeam("t-new"));
            assertEquals(44, members.sumPointsByRegion("r-new"));
            assertEquals(8, members.findByTeam("t-new").size());
            assertTrue(members.verify().isClean(), members.verify().toString());
        }
    }
}
