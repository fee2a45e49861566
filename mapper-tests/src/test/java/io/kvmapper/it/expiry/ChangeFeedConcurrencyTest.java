package io.kvmapper.it.expiry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvmapper.Change;
import io.kvmapper.KvStore;
import io.kvmapper.OptimisticLockException;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.RetryPolicy;
import io.kvmapper.it.TestStores;
import io.kvmapper.spi.KvBackend;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Concurrent writers and a consumer paging the feed at the same time, on a backend whose commits have one order
 * (RocksDB, memory). Every unit of work reads tally 0, the count of commits, and writes it one higher, and writes
 * the same count into another tally: conflicts serialize the units of work, so tally 0's counts in the feed are
 * the commit order itself. The consumer must see exactly the committed changes, each once, in that order, with
 * the entity as committed; units of work that roll back, or conflict and run again, leave nothing of their failed
 * attempts; the listener hears the same sequence. On every backend, the Cassandra node included, writers that race
 * on shared keys (version-checked saves) leave each key's changes in the feed once each, in that key's commit order.
 */
@Timeout(300)
class ChangeFeedConcurrencyTest {
    private static final int WRITERS = 4;
    private static final int UNITS_PER_WRITER = 150;

    @TempDir
    Path dir;

    @Test
    void aConsumerPagingWhileWritersCommitSeesEveryCommittedChangeOnceInCommitOrder() throws Exception {
        RetryPolicy patient = new RetryPolicy(10_000, Duration.ofNanos(100_000), Duration.ofMillis(5));
        try (KvStore store = TestStores.open(dir, patient)) {
            assumeTrue(store.unwrap(KvBackend.class).detectsConflicts(), "commits have one order only with conflicts");
            TallyRepository tallies = new TallyRepository(store);
            tallies.insert(new Tally(0, 0, 0));
            List<Change<Tally>> heard = Collections.synchronizedList(new ArrayList<>());
            AutoCloseable listener = tallies.onChange(heard::add);
            AtomicInteger committed = new AtomicInteger();
            AtomicInteger rolledBack = new AtomicInteger();
            AtomicBoolean writing = new AtomicBoolean(true);
            ExecutorService threads = Executors.newFixedThreadPool(WRITERS + 1);
            List<Change<Tally>> consumed = new ArrayList<>();
            try {
                Future<?> consumer = threads.submit(() -> {
                    PageRequest request = PageRequest.ofSize(7);
                    while (true) {
                        boolean last = !writing.get();
                        Page<Change<Tally>> page = tallies.changes(request);
                        consumed.addAll(page.items());
                        request = PageRequest.resume(page.continuation().orElseThrow(), 7);
                        if (last && page.items().isEmpty()) {
                            return null;
                        }
                    }
                });
                List<Future<?>> writers = new ArrayList<>();
                for (int w = 0; w < WRITERS; w++) {
                    Random random = new Random(w);
                    writers.add(threads.submit(() -> {
                        for (int unit = 0; unit < UNITS_PER_WRITER; unit++) {
                            long other = 1 + random.nextInt(5);
                            boolean rollBack = random.nextInt(10) == 0;
                            try {
                                store.transact(tx -> {
                                    TallyRepository inTx = tallies.with(tx);
                                    Tally count = inTx.findById(0L).orElseThrow();
                                    Tally next = inTx.save(new Tally(0, count.count() + 1, count.version()));
                                    Tally stamped = inTx.findById(other)
                                            .map(t -> new Tally(other, next.count(), t.version()))
                                            .orElse(new Tally(other, next.count(), 0));
                                    inTx.save(stamped);
                                    if (rollBack) {
                                        throw new IllegalStateException("rolled back");
                                    }
                                });
                                committed.incrementAndGet();
                            } catch (IllegalStateException e) {
                                rolledBack.incrementAndGet();
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> writer : writers) {
                    writer.get(240, TimeUnit.SECONDS);
                }
                writing.set(false);
                consumer.get(60, TimeUnit.SECONDS);
            } finally {
                threads.shutdownNow();
            }
            assertTrue(rolledBack.get() > 0, "some units of work rolled back");
            int units = committed.get();
            assertEquals(1 + 2 * units, consumed.size(), "the insert, then two changes per committed unit of work");

            long expected = 0;
            Map<Long, Long> versions = new TreeMap<>();
            for (int i = 0; i < consumed.size(); i++) {
                Change<Tally> change = consumed.get(i);
                Tally tally = change.entity().orElseThrow();
                long previous = versions.getOrDefault(tally.id(), 0L);
                assertEquals(previous + 1, tally.version(), "tally " + tally.id() + ": each committed write once");
                versions.put(tally.id(), tally.version());
                if (i > 0 && i % 2 == 1) {
                    expected++;
                    assertEquals(0, tally.id(), "change " + i);
                    assertEquals(expected, tally.count(), "tally 0 counts the commits in commit order");
                } else if (i > 0) {
                    assertEquals(expected, tally.count(), "the other tally of the same unit of work follows it");
                }
            }
            assertEquals(units, expected);
            assertEquals(tallies.findById(0L).orElseThrow().count(), units);
            assertEquals(ChangeFeedTest.all(tallies::changes), consumed, "paged while writing, as paged afterwards");
            for (int wait = 0; wait < 1_000 && heard.size() < consumed.size() - 1; wait++) {
                Thread.sleep(10);
            }
            listener.close();
            assertEquals(consumed.subList(1, consumed.size()), heard, "the listener hears the same sequence");
        }
    }

    @Test
    void writersRacingOnSharedKeysLeaveEachKeysChangesOnceInItsCommitOrder() throws Exception {
        int keys = 3;
        int savesPerWriter = 25;
        try (KvStore store = TestStores.open(dir)) {
            TallyRepository tallies = new TallyRepository(store);
            List<Change<Tally>> heard = Collections.synchronizedList(new ArrayList<>());
            AutoCloseable listener = tallies.onChange(heard::add);
            for (long id = 1; id <= keys; id++) {
                tallies.insert(new Tally(id, 0, 0));
            }
            AtomicInteger conflicts = new AtomicInteger();
            ExecutorService threads = Executors.newFixedThreadPool(WRITERS);
            try {
                List<Future<?>> writers = new ArrayList<>();
                for (int w = 0; w < WRITERS; w++) {
                    Random random = new Random(100 + w);
                    writers.add(threads.submit(() -> {
                        for (int save = 0; save < savesPerWriter; save++) {
                            long id = 1 + random.nextInt(keys);
                            while (true) {
                                Tally read = tallies.findById(id).orElseThrow();
                                Thread.sleep(1); // widens the window in which another writer saves it first
                                try {
                                    tallies.save(new Tally(id, read.count() + 1, read.version()));
                                    break;
                                } catch (OptimisticLockException e) {
                                    conflicts.incrementAndGet(); // another writer saved it first: read again
                                }
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> writer : writers) {
                    writer.get(240, TimeUnit.SECONDS);
                }
            } finally {
                threads.shutdownNow();
            }
            List<Change<Tally>> feed = ChangeFeedTest.all(tallies::changes);
            assertEquals(keys + WRITERS * savesPerWriter, feed.size(), "each insert and committed save once");
            Map<Long, List<Change<Tally>>> byKey = perKey(feed);
            for (long id = 1; id <= keys; id++) {
                List<Change<Tally>> changes = byKey.get(id);
                for (int i = 0; i < changes.size(); i++) {
                    Tally tally = changes.get(i).entity().orElseThrow();
                    assertEquals(i + 1, tally.version(), "tally " + id + ": its commits in order, each once");
                    assertEquals(i, tally.count(), "tally " + id + ": each save saw the one before");
                    if (i > 0) {
                        assertTrue(changes.get(i - 1).position().compareTo(changes.get(i).position()) < 0,
                                "positions grow with each key's commits");
                    }
                }
                assertEquals(tallies.findById(id).orElseThrow(), changes.get(changes.size() - 1).entity().orElseThrow(),
                        "the key's last change is what its record holds");
            }
            for (int wait = 0; wait < 1_000 && heard.size() < feed.size(); wait++) {
                Thread.sleep(10);
            }
            listener.close();
            assertEquals(byKey, perKey(heard), "the listener hears each key's changes in the same order");
            assertTrue(conflicts.get() > 0, "the writers raced");
        }
    }

    private static Map<Long, List<Change<Tally>>> perKey(List<Change<Tally>> changes) {
        Map<Long, List<Change<Tally>>> byKey = new TreeMap<>();
        for (Change<Tally> change : changes) {
            byKey.computeIfAbsent((Long) change.key().get(0), id -> new ArrayList<>()).add(change);
        }
        return byKey;
    }

    @Test
    void aVersionConflictLeavesNothingInTheFeed() {
        try (KvStore store = TestStores.open(dir)) {
            TallyRepository tallies = new TallyRepository(store);
            Tally first = tallies.insert(new Tally(1, 0, 0));
            tallies.save(new Tally(1, 1, first.version()));
            try {
                tallies.save(new Tally(1, 2, first.version()));
            } catch (OptimisticLockException expected) {
                // the stale write is refused, and leaves no change
            }
            assertEquals(List.of(0L, 1L), ChangeFeedTest.all(tallies::changes).stream()
                    .map(c -> c.entity().orElseThrow().count()).toList());
        }
    }
}
