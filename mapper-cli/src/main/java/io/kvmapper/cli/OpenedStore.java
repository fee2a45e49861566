package io.kvmapper.cli;

import com.datastax.oss.driver.api.core.CqlSession;
import io.kvmapper.KvStore;
import io.kvmapper.StorageException;
import io.kvmapper.cassandra.CassandraKvStore;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.rocksdb.RocksBackend;
import io.kvmapper.rocksdb.RocksKvStore;
import io.kvmapper.spi.KvBackend;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A store a command opened, and how: what to call it, and what closing it closes. */
final class OpenedStore implements AutoCloseable {
    /** What a command does with a store. */
    enum Access {
        /** Only reads: RocksDB opens read-only (no lock taken), Cassandra creates no table. */
        READ,
        /** Writes a store that must exist: RocksDB takes its lock, refusing a store another process holds. */
        WRITE,
        /** Writes a store it may create: a new RocksDB directory, Cassandra tables in an existing keyspace. */
        CREATE
    }

    private final KvStore store;
    private final CqlSession session;
    private final String description;
    private final Path rocksdb;

    private OpenedStore(KvStore store, CqlSession session, String description, Path rocksdb) {
        this.store = store;
        this.session = session;
        this.description = description;
        this.rocksdb = rocksdb;
    }

    /**
     * Opens the store {@code options} names, as {@code access} needs it.
     *
     * @throws CliException with exit code 2 if the options name no store or two, 3 if the store cannot be opened
     */
    static OpenedStore open(StoreOptions options, Access access, Console console) {
        if (options.rocksdb != null && options.cassandra != null) {
            throw CliException.usage("name one store: --rocksdb DIR or --cassandra HOST[:PORT] --keyspace K, not both");
        }
        if (options.rocksdb != null) {
            return rocksdb(options.rocksdb, access);
        }
        if (options.cassandra != null) {
            return cassandra(options.cassandraConnection(console), access, "--cassandra");
        }
        throw CliException.usage("name the store: --rocksdb DIR, or --cassandra HOST[:PORT] --keyspace K");
    }

    /** Opens the RocksDB store in {@code dir}. */
    static OpenedStore rocksdb(Path dir, Access access) {
        Path absolute = dir.toAbsolutePath().normalize();
        if (access != Access.CREATE && !Files.isRegularFile(absolute.resolve("CURRENT"))) {
            throw CliException.store("there is no RocksDB store at " + absolute + (Files.isDirectory(absolute)
                    ? " (the directory holds no CURRENT file)" : " (no such directory)"), null);
        }
        RocksKvStore.Options settings = RocksKvStore.options().readOnly(access == Access.READ)
                .createIfMissing(access == Access.CREATE);
        try {
            return new OpenedStore(settings.open(absolute), null, "RocksDB store at " + absolute
                    + (access == Access.READ ? " (read-only)" : ""), absolute);
        } catch (StorageException e) {
            if (e.getMessage().contains("LOCK")) {
                throw CliException.store("the RocksDB store at " + absolute + " is held by another process (its LOCK "
                        + "file is taken), and this command writes: stop the process that holds it first (the "
                        + "reading commands open a store read-only and work while it runs)", e);
            }
            throw CliException.store(e.getMessage(), e);
        }
    }

    /** Opens the Cassandra store {@code connection} describes. */
    static OpenedStore cassandra(CassandraConnection connection, Access access, String option) {
        connection.check(option);
        CqlSession session = connection.connect();
        try {
            KvStore store = CassandraKvStore.options().table(connection.table())
                    .createTables(access == Access.CREATE).open(session, connection.keyspace());
            return new OpenedStore(store, session, connection.describe(), null);
        } catch (StorageException | IllegalArgumentException e) {
            session.close();
            throw CliException.store(e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            session.close();
            throw e;
        }
    }

    /** The store. */
    KvStore store() {
        return store;
    }

    /** The store as the runtime sees it. */
    KvStoreImpl impl() {
        return KvStoreImpl.of(store);
    }

    /** The backend under the store. */
    KvBackend backend() {
        return impl().backend();
    }

    /** What to call the store in messages: {@code RocksDB store at /data (read-only)}. */
    String description() {
        return description;
    }

    /** The bytes the store's files take on disk, for a RocksDB store; -1 for others. */
    long bytesOnDisk() {
        if (rocksdb == null) {
            return -1;
        }
        try (Stream<Path> files = Files.walk(rocksdb)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> {
                try {
                    return Files.size(file);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        } catch (IOException e) {
            return -1;
        }
    }

    /** RocksDB's estimate of the keys in the store, for a progress total; -1 where there is none. */
    long estimatedKeys() {
        if (backend() instanceof RocksBackend rocks) {
            try {
                return Long.parseLong(rocks.property("rocksdb.estimate-num-keys"));
            } catch (RuntimeException e) {
                return -1;
            }
        }
        return -1;
    }

    @Override
    public void close() {
        try {
            store.close();
        } finally {
            if (session != null) {
                session.close();
            }
        }
    }
}
