package io.kvmapper.it;

import com.datastax.oss.driver.api.core.CqlSession;
import io.kvmapper.KvStore;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.RetryPolicy;
import io.kvmapper.StoreOptions;
import io.kvmapper.cassandra.CassandraBackend;
import io.kvmapper.cassandra.CassandraKvStore;
import io.kvmapper.cassandra.CassandraTestServer;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.memory.ReopenableMemoryStore;
import io.kvmapper.rocksdb.RocksKvStore;
import io.kvmapper.spi.KvBackend;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Assertions;

/**
 * Opens the stores of the end-to-end tests, on the backend that the system property
 * {@value #PROPERTY} names: {@code rocksdb} (the default), a RocksDB store in the test's directory,
 * {@code cassandra}, a store on the Cassandra test node that this JVM shares
 * ({@link CassandraTestServer#shared()}), or {@code memory}, an in-memory store.
 *
 * <p>On Cassandra each test directory stands for one store: the first open of a directory takes a set of
 * tables that no open store uses and empties it, so every test starts from an empty store, and opening
 * the same directory again (a test that closes and reopens its store) finds the same data.
 *
 * <p>In memory likewise: each test directory stands for one store's data ({@link ReopenableMemoryStore}), which
 * outlives the stores opened over it, so a test that closes its store and opens the directory again finds what
 * it committed; closing a store ends only that store. The data is freed once its directory is gone (JUnit deletes
 * a test's directory after the test).
 */
public final class TestStores {
    /** The system property that chooses the backend. */
    public static final String PROPERTY = "kvmapper.it.store";
    private static final String BACKEND = System.getProperty(PROPERTY, "rocksdb");
    private static final boolean CASSANDRA = "cassandra".equals(BACKEND);
    private static final boolean MEMORY = "memory".equals(BACKEND);

    private TestStores() {
    }

    /** Whether the tests run on Cassandra. */
    public static boolean onCassandra() {
        return CASSANDRA;
    }

    /** The store of the test directory {@code dir}, with the default retry policy. */
    public static KvStore open(Path dir) {
        return open(dir, UnaryOperator.identity());
    }

    /**
     * The store of the test directory {@code dir}, with the default retry policy, over the backend that
     * {@code wrap} makes of the store's own: a test that counts or records what the store is asked.
     */
    public static KvStore open(Path dir, UnaryOperator<KvBackend> wrap) {
        if (CASSANDRA) {
            return CassandraTables.open(dir, RetryPolicy.DEFAULT, wrap);
        }
        KvBackend backend = MEMORY ? MemoryDirectories.of(dir).openBackend()
                : RocksKvStore.openBackend(dir.resolve("store"), RocksKvStore.options());
        return KvStoreImpl.open(wrap.apply(backend), RetryPolicy.DEFAULT);
    }

    /**
     * The store of the test directory {@code dir}, with the settings every backend's options share
     * ({@link StoreOptions}: retries, the clock, expiry) taken from {@code settings}, whichever backend's options
     * they are: a test that moves the store's clock by hand.
     */
    public static KvStore open(Path dir, StoreOptions<?> settings) {
        if (CASSANDRA) {
            return CassandraTables.open(dir, settings, UnaryOperator.identity());
        }
        KvBackend backend = MEMORY ? MemoryDirectories.of(dir).openBackend()
                : RocksKvStore.openBackend(dir.resolve("store"), RocksKvStore.options());
        return KvStoreImpl.open(backend, settings);
    }

    /** The store of the test directory {@code dir}, retrying conflicting units of work as {@code retryPolicy} says. */
    public static KvStore open(Path dir, RetryPolicy retryPolicy) {
        return CASSANDRA ? CassandraTables.open(dir, retryPolicy, UnaryOperator.identity())
                : MEMORY ? MemoryDirectories.of(dir).open(retryPolicy)
                : RocksKvStore.options().retryPolicy(retryPolicy).open(dir.resolve("store"));
    }

