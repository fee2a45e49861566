package io.kvmapper.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kvmapper.KvStore;
import io.kvmapper.spi.KvBackend;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What docs/injection.md promises of generated repositories: after the first on a store, constructing one reads
 * nothing (the entity's state is kept per store), so any scope a framework gives them is fine; and repositories
 * built concurrently on one store share that state safely.
 */
class RepositoryConstructionTest {
    @TempDir
    Path dir;
    KvStore store;
    ReadCountingBackend backend;

    @BeforeEach
    void open() {
        store = TestStores.open(dir, ReadCountingBackend::new);
        backend = (ReadCountingBackend) store.unwrap(KvBackend.class);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void afterTheFirstARepositoryIsBuiltWithoutReadingTheStore() {
        new CustomerRepository(store);
        backend.takeReads();
        for (int i = 0; i < 1_000; i++) {
            new CustomerRepository(store);
        }
        store.transact(tx -> new CustomerRepository(store).with(tx));
        assertEquals(new ReadCountingBackend.Reads(0, 0, 0, 0), backend.takeReads());
    }

    @Test
    void repositoriesBuiltOnManyThreadsShareOneStateSafely() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                done.add(threads.submit(() -> {
                    for (int i = 0; i < 25; i++) {
                        long id = thread * 100L + i;
                        new CustomerRepository(store).insert(Customer.of(id, "c" + id + "@x", "c" + id,
                                Customer.Status.ACTIVE, 30, "Oslo", List.of()));
                    }
                    return null;
                }));
            }
            for (Future<?> future : done) {
                future.get();
            }
        } finally {
            threads.shutdown();
        }
        CustomerRepository customers = new CustomerRepository(store);
        assertEquals(100, customers.countTotal());
        assertEquals(100, customers.countByStatus(Customer.Status.ACTIVE));
        assertEquals(true, customers.verify().isClean());
    }
}
