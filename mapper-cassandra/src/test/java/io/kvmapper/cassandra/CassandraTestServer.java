package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.tracker.RequestTracker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.MalformedURLException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.management.JMException;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.Assumptions;

/**
 * One real Apache Cassandra 5.0 node for tests, launched as a JVM of its own from the server jars that
 * the {@code mapper-cassandra-testserver} module resolves (system property {@code kvmapper.cassandra.lib},
 * set by this module's Surefire configuration), on 127.0.0.1 with free ports and its data in a fresh
 * directory under {@code kvmapper.cassandra.work} (or the temporary directory).
 *
 * <p>{@link #shared()} starts one node per test JVM, on first use. It is stopped with SIGTERM (and waited
 * for) when the JUnit session ends ({@link CassandraTestServerListener}), or failing that by a shutdown
 * hook; the node also exits by itself if the test JVM dies ({@link ParentWatchingMain}), so no run leaves
 * a server behind.
 */
public final class CassandraTestServer implements AutoCloseable {
    /** The data center name that {@code SimpleSnitch} reports, which the driver must be given. */
    public static final String DATACENTER = "datacenter1";
    private static final String HOST = "127.0.0.1";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    /** Drops CAP_IPC_LOCK for a node run as root, so that it does not lock its heap in memory. */
    static final Path SETPRIV = Path.of("/usr/bin/setpriv");

    /**
     * System property with more options for the node's JVM, separated by spaces, after the defaults (512 MB heap,
     * C1 only, which starts fastest for tests): the Cassandra benchmark gives {@code -XX:TieredStopAtLevel=4} for
     * the full JIT of a production node.
     */
    public static final String NODE_JVM_OPTIONS = "kvmapper.cassandra.nodeJvmOptions";

    private static CassandraTestServer shared;

    private final Path directory;
    private final int nativePort;
    private final int jmxPort;
    private final Process process;
    private volatile Duration startTime;
    private volatile boolean stopped;

    private CassandraTestServer(Path directory, int nativePort, int jmxPort, Process process) {
        this.directory = directory;
        this.nativePort = nativePort;
        this.jmxPort = jmxPort;
        this.process = process;
    }

