package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.ssl.ProgrammaticSslEngineFactory;
import io.kvmapper.KvStore;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.StoreOptions;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import javax.net.ssl.SSLContext;

/**
 * Opens KV Mapper stores on Apache Cassandra, the distributed backend.
 *
 * <pre>{@code
 * try (CqlSession session = CqlSession.builder().withLocalDatacenter("dc1").build();
 *         KvStore store = CassandraKvStore.open(session, "shop")) { ... }
 *
 * KvStore tuned = CassandraKvStore.options()
 *         .credentials("shop_app", password)
 *         .sslContext(sslContext)
 *         .readConsistency(DefaultConsistencyLevel.LOCAL_QUORUM)
 *         .open(List.of(new InetSocketAddress("10.0.0.1", 9042)), "dc1", "shop");
 * }</pre>
 *
 * <p>A store is three tables in one keyspace (see {@code docs/cassandra.md}), created when absent. Once they
 * exist, a role holding only {@code SELECT} and {@code MODIFY} on the keyspace opens the store and does
 * everything the store does; creating them needs {@code CREATE} (see {@code docs/security.md}). What holds
 * on Cassandra, and what does not (transactions are atomic but not isolated), is stated on
 * {@link CassandraBackend}.
 */
public final class CassandraKvStore {
    private CassandraKvStore() {
    }

    /**
     * Opens the store in {@code keyspace} on an existing session, with the default
     * {@linkplain #options() options}. The keyspace must exist; the tables are created if absent. Closing
     * the store leaves the session open: it belongs to the caller.
     *
     * @throws io.kvmapper.StorageException if the keyspace does not exist or Cassandra fails
     */
    public static KvStore open(CqlSession session, String keyspace) {
        return options().open(session, keyspace);
    }

    /**
     * Connects to the cluster through {@code contactPoints} and opens the store in {@code keyspace}, with
     * the default options. Closing the store closes the session it opened.
     *
     * @param localDatacenter the data center whose replicas serve requests (what {@code LOCAL_QUORUM}
     *     counts in); {@code datacenter1} for a cluster with {@code SimpleSnitch}
     * @throws io.kvmapper.StorageException if no node can be reached, the cluster refuses the connection (a
     *     login or TLS is required: see {@link #options()}), the keyspace does not exist, or Cassandra fails
     */
    public static KvStore open(Collection<InetSocketAddress> contactPoints, String localDatacenter, String keyspace) {
        return options().open(contactPoints, localDatacenter, keyspace);
    }

    /** A new set of options, with the defaults each setter documents. */
    public static Options options() {
        return new Options();
    }

    /**
     * Opens the bare backend on an existing session, without a {@link KvStore} around it: for tests,
     * benchmarks and tools that work at the storage SPI level. The caller closes the backend, and the
     * session after it.
     */
    public static CassandraBackend openBackend(CqlSession session, String keyspace, Options options) {
        Objects.requireNonNull(session, "session");
        return new CassandraBackend(session, false, keyspace, Objects.requireNonNull(options, "options"));
    }

    /**
     * Brings a store whose tables were created before version 0.1's counter reads took one request up to date: adds
     * the {@code bases} column to its counter table, marks there every data row that lies in a partition that may
     * hold counters ({@link Options#counterPartitions}), and records in the data table's comment that the tables
     * mark them, so that a store opened afterwards reads a counter key in the counter table alone unless
     * it is marked. Until then such a store reads both tables, and stays correct.
     *
     * <p><strong>Run it while no process has the store open</strong>: one that opened it before goes on writing
     * without marking. It reads every partition of the data table, so it takes as long as a scan of the store; if
     * it fails, run it again (a mark only grows, and one too many costs one read).
     *
     * @param options the options the store is opened with (its table, and which partitions may hold counters)
     * @return how many data rows it marked; 0 if the tables already mark them
     * @throws io.kvmapper.StorageException if the data table does not exist, or Cassandra fails
     */
    public static long markCounterBases(CqlSession session, String keyspace, Options options) {
        Objects.requireNonNull(session, "session");
        return new CounterBaseMarks(session, keyspace, Objects.requireNonNull(options, "options")).run();
    }

