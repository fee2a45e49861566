package io.kvmapper.it;

import io.kvmapper.spi.KvBackend;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvmapper.DuplicateKeyException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Transaction;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Units of work across repositories commit together or not at all. */
class TransactionTest {
    static final Instant AT = Instant.parse("2026-05-01T12:00:00Z");

    @TempDir
    Path dir;

    @Test
    void writesOfSeveralRepositoriesCommitTogether() {
        try (KvStore store = Stores.open(dir)) {
            PersonRepository people = new PersonRepository(store);
            EventRepository events = new EventRepository(store);
            store.transact(tx -> {
                people.with(tx).save(new Person(1, "Alice"));
                events.with(tx).save(new Event("people", AT, 1, "Alice joined"));
            });
            assertTrue(people.existsById(1));
            assertTrue(events.existsById("people", AT, 1));
        }
    }

    @Test
    void aFailingUnitOfWorkLeavesTheStoreExactlyAsBefore() {
        try (KvStore store = Stores.open(dir)) {
            PersonRepository people = new PersonRepository(store);
            EventRepository events = new EventRepository(store);
            people.save(new Person(1, "Alice"));
            assertThrows(DuplicateKeyException.class, () -> store.transact(tx -> {
                events.with(tx).save(new Event("people", AT, 2, "Bob joined"));
                people.with(tx).deleteById(1);
                people.with(tx).insert(new Person(2, "Bob"));
                people.with(tx).insert(new Person(2, "Bob again"));
            }));
            assertEquals("Alice", people.findById(1).orElseThrow().getName());
            assertEquals(Optional.empty(), people.findById(2));
            assertEquals(List.of(), events.findByStream("people"));
        }
    }

    @Test
    void readsInsideAUnitOfWorkSeeItsOwnWrites() {
        try (KvStore store = Stores.open(dir)) {
            PersonRepository people = new PersonRepository(store);
            String seen = store.transactResult(tx -> {
                people.with(tx).save(new Person(5, "Eve"));
                return people.with(tx).findById(5).map(Person::getName).orElse("nothing")
                        + "/" + people.findById(5).map(Person::getName).orElse("nothing");
            });
            assertEquals("Eve/nothing", seen);
        }
    }

    @Test
    void concurrentReadModifyWritesThroughRepositoriesLoseNoUpdate() throws Exception {
        try (KvStore store = Stores.open(dir)) {
            assumeTrue(store.unwrap(KvBackend.class).detectsConflicts(), "a read-modify-write of an entity without @Version is"
                    + " exact only where transactions detect conflicts (VersionTest covers @Version everywhere)");
            PersonRepository people = new PersonRepository(store);
            Person counter = new Person(1, "0");
            people.save(counter);
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<?>> futures = new java.util.ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    futures.add(pool.submit(() -> {
                        for (int i = 0; i < 50; i++) {
                            store.transact(tx -> {
                                PersonRepository inTx = people.with(tx);
                                Person p = inTx.findById(1).orElseThrow();
                                p.setName(Integer.toString(Integer.parseInt(p.getName()) + 1));
                                inTx.save(p);
                            });
                        }
                    }));
                }
                for (Future<?> f : futures) {
                    f.get(60, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            assertEquals("200", people.findById(1).orElseThrow().getName());
        }
    }

    @Test
    void aTransactionOfAnotherStoreIsRejected() {
        try (KvStore one = Stores.open(dir.resolve("one")); KvStore two = Stores.open(dir.resolve("two"))) {
            PersonRepository people = new PersonRepository(one);
            InvalidRequestException e = assertThrows(InvalidRequestException.class,
                    () -> two.transact(tx -> {
                        people.with(tx).save(new Person(1, "Alice"));
                    }));
            assertTrue(e.getMessage().contains("people"), e.getMessage());
        }
    }
}