    /** The node shared by every test in this JVM, started on first use. */
    public static synchronized CassandraTestServer shared() {
        requireNodesWanted();
        if (shared == null) {
            shared = start();
            CassandraTestServer started = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "stop-cassandra-test-node"));
        }
        return shared;
    }

    /**
     * Skips the calling test (a JUnit assumption) when the build was run with {@code -DskipCassandraTests}, which
     * the parent pom hands to every test JVM as {@code kvmapper.skipCassandraTests}: no node is started then.
     */
    public static void requireNodesWanted() {
        Assumptions.assumeFalse(Boolean.getBoolean("kvmapper.skipCassandraTests"),
                "-DskipCassandraTests: no Cassandra node is started");
    }

    /** Stops the shared node if one was started; called when the test session ends. */
    static synchronized void stopShared() {
        if (shared != null) {
            shared.close();
        }
    }

    /** Starts a new node and waits until it accepts CQL connections. The caller closes it. */
    public static CassandraTestServer start() {
        return start("");
    }

    /**
     * Starts a new node whose {@code cassandra.yaml} ends with {@code extraConfig} (authentication, encryption),
     * and waits until its CQL port accepts connections. The caller closes it.
     */
    public static CassandraTestServer start(String extraConfig) {
        boolean asRoot = "root".equals(System.getProperty("user.name")) && Files.isExecutable(SETPRIV);
        try {
            return start(asRoot, extraConfig);
        } catch (SetprivFailed e) {
            // setpriv needs CAP_SETPCAP, which some containers withhold: run without it, locking the heap
            System.err.println("setpriv could not drop CAP_IPC_LOCK (" + e.getMessage() + "); starting without it");
            return start(false, extraConfig);
        }
    }

    private static CassandraTestServer start(boolean dropIpcLock, String extraConfig) {
        long begin = System.nanoTime();
        Path lib = libraryDirectory();
        try {
            Path work = Path.of(System.getProperty("kvmapper.cassandra.work", System.getProperty("java.io.tmpdir")));
            Files.createDirectories(work);
            Path dir = Files.createTempDirectory(work, "node-");
            int nativePort = freePort();
            int storagePort = freePort();
            int jmxPort = freePort();
            Path config = dir.resolve("cassandra.yaml");
            Files.writeString(config, yaml(dir, nativePort, storagePort) + extraConfig, StandardCharsets.UTF_8);
            Path logback = dir.resolve("logback.xml");
            Files.writeString(logback, LOGBACK, StandardCharsets.UTF_8);

            ProcessBuilder builder = new ProcessBuilder(command(lib, dir, config, logback, jmxPort, dropIpcLock))
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("node.out").toFile());
            Process process = builder.start();
            CassandraTestServer server = new CassandraTestServer(dir, nativePort, jmxPort, process);
            try {
                server.awaitNativePort();
            } catch (RuntimeException | Error e) {
                String output = server.outputTail();
                server.close();
                if (dropIpcLock && output.startsWith("setpriv:")) {
                    throw new SetprivFailed(output.lines().findFirst().orElse(output));
                }
                throw e;
            }
            server.startTime = Duration.ofNanos(System.nanoTime() - begin);
            System.out.println("Cassandra test node ready on " + HOST + ":" + nativePort + " after "
                    + server.startTime.toMillis() + " ms (data in " + dir + ")");
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("could not launch a Cassandra test node", e);
        }
    }

    /** setpriv itself failed, before Cassandra started. */
    private static final class SetprivFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SetprivFailed(String message) {
            super(message);
        }
    }

    /**
     * Writes every memtable of {@code keyspace} to SSTables and waits until they are written ({@code nodetool
     * flush}, through the node's local JMX port).
     */
    public void flush(String keyspace) {
        JMXServiceURL url;
        try {
            url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + HOST + ":" + jmxPort + "/jmxrmi");
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
        try (JMXConnector jmx = JMXConnectorFactory.connect(url)) {
            jmx.getMBeanServerConnection().invoke(new ObjectName("org.apache.cassandra.db:type=StorageService"),
                    "forceKeyspaceFlush", new Object[] {keyspace, new String[0]},
                    new String[] {String.class.getName(), String[].class.getName()});
        } catch (IOException e) {
            throw new UncheckedIOException("could not flush " + keyspace + " on the test node", e);
        } catch (JMException e) {
            throw new IllegalStateException("could not flush " + keyspace + " on the test node", e);
        }
    }

    /** The address of the node's CQL port. */
    public InetSocketAddress address() {
        return new InetSocketAddress(HOST, nativePort);
    }

    /** How long the node took from launch until its CQL port accepted connections. */
    public Duration startTime() {
        return startTime;
    }

    /**
     * A new driver session to this node, with generous timeouts (the test machine is small and shared).
     * The caller closes it.
     */
    public CqlSession newSession() {
        return newSession(null);
    }

    /** A new driver session to this node that reports every request to {@code tracker} (if not null). */
    public CqlSession newSession(RequestTracker tracker) {
        DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
                .build();
        CqlSessionBuilder builder = CqlSession.builder().addContactPoint(address()).withLocalDatacenter(DATACENTER)
                .withConfigLoader(config);
        if (tracker != null) {
            builder.addRequestTracker(tracker);
        }
        return builder.build();
    }

    /** Stops the node with SIGTERM, waits for it to drain and exit, and deletes its data. Idempotent. */
    @Override
    public synchronized void close() {
        if (stopped) {
            return;
        }
        stopped = true;
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        deleteRecursively(directory);
    }

    private void awaitNativePort() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the Cassandra test node exited with status " + process.exitValue()
                        + " before accepting connections; its output ends with:\n" + outputTail());
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(HOST, nativePort), 200);
                return;
            } catch (IOException notYet) {
                sleep(100);
            }
        }
        throw new IllegalStateException("the Cassandra test node did not accept connections on " + HOST + ":"
                + nativePort + " within " + START_TIMEOUT.toSeconds() + " s; its output ends with:\n" + outputTail());
    }

    private String outputTail() {
        try {
            List<String> lines = Files.readAllLines(directory.resolve("node.out"), StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    /**
     * The command that runs one node: Java with Cassandra's flags, under setpriv if {@code dropIpcLock}, its
     * configuration in {@code config}, its data and logs under {@code dir}.
     */
    static List<String> command(Path lib, Path dir, Path config, Path logback, int jmxPort,
            boolean dropIpcLock) throws IOException {
        int javaVersion = Runtime.version().feature();
        if (javaVersion != 11 && javaVersion != 17) {
            throw new IllegalStateException("Cassandra 5.0 runs on Java 11 or 17, and the tests launch it with the"
                    + " JVM that runs them, which is Java " + javaVersion + "; run the build with Java 17");
        }
        List<Path> jars;
        try (Stream<Path> files = Files.list(lib)) {
            jars = files.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
        Path jamm = jars.stream().filter(p -> p.getFileName().toString().startsWith("jamm-")).findFirst()
                .orElseThrow(() -> new IllegalStateException("no jamm jar among the server jars in " + lib));
        StringBuilder classpath = new StringBuilder(ownClasses().toString());
        for (Path jar : jars) {
            classpath.append(java.io.File.pathSeparatorChar).append(jar);
        }

        List<String> command = new ArrayList<>();
        // As root, Cassandra locks its whole heap in memory; without CAP_IPC_LOCK it cannot (and says so).
        if (dropIpcLock) {
            command.addAll(List.of(SETPRIV.toString(), "--bounding-set", "-ipc_lock"));
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of("-Xms512m", "-Xmx512m", "-Xss512k", "-XX:+UseG1GC", "-XX:TieredStopAtLevel=1",
                "-XX:+HeapDumpOnOutOfMemoryError", "-XX:HeapDumpPath=" + dir,
                "-javaagent:" + jamm,
                "-Djava.net.preferIPv4Stack=true",
                "-Djdk.attach.allowAttachSelf=true",
                "-Dio.netty.tryReflectionSetAccessible=true",
                "-Dio.netty.allocator.useCacheForAllThreads=true",
                "-Dio.netty.allocator.maxOrder=11",
                "-Dcassandra.config=" + config.toUri(),
                "-Dcassandra.storagedir=" + dir.resolve("data"),
                "-Dcassandra.logdir=" + dir.resolve("logs"),
                "-Dcassandra-foreground=yes",
                "-Dlogback.configurationFile=" + logback.toUri(),
                "-Dcassandra.jmx.local.port=" + jmxPort,
                "-Dcassandra.skip_wait_for_gossip_to_settle=0",
                "-Dcassandra.superuser_setup_delay_ms=0"));
        // after the defaults, so that an option given here wins (HotSpot takes the last of a repeated option)
        String extra = System.getProperty(NODE_JVM_OPTIONS, "").strip();
        if (!extra.isEmpty()) {
            command.addAll(List.of(extra.split("\\s+")));
        }
        for (String module : JPMS_EXPORTS) {
            command.addAll(List.of("--add-exports", module + "=ALL-UNNAMED"));
        }
        for (String module : JPMS_OPENS) {
            command.addAll(List.of("--add-opens", module + "=ALL-UNNAMED"));
        }
        command.addAll(List.of("-cp", classpath.toString(), ParentWatchingMain.class.getName(),
                Long.toString(ProcessHandle.current().pid()), "org.apache.cassandra.service.CassandraDaemon"));
        return command;
    }

    /** The directory or jar that holds {@link ParentWatchingMain}. */
    private static Path ownClasses() {
        try {
            return Path.of(ParentWatchingMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the test classes", e);
        }
    }

    /** Where the server's jars are: system property {@code kvmapper.cassandra.lib}. */
    static Path libraryDirectory() {
        String configured = System.getProperty("kvmapper.cassandra.lib");
        if (configured == null) {
            throw new IllegalStateException("system property kvmapper.cassandra.lib is not set: run the tests through"
                    + " Maven (mvn -B -pl mapper-cassandra -am verify), which resolves the Cassandra server jars");
        }
        Path lib = Path.of(configured).normalize();
        if (!Files.isDirectory(lib)) {
            throw new IllegalStateException("no Cassandra server jars in " + lib + ": build the"
                    + " mapper-cassandra-testserver module first (mvn -B -pl mapper-cassandra -am verify)");
        }
        return lib;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getByName(HOST))) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    private static String yaml(Path dir, int nativePort, int storagePort) {
        return """
                cluster_name: kvmapper-test
                num_tokens: 1
                initial_token: 0
                partitioner: org.apache.cassandra.dht.Murmur3Partitioner
                endpoint_snitch: SimpleSnitch
                seed_provider:
                  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
                    parameters:
                      - seeds: "127.0.0.1:%2$d"
                listen_address: 127.0.0.1
                rpc_address: 127.0.0.1
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
                # a small shared machine: time out late rather than fail a test on a slow moment
                read_request_timeout: 20000ms
                range_request_timeout: 30000ms
                write_request_timeout: 20000ms
                counter_write_request_timeout: 20000ms
                # lightweight transactions racing for one key (UniqueRaceTest) retry until this much has passed
                cas_contention_timeout: 20000ms
                truncate_request_timeout: 60000ms
                request_timeout: 30000ms
                # the conformance suite commits 10,000 writes over two partitions as one logged batch
                batch_size_warn_threshold: 1MiB
                batch_size_fail_threshold: 4MiB
                """.formatted(nativePort, storagePort, dir);
    }

    /** The node's logging: warnings, and the lines that say it started. */
    static final String LOGBACK = """
            <configuration>
              <appender name="STDOUT" class="ch.qos.logback.core.ConsoleAppender">
                <encoder><pattern>%d{HH:mm:ss.SSS} %-5level [%thread] %logger{20} - %msg%n</pattern></encoder>
              </appender>
              <root level="WARN"><appender-ref ref="STDOUT"/></root>
              <logger name="org.apache.cassandra.service.CassandraDaemon" level="INFO"/>
              <logger name="org.apache.cassandra.transport.Server" level="INFO"/>
            </configuration>
            """;

    private static final List<String> JPMS_EXPORTS = List.of("java.base/jdk.internal.misc",
            "java.management.rmi/com.sun.jmx.remote.internal.rmi", "java.rmi/sun.rmi.registry",
            "java.rmi/sun.rmi.server", "java.sql/java.sql", "java.base/java.lang.ref", "jdk.unsupported/sun.misc",
            "jdk.compiler/com.sun.tools.javac.file", "jdk.attach/sun.tools.attach");

    private static final List<String> JPMS_OPENS = List.of("java.base/java.lang.module",
            "java.base/jdk.internal.loader", "java.base/jdk.internal.ref", "java.base/jdk.internal.reflect",
            "java.base/jdk.internal.math", "java.base/jdk.internal.module", "java.base/jdk.internal.util.jar",
            "jdk.management/com.sun.management.internal", "java.base/sun.nio.ch", "java.base/java.io",
            "java.base/java.lang.reflect", "jdk.compiler/com.sun.tools.javac", "java.base/java.lang",
            "java.base/java.util");

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the Cassandra test node", e);
        }
    }

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            System.err.println("could not delete the Cassandra test node's directory " + dir + ": " + e);
        }
    }
}
