package io.kvmapper.it.layout;

import static io.kvmapper.it.layout.Fixtures.list;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.RetryPolicy;
import io.kvmapper.rocksdb.RocksKvStore;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.tuple.Tuples;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Concurrent changes of one attribute-per-key entity on a real RocksDB store: every change also writes
 * the entity's head, so concurrent changes conflict and retry instead of losing an element or leaving
 * items of a deleted entity behind.
 */
@Timeout(120)
class AttributeConcurrencyTest {
    private static final int THREADS = 4;

    @TempDir
    Path dir;
    KvStore store;
    ApkProfileRepository profiles;
    ExecutorService pool;

    @BeforeEach
    void open() {
        store = RocksKvStore.options()
                .retryPolicy(new RetryPolicy(10_000, Duration.ofNanos(100_000), Duration.ofMillis(5)))
                .open(dir.resolve("store"));
        profiles = new ApkProfileRepository(store);
        pool = Executors.newFixedThreadPool(THREADS);
    }

    @AfterEach
    void close() throws InterruptedException {
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
        try {
            assertTrue(profiles.verify().isClean(), profiles.verify().toString());
        } finally {
            store.close();
        }
    }

    /** Runs the tasks together, from one start signal, and waits for all of them. */
    private void runTogether(List<Callable<Void>> tasks) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Void>> futures = new ArrayList<>();
        for (Callable<Void> task : tasks) {
            futures.add(pool.submit(() -> {
                start.await();
                return task.call();
            }));
        }
        start.countDown();
        for (Future<Void> future : futures) {
            future.get(60, TimeUnit.SECONDS);
        }
    }

    @Test
    void threadsAppendingAndInsertingAtTheFrontLoseNoElement() throws Exception {
        ApkProfile profile = new ApkProfile();
        profile.id = 1;
        profile.notes = list();
        profiles.save(profile);
        int perThread = 40;
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            tasks.add(() -> {
                for (int i = 0; i < perThread; i++) {
                    String element = thread + "-" + i;
                    if (thread % 2 == 0) {
                        assertTrue(profiles.appendNotes(1, element));
                    } else {
                        assertTrue(profiles.insertNotes(1, 0, element));
                    }
                    assertTrue(profiles.appendTags(1, element), "an indexed list");
                }
                return null;
            });
        }
        runTogether(tasks);

        ApkProfile stored = profiles.findById(1).orElseThrow();
        assertEquals(THREADS * perThread, stored.notes.size());
        assertEquals(THREADS * perThread, new HashSet<>(stored.notes).size());
        assertEquals(THREADS * perThread, stored.tags.size());
        for (int t = 0; t < THREADS; t++) {
            String prefix = t + "-";
            List<String> mine = stored.notes.stream().filter(e -> e.startsWith(prefix)).toList();
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < perThread; i++) {
                expected.add(t % 2 == 0 ? expected.size() : 0, prefix + i);
            }
            assertEquals(expected, mine, "thread " + t + ": appends keep their order, front inserts reverse it");
            assertEquals(expected.stream().sorted().toList(),
                    stored.tags.stream().filter(e -> e.startsWith(prefix)).sorted().toList());
            assertEquals(List.of(stored), profiles.findByTags(prefix + (perThread - 1)));
        }
    }

    /**
     * One thread deletes the entity and saves it again, over and over; the others change it element by
     * element all the while. Right after each delete no item may be left under the record key: a change
     * that committed during the delete must have made the delete retry (both write the head), and a
     * change after it finds no entity. The entity left at the end decodes from exactly its own items.
     */
    @Test
    void aDeleteRacingElementWiseChangesLeavesNoItemOfTheDeletedEntity() throws Exception {
        byte[] key = Raw.recordKey("ApkProfile", 1L);
        ApkProfile initial = new ApkProfile();
        initial.id = 1;
        initial.notes = list();
        profiles.save(initial);
        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger changes = new AtomicInteger();
        List<String> orphans = new CopyOnWriteArrayList<>();
        List<Callable<Void>> tasks = new ArrayList<>();
        tasks.add(() -> {
            try {
                // the changers must be under way before the first delete: on a loaded machine this thread could
                // otherwise run all its cycles before they are even scheduled, and race nothing
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (changes.get() == 0 && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
                for (int cycle = 0; cycle < 150; cycle++) {
                    assertTrue(profiles.deleteById(1));
                    List<KeyValue> left = Raw.record(store, key);
                    if (!left.isEmpty()) {
                        orphans.add("cycle " + cycle + ": " + left.size() + " items, such as "
                                + Tuples.toString(left.get(0).key()));
                    }
                    ApkProfile again = new ApkProfile();
                    again.id = 1;
                    again.name = "cycle " + cycle;
                    profiles.save(again);
                }
            } finally {
                done.set(true);
            }
            return null;
        });
        for (int t = 0; t < THREADS - 1; t++) {
            int thread = t;
            tasks.add(() -> {
                // bounded, so that on a loaded machine the deleter, whose unit of work reads the whole entity
                // and keeps losing to the short changes, still gets through its cycles once they stop
                for (int i = 0; !done.get() && i < 400; i++) {
                    String element = thread + "-" + i;
                    boolean changed = switch ((thread + i) % 6) {
                        case 0 -> profiles.appendNotes(1, element);
                        case 1 -> profiles.insertNotes(1, 0, element);
                        case 2 -> profiles.putSeries(1, element, list(i, null));
                        case 3 -> profiles.addBadges(1, i);
                        case 4 -> profiles.appendTags(1, element);
                        default -> profiles.putPlaces(1, element, new Coordinates(i, thread));
                    };
                    if (changed) {
                        changes.incrementAndGet();
                    }
                }
                return null;
            });
        }
        runTogether(tasks);

        assertEquals(List.of(), orphans, "items left right after a delete");
        assertTrue(changes.get() > 0, "no change found the entity");
        ApkProfile survivor = profiles.findById(1).orElseThrow();
        ApkProfile fresh = new ApkProfile().copyFrom(survivor);
        fresh.id = 2;
        profiles.save(fresh);
        assertEquals(Raw.record(store, Raw.recordKey("ApkProfile", 2L)).size(), Raw.record(store, key).size(),
                "every item under the key belongs to the entity that decodes from it");
    }
}
