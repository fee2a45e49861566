package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * A real three-node Apache Cassandra 5.0 cluster for failure tests: nodes on 127.0.0.1, .2 and .3 (extra
 * loopback addresses that need no set-up), one token each so that a keyspace with replication factor 3 puts
 * every row on all three, each node a JVM of its own launched as {@link CassandraTestServer} launches one,
 * with its data in a directory of its own. A node can be stopped with SIGTERM (it drains, and the others mark
 * it down at once), killed with SIGKILL (the others take a few seconds to convict it), and started again on
 * its data. {@link #close()} stops every node and deletes the data; the nodes also exit by themselves if the
 * test JVM dies.
 */
public final class CassandraTestCluster implements AutoCloseable {
    /** The nodes' addresses. */
    public static final List<String> ADDRESSES = List.of("127.0.0.1", "127.0.0.2", "127.0.0.3");
    private static final long[] TOKENS = {Long.MIN_VALUE, -3074457345618258603L, 3074457345618258602L};
    private static final Duration START_TIMEOUT = Duration.ofSeconds(240);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(90);
    private static final String PROBE = "kvmapper_cluster_probe";

    private final Path directory;
    private final int storagePort;
    private final int nativePort;
    private final List<Node> nodes = new ArrayList<>();

    private CassandraTestCluster(Path directory, int storagePort, int nativePort) {
        this.directory = directory;
        this.storagePort = storagePort;
        this.nativePort = nativePort;
    }

    /** Starts the three nodes at once and waits until every node accepts CQL and takes writes at ALL. */
    public static CassandraTestCluster start() {
        CassandraTestServer.requireNodesWanted();
        long begin = System.nanoTime();
        try {
            Path work = Path.of(System.getProperty("kvmapper.cassandra.work", System.getProperty("java.io.tmpdir")));
            Files.createDirectories(work);
            int[] ports = portsFreeOnEveryAddress(2);
            CassandraTestCluster cluster = new CassandraTestCluster(Files.createTempDirectory(work, "cluster-"),
                    ports[0], ports[1]);
            try {
                for (int i = 0; i < ADDRESSES.size(); i++) {
                    cluster.nodes.add(cluster.new Node(i));
                }
                for (Node node : cluster.nodes) {
                    node.launch();
                }
                for (Node node : cluster.nodes) {
                    node.awaitNativePort();
                }
                try (CqlSession session = cluster.newSession()) {
                    session.execute("CREATE KEYSPACE IF NOT EXISTS " + PROBE + " WITH replication ="
                            + " {'class': 'SimpleStrategy', 'replication_factor': '3'}");
                    session.execute("CREATE TABLE IF NOT EXISTS " + PROBE + ".probe (id int PRIMARY KEY, at bigint)");
                    cluster.awaitAllUp(session);
                }
            } catch (RuntimeException | Error e) {
                cluster.close();
                throw e;
            }
            System.out.println("Cassandra test cluster of " + ADDRESSES.size() + " nodes ready after "
                    + Duration.ofNanos(System.nanoTime() - begin).toMillis() + " ms (ports " + ports[0] + " and "
                    + ports[1] + ", data in " + cluster.directory + ")");
            return cluster;
        } catch (IOException e) {
            throw new UncheckedIOException("could not launch the Cassandra test cluster", e);
        }
    }

    /** The node with index {@code i}: 0, 1 or 2, at {@code 127.0.0.(i + 1)}. */
    public Node node(int i) {
        return nodes.get(i);
    }

    /** Every node's CQL address. */
    public List<InetSocketAddress> contactPoints() {
        return ADDRESSES.stream().map(address -> new InetSocketAddress(address, nativePort)).toList();
    }

    /**
     * A new driver session to every node: requests time out after 20 s (longer than the nodes' own 5 s, so
     * that their timeouts reach the test), and the driver tries a lost node again every second. The caller
     * closes it.
     */
    public CqlSession newSession() {
        DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(20))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
                .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofSeconds(1))
                .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(2))
                .build();
        return CqlSession.builder().addContactPoints(contactPoints())
                .withLocalDatacenter(CassandraTestServer.DATACENTER).withConfigLoader(config).build();
    }

    /**
     * Waits until a write at consistency ALL succeeds: every node is up and the coordinator sees it so. After
     * a restart, that is when the restarted node takes writes again.
     */
    public void awaitAllUp(CqlSession session) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        RuntimeException last = null;
        while (System.nanoTime() < deadline) {
            try {
                for (int probe = 0; probe < 3; probe++) {
                    session.execute(SimpleStatement.newInstance("INSERT INTO " + PROBE + ".probe (id, at) VALUES (?, ?)",
                            probe, System.nanoTime()).setConsistencyLevel(ConsistencyLevel.ALL));
                }
                return;
            } catch (RuntimeException notYet) {
                last = notYet;
                CassandraTestServer.sleep(500);
            }
        }
        throw new IllegalStateException("the cluster did not take writes at ALL within " + START_TIMEOUT.toSeconds()
                + " s", last);
    }

    /** Stops every running node with SIGTERM, waits for them, and deletes the data. Idempotent. */
    @Override
    public synchronized void close() {
        for (Node node : nodes) {
            if (node.isRunning()) {
                node.process.destroy();
            }
        }
        for (Node node : nodes) {
            node.awaitExit();
        }
        CassandraTestServer.deleteRecursively(directory);
    }

    /** One node of the cluster. */
    public final class Node {
        private final int index;
        private final Path dir;
        private final int jmxPort;
        private Process process;

        Node(int index) throws IOException {
            this.index = index;
            this.dir = Files.createDirectories(directory.resolve("node" + (index + 1)));
            this.jmxPort = freePort(InetAddress.getByName("127.0.0.1"));
            Files.writeString(dir.resolve("cassandra.yaml"), yaml(), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("logback.xml"), CassandraTestServer.LOGBACK, StandardCharsets.UTF_8);
        }

        /** The node's address. */
        public String address() {
            return ADDRESSES.get(index);
        }

        /** Whether the node's process runs. */
        public synchronized boolean isRunning() {
            return process != null && process.isAlive();
        }

        /** Stops the node with SIGTERM and waits until it has drained and exited. */
        public synchronized void stop() {
            process.destroy();
            awaitExit();
        }

        /** Kills the node with SIGKILL and waits until it is gone: no drain, no goodbye to the others. */
        public synchronized void kill() {
            process.destroyForcibly();
            awaitExit();
        }

        /** Starts the stopped node again on its data and waits until it accepts CQL connections. */
        public synchronized void start() {
            if (isRunning()) {
                throw new IllegalStateException("node " + address() + " is running");
            }
            launch();
            awaitNativePort();
        }

        private synchronized void launch() {
            boolean dropIpcLock = "root".equals(System.getProperty("user.name"))
                    && Files.isExecutable(CassandraTestServer.SETPRIV);
            try {
                process = spawn(dropIpcLock);
                if (dropIpcLock && exitsAtOnce()) {
                    // setpriv needs CAP_SETPCAP, which some containers withhold: run without it
                    process = spawn(false);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("could not launch Cassandra node " + address(), e);
            }
        }

        private Process spawn(boolean dropIpcLock) throws IOException {
            List<String> command = CassandraTestServer.command(CassandraTestServer.libraryDirectory(), dir,
                    dir.resolve("cassandra.yaml"), dir.resolve("logback.xml"), jmxPort, dropIpcLock);
            return new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("node.out").toFile())).start();
        }

        private boolean exitsAtOnce() {
            try {
                return process.waitFor(300, TimeUnit.MILLISECONDS) && outputTail().contains("setpriv:");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        private void awaitNativePort() {
            long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("Cassandra node " + address() + " exited with status "
                            + process.exitValue() + " before accepting connections; its output ends with:\n"
                            + outputTail());
                }
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress(address(), nativePort), 200);
                    return;
                } catch (IOException notYet) {
                    CassandraTestServer.sleep(100);
                }
            }
            throw new IllegalStateException("Cassandra node " + address() + " did not accept connections within "
                    + START_TIMEOUT.toSeconds() + " s; its output ends with:\n" + outputTail());
        }

        private void awaitExit() {
            if (process == null) {
                return;
            }
            try {
                if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }

        /** The last lines the node printed, for failure messages. */
        public String outputTail() {
            try {
                List<String> lines = Files.readAllLines(dir.resolve("node.out"), StandardCharsets.UTF_8);
                return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
            } catch (IOException e) {
                return "(no output: " + e + ")";
            }
        }

        private String yaml() {
            return """
                    cluster_name: kvmapper-cluster
                    num_tokens: 1
                    initial_token: %4$d
                    partitioner: org.apache.cassandra.dht.Murmur3Partitioner
                    endpoint_snitch: SimpleSnitch
                    seed_provider:
                      - class_name: org.apache.cassandra.locator.SimpleSeedProvider
                        parameters:
                          - seeds: "127.0.0.1:%2$d"
                    listen_address: %5$s
                    rpc_address: %5$s
                    storage_port: %2$d
                    native_transport_port: %1$d
                    start_native_transport: true
                    auto_bootstrap: false
                    data_file_directories: [%3$s/data/data]
                    commitlog_directory: %3$s/data/commitlog
                    saved_caches_directory: %3$s/data/saved_caches
                    hints_directory: %3$s/data/hints
                    cdc_raw_directory: %3$s/data/cdc_raw
                    commitlog_sync: periodic
                    commitlog_sync_period: 10000ms
                    concurrent_compactors: 1
                    auto_snapshot: false
                    dynamic_snitch: false
                    # convict a killed node in about 12 s instead of about 19
                    phi_convict_threshold: 5
                    read_request_timeout: 5000ms
                    range_request_timeout: 10000ms
                    write_request_timeout: 5000ms
                    counter_write_request_timeout: 5000ms
                    cas_contention_timeout: 5000ms
                    truncate_request_timeout: 60000ms
                    request_timeout: 10000ms
                    batch_size_warn_threshold: 1MiB
                    batch_size_fail_threshold: 4MiB
                    """.formatted(nativePort, storagePort, dir, TOKENS[index], address());
        }
    }

    /** {@code count} ports that are free on every node's address, chosen at random. */
    private static int[] portsFreeOnEveryAddress(int count) {
        Random random = new Random();
        int[] ports = new int[count];
        for (int i = 0; i < count; i++) {
            for (int attempt = 0; ; attempt++) {
                int port = 20_000 + random.nextInt(30_000);
                if (freeEverywhere(port) && (i == 0 || port != ports[0])) {
                    ports[i] = port;
                    break;
                }
                if (attempt > 200) {
                    throw new IllegalStateException("found no port free on " + ADDRESSES);
                }
            }
        }
        return ports;
    }

    private static boolean freeEverywhere(int port) {
        for (String address : ADDRESSES) {
            try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName(address))) {
                socket.setReuseAddress(true);
            } catch (IOException taken) {
                return false;
            }
        }
        return true;
    }

    private static int freePort(InetAddress address) throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, address)) {
            return socket.getLocalPort();
        }
    }
}