    /**
     * Asserts that {@code actual} holds the entities of {@code inKeyOrder} in the order a scan spanning
     * partitions returns them: key order on a globally ordered backend, else the backend's scan order
     * ({@link io.kvmapper.spi.KvBackend#compareInScanOrder}) of their record keys.
     */
    public static <E> void assertInScanOrder(KvStore store, List<E> inKeyOrder, List<E> actual, Function<E, byte[]> key,
            String message) {
        Assertions.assertEquals(inScanOrder(store, inKeyOrder, key), actual, message);
    }

    /**
     * The entities of {@code inKeyOrder} in the order a scan spanning partitions returns them: key order on a
     * globally ordered backend, else the backend's scan order of their record keys.
     */
    public static <E> List<E> inScanOrder(KvStore store, List<E> inKeyOrder, Function<E, byte[]> key) {
        List<E> ordered = new ArrayList<>(inKeyOrder);
        if (!store.unwrap(KvBackend.class).isGloballyOrdered()) {
            ordered.sort((a, b) -> store.unwrap(KvBackend.class).compareInScanOrder(key.apply(a), key.apply(b)));
        }
        return ordered;
    }

    /** The memory side: one store's data per test directory, freed once the directory is gone. */
    private static final class MemoryDirectories {
        private static final Map<Path, ReopenableMemoryStore> BY_DIRECTORY = new HashMap<>();

        static synchronized ReopenableMemoryStore of(Path dir) {
            BY_DIRECTORY.entrySet().removeIf(entry -> {
                boolean gone = !Files.isDirectory(entry.getKey());
                if (gone) {
                    entry.getValue().close();
                }
                return gone;
            });
            try {
                Files.createDirectories(dir); // as a RocksDB store creates its directory: the data lives while it does
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return BY_DIRECTORY.computeIfAbsent(dir.toAbsolutePath(), d -> new ReopenableMemoryStore());
        }
    }

    /** The Cassandra side: one session, one keyspace, and table sets handed to test directories. */
    private static final class CassandraTables {
        private static final String KEYSPACE = "kvmapper_it";
        private static final CqlSession SESSION = CassandraTestServer.shared().newSession();
        private static final List<TableSet> SETS = new ArrayList<>();
        private static final Map<Path, TableSet> BY_DIRECTORY = new HashMap<>();

        static KvStore open(Path dir, RetryPolicy retryPolicy, UnaryOperator<KvBackend> wrap) {
            return open(dir, MemoryKvStore.options().retryPolicy(retryPolicy), wrap);
        }

        static synchronized KvStore open(Path dir, StoreOptions<?> settings, UnaryOperator<KvBackend> wrap) {
            TableSet tables = BY_DIRECTORY.get(dir);
            if (tables == null) {
                tables = SETS.stream().filter(TableSet::idle).findFirst().orElse(null);
                if (tables == null) {
                    tables = new TableSet("s" + SETS.size());
                    SETS.add(tables);
                } else {
                    tables.empty();
                }
                BY_DIRECTORY.values().remove(tables);
                BY_DIRECTORY.put(dir, tables);
            }
            return KvStoreImpl.open(wrap.apply(tables.open()), settings);
        }

        private static CassandraKvStore.Options options(String table) {
            return CassandraKvStore.options().table(table).requestTimeout(Duration.ofSeconds(30))
                    .keyspaceReplication(Map.of("class", "SimpleStrategy", "replication_factor", "1"));
        }

        /** One store's three tables, and the backends open on them. */
        private static final class TableSet {
            private final String name;
            private final List<CassandraBackend> backends = new ArrayList<>();

            TableSet(String name) {
                this.name = name;
            }

            CassandraBackend open() {
                CassandraBackend backend = CassandraKvStore.openBackend(SESSION, KEYSPACE, options(name));
                backends.add(backend);
                return backend;
            }

            boolean idle() {
                backends.removeIf(CassandraBackend::isClosed);
                return backends.isEmpty();
            }

            void empty() {
                CompletableFuture.allOf(List.of(name, name + "_chunks", name + "_counters").stream()
                        .map(table -> SESSION.executeAsync("TRUNCATE " + KEYSPACE + "." + table).toCompletableFuture())
                        .toArray(CompletableFuture[]::new)).join();
            }
        }
    }
}