    /**
     * Connects through {@code contactPoints} and opens the bare backend; closing the backend closes the
     * session. The connection logs in and is encrypted as the options' {@link Options#credentials} and
     * {@link Options#sslContext} say.
     *
     * @throws io.kvmapper.StorageException if no node can be reached, or the cluster refuses the login, the TLS
     *     handshake fails, or the connection is closed during it; the message says which, and never holds the
     *     password
     */
    public static CassandraBackend openBackend(Collection<InetSocketAddress> contactPoints, String localDatacenter,
            String keyspace, Options options) {
        Objects.requireNonNull(options, "options");
        CqlSession session = connect(contactPoints, localDatacenter, options);
        try {
            return new CassandraBackend(session, true, keyspace, options);
        } catch (RuntimeException | Error e) {
            session.close();
            throw e;
        }
    }

    private static CqlSession connect(Collection<InetSocketAddress> contactPoints, String localDatacenter,
            Options options) {
        if (Objects.requireNonNull(contactPoints, "contactPoints").isEmpty()) {
            throw new IllegalArgumentException("at least one contact point is needed to reach a Cassandra cluster");
        }
        CqlSessionBuilder builder = CqlSession.builder().addContactPoints(contactPoints)
                .withLocalDatacenter(Objects.requireNonNull(localDatacenter, "localDatacenter"));
        if (options.requestTimeout() != null) {
            builder.withConfigLoader(DriverConfigLoader.programmaticBuilder()
                    .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, options.requestTimeout())
                    .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, options.requestTimeout())
                    .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, options.requestTimeout())
                    .build());
        }
        if (options.username() != null) {
            builder.withAuthCredentials(options.username(), options.password);
        }
        if (options.sslContext() != null) {
            builder.withSslEngineFactory(new ProgrammaticSslEngineFactory(options.sslContext(), null,
                    options.sslHostnameValidation()));
        }
        try {
            return builder.build();
        } catch (RuntimeException e) {
            throw ConnectFailures.explain(e, contactPoints, localDatacenter, options);
        }
    }

    /**
     * Settings for opening a Cassandra store; a fluent builder, with the settings every backend shares
     * ({@link StoreOptions}: retries, the clock, expiry; Cassandra transactions detect no conflicts, so only
     * conflicts raised by the mapper itself are retried). Each store reads the settings when it
     * opens, so one {@code Options} may open several stores, and changing it later affects none of them.
     * Not safe for concurrent modification.
     */
    public static final class Options extends StoreOptions<Options> {
        /** The default base name of the store's tables: {@value}. */
        public static final String DEFAULT_TABLE = "kv";
        /** The default number of rows a scan fetches per page: {@value}. */
        public static final int DEFAULT_PAGE_SIZE = 1000;
        /** The default size above which a value is split into chunks: {@value} bytes (64 KiB). */
        public static final int DEFAULT_VALUE_CHUNK_SIZE = 64 * 1024;
        /** The smallest chunk size allowed, so that an 8-byte counter value is never chunked: {@value}. */
        public static final int MIN_VALUE_CHUNK_SIZE = 16;
        /** The default number of buckets a bucketed partition is spread over: {@value}. */
        public static final int DEFAULT_PARTITION_BUCKETS = 8;

        private String table = DEFAULT_TABLE;
        private ConsistencyLevel readConsistency = DefaultConsistencyLevel.LOCAL_QUORUM;
        private ConsistencyLevel writeConsistency = DefaultConsistencyLevel.LOCAL_QUORUM;
        private ConsistencyLevel serialConsistency = DefaultConsistencyLevel.LOCAL_SERIAL;
        private Map<String, String> keyspaceReplication;
        private boolean createTables = true;
        private int pageSize = DEFAULT_PAGE_SIZE;
        private int valueChunkSize = DEFAULT_VALUE_CHUNK_SIZE;
        private Predicate<byte[]> counterPartitions = CounterPartitions.kvMapperLayout();
        private Predicate<byte[]> chunkPartitions = ChunkPartitions.kvMapperLayout();
        private Predicate<byte[]> bucketedPartitions = BucketedPartitions.kvMapperLayout();
        private Predicate<byte[]> bucketsByValue = BucketedPartitions.byValue();
        private int partitionBuckets = DEFAULT_PARTITION_BUCKETS;
        private Duration requestTimeout;
        private String username;
        /** Write-only: no getter hands it out, and {@link #toString()} only says that one is set. */
        private String password;
        private SSLContext sslContext;
        private boolean sslHostnameValidation = true;

        Options() {
        }

        /**
         * The base name of the store's tables: {@code name}, {@code name_chunks} and {@code name_counters}.
         * Default {@value #DEFAULT_TABLE}. Several stores can share a keyspace under different names.
         *
         * @throws IllegalArgumentException if not a letter followed by up to 38 letters, digits or underscores
         */
        public Options table(String name) {
            if (name == null || !name.matches("[A-Za-z][A-Za-z0-9_]{0,38}")) {
                throw new IllegalArgumentException("table must be a letter followed by up to 38 letters, digits or"
                        + " underscores, was " + name);
            }
            this.table = name;
            return this;
        }

        /** The base name of the store's tables. */
        public String table() {
            return table;
        }

        /** The consistency level of every read. Default {@code LOCAL_QUORUM}. */
        public Options readConsistency(ConsistencyLevel level) {
            this.readConsistency = Objects.requireNonNull(level, "level");
            return this;
        }

        /** The consistency level of reads. */
        public ConsistencyLevel readConsistency() {
            return readConsistency;
        }

        /**
         * The consistency level of every write. Default {@code LOCAL_QUORUM}: with reads at
         * {@code LOCAL_QUORUM} too, a read sees every write that completed before it in that data center.
         */
        public Options writeConsistency(ConsistencyLevel level) {
            this.writeConsistency = Objects.requireNonNull(level, "level");
            return this;
        }

        /** The consistency level of writes. */
        public ConsistencyLevel writeConsistency() {
            return writeConsistency;
        }

        /**
         * The serial consistency level of the lightweight transactions that claim unique values and check
         * versioned writes: {@code SERIAL} (a majority of all replicas) or {@code LOCAL_SERIAL} (of the local
         * data center's, the default; two data centers can then each grant one claim).
         *
         * @throws IllegalArgumentException for any other level
         */
        public Options serialConsistency(ConsistencyLevel level) {
            Objects.requireNonNull(level, "level");
            if (!level.isSerial()) {
                throw new IllegalArgumentException("serialConsistency must be SERIAL or LOCAL_SERIAL, was " + level);
            }
            this.serialConsistency = level;
            return this;
        }

        /** The serial consistency level of lightweight transactions. */
        public ConsistencyLevel serialConsistency() {
            return serialConsistency;
        }

        /**
         * Creates the keyspace when it does not exist, with this replication, such as
         * {@code Map.of("class", "NetworkTopologyStrategy", "dc1", "3")}. Default none: the keyspace must
         * exist, since its replication is the cluster operator's decision.
         */
        public Options keyspaceReplication(Map<String, String> replication) {
            Objects.requireNonNull(replication, "replication");
            if (!replication.containsKey("class")) {
                throw new IllegalArgumentException("a keyspace replication names its strategy under \"class\", was "
                        + replication);
            }
            this.keyspaceReplication = new LinkedHashMap<>(replication);
            return this;
        }

        /** The replication of a keyspace created on open, or {@code null} if none is created. */
        public Map<String, String> keyspaceReplication() {
            return keyspaceReplication == null ? null : Map.copyOf(keyspaceReplication);
        }

        /** Whether the store's tables are created when absent. Default {@code true}. */
        public Options createTables(boolean create) {
            this.createTables = create;
            return this;
        }

        /** Whether absent tables are created on open. */
        public boolean createTables() {
            return createTables;
        }

        /**
         * How many rows a scan fetches per request; the driver fetches the next page as the cursor reaches
         * the end of the last. Default {@value #DEFAULT_PAGE_SIZE}.
         *
         * @throws IllegalArgumentException if not positive
         */
        public Options pageSize(int rows) {
            if (rows <= 0) {
                throw new IllegalArgumentException("pageSize must be positive, was " + rows);
            }
            this.pageSize = rows;
            return this;
        }

        /** Rows per page of a scan. */
        public int pageSize() {
            return pageSize;
        }

        /**
         * The size above which a value is stored as chunks of this size, reassembled when read (large
         * cells make Cassandra's reads, compactions and repairs slow). Default
         * {@value #DEFAULT_VALUE_CHUNK_SIZE}.
         *
         * @throws IllegalArgumentException if below {@value #MIN_VALUE_CHUNK_SIZE}
         */
        public Options valueChunkSize(int bytes) {
            if (bytes < MIN_VALUE_CHUNK_SIZE) {
                throw new IllegalArgumentException("valueChunkSize must be at least " + MIN_VALUE_CHUNK_SIZE
                        + ", was " + bytes);
            }
            this.valueChunkSize = bytes;
            return this;
        }

        /** The size above which values are chunked. */
        public int valueChunkSize() {
            return valueChunkSize;
        }

        /**
         * Which partitions (given as the encoded partition element) may hold counters. Default
         * {@link CounterPartitions#kvMapperLayout()}; {@link CounterPartitions#all()} for a store written
         * through the storage SPI in other ways. See {@link CounterPartitions} for what it costs.
         */
        public Options counterPartitions(Predicate<byte[]> partitions) {
            this.counterPartitions = Objects.requireNonNull(partitions, "partitions");
            return this;
        }

        /** The partitions that may hold counters. */
        public Predicate<byte[]> counterPartitions() {
            return counterPartitions;
        }

        /**
         * Which partitions (given as the encoded partition element) may hold values longer than
         * {@link #valueChunkSize}. Default {@link ChunkPartitions#kvMapperLayout()}; {@link ChunkPartitions#all()}
         * for a store written through the storage SPI in other ways. See {@link ChunkPartitions} for what it
         * spares.
         */
        public Options chunkPartitions(Predicate<byte[]> partitions) {
            this.chunkPartitions = Objects.requireNonNull(partitions, "partitions");
            return this;
        }

        /** The partitions that may hold values longer than the chunk size. */
        public Predicate<byte[]> chunkPartitions() {
            return chunkPartitions;
        }

        /**
         * Which partitions (given as the encoded partition element) are spread over
         * {@link #partitionBuckets} buckets. Default {@link BucketedPartitions#kvMapperLayout()}: index entries
         * and counter groups. Part of the store's layout: open a store with the same choice every time.
         */
        public Options bucketedPartitions(Predicate<byte[]> partitions) {
            this.bucketedPartitions = Objects.requireNonNull(partitions, "partitions");
            return this;
        }

        /** The partitions spread over buckets. */
        public Predicate<byte[]> bucketedPartitions() {
            return bucketedPartitions;
        }

        /**
         * Which {@linkplain #bucketedPartitions bucketed partitions} choose a key's bucket by the first element of
         * its sort key, its <em>value</em>, rather than by the whole sort key. Default
         * {@link BucketedPartitions#byValue()}: index entries and counter groups. There every entry of one index
         * value lies in one bucket, so a finder of one value (and a page of it) is one query, as in a table keyed
         * by that value, while the values themselves spread over the buckets; a scan across values (a range
         * finder) still asks every bucket. The price: a value held by very many records makes one wide bucket,
         * as it would in a hand-made table. Leave out an index whose few values each hold a large share of the
         * records ({@link BucketedPartitions#index}): its entries are then spread over every bucket, and each of
         * its finders asks every bucket.
         *
         * <p>Part of the store's layout: open a store with the same choice every time. Tables created by a version
         * before this option existed (their comment lacks {@code buckets=byValue}) keep choosing every bucket by
         * the whole sort key, whatever this says.
         */
        public Options bucketsByValue(Predicate<byte[]> partitions) {
            this.bucketsByValue = Objects.requireNonNull(partitions, "partitions");
            return this;
        }

        /** The bucketed partitions whose buckets are chosen by value. */
        public Predicate<byte[]> bucketsByValue() {
            return bucketsByValue;
        }

        /**
         * How many buckets each {@linkplain #bucketedPartitions bucketed partition} is spread over, from 1 (none
         * is) to 256. Default {@value #DEFAULT_PARTITION_BUCKETS}. A point read or write touches one bucket, a
         * scan of such a partition (an index finder, a counter's groups) asks every bucket at once. The number
         * is recorded in the data table's comment when the store creates its tables, and opening the store
         * with another number fails: it decides where data lies.
         *
         * @throws IllegalArgumentException if not in 1..256
         */
        public Options partitionBuckets(int buckets) {
            if (buckets < 1 || buckets > Placement.MAX_BUCKETS) {
                throw new IllegalArgumentException("partitionBuckets must be 1 to " + Placement.MAX_BUCKETS + ", was "
                        + buckets);
            }
            this.partitionBuckets = buckets;
            return this;
        }

        /** How many buckets a bucketed partition is spread over. */
        public int partitionBuckets() {
            return partitionBuckets;
        }

        /**
         * How long one request may take before it fails with a retryable
         * {@link io.kvmapper.StorageException}. Default none: the driver's configuration (2 s unless
         * configured otherwise).
         */
        public Options requestTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("requestTimeout must be positive, was " + timeout);
            }
            this.requestTimeout = timeout;
            return this;
        }

        /** The per-request timeout, or {@code null} for the driver's. */
        public Duration requestTimeout() {
            return requestTimeout;
        }

        /**
         * Logs in as {@code username} when the store connects through contact points, with Cassandra's
         * {@code PasswordAuthenticator} (plain-text SASL: give an {@link #sslContext} too, or the password
         * crosses the network readable). Default none. A session passed to {@code open(CqlSession, ...)} is
         * already connected and keeps its own login. The password is never logged, put in an exception
         * message, or shown by {@link #toString()}; it cannot be read back from these options.
         *
         * <p>Once the store's tables exist, the role needs only {@code SELECT} and {@code MODIFY} on the
         * keyspace ({@code docs/security.md}).
         *
         * @throws IllegalArgumentException if {@code username} is empty
         */
        public Options credentials(String username, String password) {
            Objects.requireNonNull(username, "username");
            Objects.requireNonNull(password, "password");
            if (username.isEmpty()) {
                throw new IllegalArgumentException("credentials need a user name, was empty");
            }
            this.username = username;
            this.password = password;
            return this;
        }

        /** The user name the store logs in with, or {@code null} if it does not log in. */
        public String username() {
            return username;
        }

        /**
         * Encrypts the connections the store opens through contact points with TLS from this context, whose
         * trust material must trust the cluster's certificates (see {@code docs/security.md} for building one
         * from a truststore file). Default none: plain-text connections, which a cluster with
         * {@code client_encryption_options} enabled and not optional closes. A session passed to
         * {@code open(CqlSession, ...)} keeps its own encryption.
         */
        public Options sslContext(SSLContext context) {
            this.sslContext = Objects.requireNonNull(context, "context");
            return this;
        }

        /** The TLS context of the connections the store opens, or {@code null} for plain text. */
        public SSLContext sslContext() {
            return sslContext;
        }

        /**
         * Whether a node's certificate must name the address the driver connects to (HTTPS-style host name
         * validation, with a reverse DNS lookup of the node's IP address for its subject alternative names),
         * as the driver's own TLS configuration does by default. Default {@code true}; {@code false} for a
         * cluster whose certificates do not name their nodes, at the price that any certificate the context
         * trusts is accepted for any node.
         */
        public Options sslHostnameValidation(boolean validate) {
            this.sslHostnameValidation = validate;
            return this;
        }

        /** Whether node certificates must name the nodes. */
        public boolean sslHostnameValidation() {
            return sslHostnameValidation;
        }

        /** Opens the store in {@code keyspace} on an existing session, which stays the caller's. */
        public KvStore open(CqlSession session, String keyspace) {
            return KvStoreImpl.open(openBackend(session, keyspace, this), this);
        }

        /** Connects through {@code contactPoints} and opens the store; closing it closes the session. */
        public KvStore open(Collection<InetSocketAddress> contactPoints, String localDatacenter, String keyspace) {
            return KvStoreImpl.open(openBackend(List.copyOf(contactPoints), localDatacenter, keyspace, this), this);
        }

        @Override
        public String toString() {
            return "CassandraKvStore.Options[table=" + table + ", readConsistency=" + readConsistency
                    + ", writeConsistency=" + writeConsistency + ", serialConsistency=" + serialConsistency
                    + ", keyspaceReplication=" + keyspaceReplication
                    + ", createTables=" + createTables + ", pageSize=" + pageSize + ", valueChunkSize="
                    + valueChunkSize + ", partitionBuckets=" + partitionBuckets + ", requestTimeout=" + requestTimeout
                    + ", " + describeStoreOptions()
                    + ", credentials=" + (username == null ? "none" : "user " + username + " with a password (hidden)")
                    + ", ssl=" + (sslContext == null ? "none" : sslContext.getProtocol()
                            + (sslHostnameValidation ? " with" : " without") + " host name validation")
                    + "]";
        }
    }
}
