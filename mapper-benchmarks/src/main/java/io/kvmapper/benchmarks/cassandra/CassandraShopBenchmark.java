package io.kvmapper.benchmarks.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.kvmapper.benchmarks.Workload;
import io.kvmapper.benchmarks.shop.User;
import io.kvmapper.cassandra.CassandraTestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * KV Mapper on Cassandra against hand-written driver code and the driver's own object mapper, on the workload's
 * users: a unique email, a status index and two counters, the same guarantees for all ({@link ShopOnCassandra}).
 * It launches one Cassandra 5.0 node on loopback ({@code CassandraTestServer}: 512 MB heap, on the same machine as
 * the client), gives each contender a keyspace of its own (replication factor 1) and a session that counts its
 * requests, loads {@code users} users into each, then measures every operation with 1 and 4 client threads,
 * contenders interleaved (their order rotates each round). For each cell it prints throughput, the latency's
 * median and 99th percentile, requests per operation, and CPU time per operation of this JVM (the client) and of
 * the node.
 *
 * <p>Before each operation's cells, every contender's keyspace is flushed ({@code flush=true}, the default), so
 * that every contender reads from SSTables, as a store larger than the node's memtables does. Without it
 * ({@code flush=false}) the node flushes its largest memtable first, which is KV Mapper's one data table, while
 * hand-written code's smaller tables, one per concept, stay in memory: with 22,000 users, KV Mapper's data table
 * had SSTables and hand-written code's index tables none.
 *
 * <p>The node:
 * <ul>
 *   <li>{@code nodeJit=full}, the default, compiles with C2 as a production node does; {@code nodeJit=c1} stops at
 *       C1 as in the tests, which starts faster and makes every request dearer;
 *   <li>{@code nodeYaml} adds lines to its {@code cassandra.yaml}, separated by {@code ;} (for example
 *       {@code nodeYaml=column_index_size: 4KiB});
 *   <li>{@code nodeJfr=DIR} records it with JFR during each measured cell, one file per cell in {@code DIR}, with
 *       the settings {@code nodeJfrSettings} names ({@code profile} unless given; a {@code .jfc} file works too).
 *       Starting a recording costs the node CPU inside the measured time: use such runs for profiles, not for
 *       throughput.
 * </ul>
 *
 * <pre>
 * java -cp mapper-benchmarks/target/benchmarks.jar io.kvmapper.benchmarks.cassandra.CassandraShopBenchmark \
 *     [users=20000] [warmup=3] [seconds=5] [rounds=2] [threads=1,4] [ops=...] [contenders=...] [nodeJit=full|c1]
 *     [flush=true|false] ['nodeYaml=key: value;key: value'] [nodeJfr=DIR [nodeJfrSettings=profile|FILE.jfc]]
 *     [out=FILE.tsv]
 * </pre>
 */
public final class CassandraShopBenchmark {
    /** The operations, by name. */
    static final List<String> OPERATIONS = List.of("insert", "findById", "findByEmail", "first10ByStatus",
            "first100ByStatus", "first1000ByStatus", "updateStatus", "countByStatus");
    static final List<String> CONTENDERS = List.of("handwritten", "kvmapper", "drivermapper");

    private final Map<String, String> settings;
    private final int users;
    /** Where to write a JFR recording of the node per measured cell, or null for none. */
    private final Path nodeJfr;
    /** The JFR settings of those recordings: a name ({@code profile}) or a {@code .jfc} file. */
    private final String nodeJfrSettings;
    /** Whether every contender's memtables are flushed before each operation's cells. */
    private final boolean flush;

    private CassandraShopBenchmark(Map<String, String> settings) {
        this.settings = settings;
        this.users = Integer.parseInt(settings.getOrDefault("users", "20000"));
        this.nodeJfr = settings.containsKey("nodeJfr") ? Path.of(settings.get("nodeJfr")) : null;
        this.nodeJfrSettings = settings.getOrDefault("nodeJfrSettings", "profile");
        this.flush = switch (settings.getOrDefault("flush", "true")) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("flush is true or false, was " + settings.get("flush"));
        };
    }

    public static void main(String[] args) {
        Map<String, String> settings = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("arguments are name=value, was " + arg);
            }
            settings.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        System.setProperty("kvmapper.cassandra.lib", System.getProperty("kvmapper.cassandra.lib",
                "mapper-cassandra-testserver/target/cassandra-lib"));
        System.setProperty("kvmapper.cassandra.work", System.getProperty("kvmapper.cassandra.work",
                "mapper-benchmarks/target/cassandra-node"));
        String jit = settings.getOrDefault("nodeJit", "full");
        switch (jit) {
            case "full" -> System.setProperty(CassandraTestServer.NODE_JVM_OPTIONS, "-XX:TieredStopAtLevel=4");
            case "c1" -> {
                // the test server's default
            }
            default -> throw new IllegalArgumentException("nodeJit is full or c1, was " + jit);
        }
        new CassandraShopBenchmark(settings).run();
        System.exit(0);
    }

    private List<String> list(String name, List<String> defaults) {
        String value = settings.get(name);
        return value == null ? defaults : Arrays.asList(value.split(","));
    }

    private void run() {
        int warmup = Integer.parseInt(settings.getOrDefault("warmup", "3"));
        int seconds = Integer.parseInt(settings.getOrDefault("seconds", "5"));
        int rounds = Integer.parseInt(settings.getOrDefault("rounds", "2"));
        List<Integer> threads = list("threads", List.of("1", "4")).stream().map(Integer::parseInt).toList();
        List<String> operations = list("ops", OPERATIONS);
        List<String> names = list("contenders", CONTENDERS);
        Path out = Path.of(settings.getOrDefault("out", "mapper-benchmarks/target/cassandra-results.tsv"));
        System.out.println("# Cassandra benchmark " + Instant.now() + ": " + settings + ", " + Runtime.getRuntime()
                .availableProcessors() + " processors; node and client on this machine");
        // more lines of the node's cassandra.yaml, separated by ';' (nodeYaml=column_index_size: 4KiB)
        String nodeYaml = String.join("\n", settings.getOrDefault("nodeYaml", "").split(";")).strip();
        try (CassandraTestServer server = CassandraTestServer.start(nodeYaml.isEmpty() ? "" : nodeYaml + "\n")) {
            ProcessHandle node = nodeProcess();
            try (CqlSession admin = session(server, null)) {
                for (String name : names) {
                    admin.execute(SimpleStatement.newInstance("CREATE KEYSPACE IF NOT EXISTS bench_" + name
                            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"));
                }
            }
            List<Contender> contenders = new ArrayList<>();
            for (String name : names) {
                CountingTracker tracker = new CountingTracker();
                CqlSession session = session(server, tracker);
                ShopOnCassandra shop = switch (name) {
                    case "handwritten" -> new HandWrittenShop(session, "bench_" + name);
                    case "kvmapper" -> new KvMapperShop(session, "bench_" + name);
                    case "drivermapper" -> new DriverMapperShop(session, "bench_" + name);
                    default -> throw new IllegalArgumentException("unknown contender " + name);
                };
                contenders.add(new Contender(name, session, tracker, shop, new AtomicLong(users)));
            }
            for (Contender contender : contenders) {
                long start = System.nanoTime();
                load(contender);
                System.out.printf(Locale.ROOT, "# loaded %,d users into %s in %.1f s%n", users, contender.name(),
                        (System.nanoTime() - start) / 1e9);
            }
            List<String> header = List.of("operation", "threads", "round", "contender", "ops", "seconds", "ops/s",
                    "p50 ms", "p99 ms", "requests/op", "client cpu us/op", "node cpu us/op");
            write(out, String.join("\t", header));
            for (String operation : operations) {
                if (flush) {
                    for (String name : names) {
                        server.flush("bench_" + name);
                    }
                }
                for (int threadCount : threads) {
                    List<Result> best = new ArrayList<>();
                    for (int round = 0; round < rounds; round++) {
                        for (int i = 0; i < contenders.size(); i++) {
                            Contender contender = contenders.get((i + round) % contenders.size());
                            measure(contender, operation, threadCount, Duration.ofSeconds(warmup), node);
                            if (nodeJfr != null) {
                                String cell = operation + "-" + threadCount + "-" + contender.name() + "-r" + round;
                                jcmd(node, "JFR.start", "name=cell", "settings=" + nodeJfrSettings,
                                        "filename=" + nodeJfr.resolve(cell + ".jfr"));
                            }
                            Result result = measure(contender, operation, threadCount, Duration.ofSeconds(seconds),
                                    node);
                            if (nodeJfr != null) {
                                jcmd(node, "JFR.stop", "name=cell");
                            }
                            write(out, result.tsv(round));
                            best.removeIf(r -> r.contender().equals(contender.name()) && r.opsPerSecond()
                                    < result.opsPerSecond());
                            if (best.stream().noneMatch(r -> r.contender().equals(contender.name()))) {
                                best.add(result);
                            }
                        }
                    }
                    print(operation, threadCount, best, names);
                }
            }
            for (Contender contender : contenders) {
                contender.shop().close();
                contender.session().close();
            }
        }
    }

    /**
     * Runs {@code jcmd} on the node with {@code command}, for the JFR recordings {@code nodeJfr} asks for: they show
     * where the node spends its CPU for each contender.
     */
    private void jcmd(ProcessHandle node, String... command) {
        List<String> line = new ArrayList<>();
        line.add(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString());
        line.add(Long.toString(node.pid()));
        line.addAll(List.of(command));
        try {
            Files.createDirectories(nodeJfr);
            Process jcmd = new ProcessBuilder(line).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (jcmd.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", line) + " failed with exit status "
                        + jcmd.exitValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + String.join(" ", line), e);
        }
    }

    private static void write(Path out, String line) {
        try {
            Files.createDirectories(out.toAbsolutePath().getParent());
            Files.writeString(out, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Loads users 0..users-1 into a contender with 4 threads. */
    private void load(Contender contender) {
        AtomicLong next = new AtomicLong();
        List<Thread> loaders = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread loader = new Thread(() -> {
                for (long id = next.getAndIncrement(); id < users; id = next.getAndIncrement()) {
                    contender.shop().insertUser(Workload.user(id));
                }
            }, "load-" + t);
            loaders.add(loader);
            loader.start();
        }
        join(loaders);
    }

    /** Runs {@code operation} on {@code threads} threads for {@code length}, and what it cost. */
    private Result measure(Contender contender, String operation, int threads, Duration length, ProcessHandle node) {
        Function<ThreadLocalRandom, Object> op = operation(contender, operation);
        long[][] latencies = new long[threads][];
        int[] counts = new int[threads];
        long requestsBefore = contender.tracker().count();
        long clientBefore = processCpuNanos();
        long nodeBefore = cpuNanos(node);
        long start = System.nanoTime();
        long end = start + length.toNanos();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int index = t;
            Thread worker = new Thread(() -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                long[] own = new long[1 << 16];
                int n = 0;
                long now = System.nanoTime();
                while (now < end) {
                    op.apply(random);
                    long done = System.nanoTime();
                    if (n == own.length) {
                        own = Arrays.copyOf(own, n * 2);
                    }
                    own[n++] = done - now;
                    now = done;
                }
                latencies[index] = own;
                counts[index] = n;
            }, "bench-" + t);
            workers.add(worker);
            worker.start();
        }
        join(workers);
        double elapsed = (System.nanoTime() - start) / 1e9;
        long clientCpu = processCpuNanos() - clientBefore;
        long nodeCpu = cpuNanos(node) - nodeBefore;
        pause(200); // the driver reports a request just after completing it
        long requests = contender.tracker().count() - requestsBefore;
        int total = Arrays.stream(counts).sum();
        long[] all = new long[total];
        int at = 0;
        for (int t = 0; t < threads; t++) {
            System.arraycopy(latencies[t], 0, all, at, counts[t]);
            at += counts[t];
        }
        Arrays.sort(all);
        return new Result(operation, threads, contender.name(), total, elapsed, total / elapsed,
                percentile(all, 0.50) / 1e6, percentile(all, 0.99) / 1e6, (double) requests / total,
                clientCpu / 1e3 / total, nodeCpu / 1e3 / total);
    }

    private Function<ThreadLocalRandom, Object> operation(Contender contender, String operation) {
        ShopOnCassandra shop = contender.shop();
        return switch (operation) {
            case "insert" -> random -> {
                shop.insertUser(Workload.user(contender.nextId().getAndIncrement()));
                return null;
            };
            case "findById" -> random -> require(shop.findUser(random.nextLong(users)));
            case "findByEmail" -> random -> require(shop.findUserByEmail(Workload.email(random.nextLong(users))));
            case "first10ByStatus" -> random -> shop.firstByStatus(Workload.status(random.nextInt(3)), 10);
            case "first100ByStatus" -> random -> shop.firstByStatus(Workload.status(random.nextInt(3)), 100);
            case "first1000ByStatus" -> random -> shop.firstByStatus(Workload.status(random.nextInt(3)), 1000);
            case "updateStatus" -> random -> shop.updateStatus(random.nextLong(users),
                    Workload.status(random.nextInt(3)));
            case "countByStatus" -> random -> shop.countByStatus(Workload.status(random.nextInt(3)));
            default -> throw new IllegalArgumentException("unknown operation " + operation + "; one of " + OPERATIONS);
        };
    }

    private static Object require(Object found) {
        if (found == null) {
            throw new IllegalStateException("a loaded user was not found");
        }
        return found;
    }

    private static void print(String operation, int threads, List<Result> results, List<String> order) {
        Optional<Result> baseline = results.stream().filter(r -> r.contender().equals("handwritten")).findFirst();
        System.out.printf(Locale.ROOT, "%n%s, %d thread%s (best round by throughput):%n", operation, threads,
                threads == 1 ? "" : "s");
        System.out.println("| contender | ops/s | ratio | p50 ms | p99 ms | requests/op | client CPU µs/op"
                + " | node CPU µs/op |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        for (String name : order) {
            results.stream().filter(r -> r.contender().equals(name)).findFirst().ifPresent(r -> System.out.printf(
                    Locale.ROOT, "| %s | %,.0f | %s | %.2f | %.2f | %.2f | %.0f | %.0f |%n", r.contender(),
                    r.opsPerSecond(), baseline.map(b -> String.format(Locale.ROOT, "%.2f", r.opsPerSecond()
                            / b.opsPerSecond())).orElse("-"), r.p50Millis(), r.p99Millis(), r.requestsPerOp(),
                    r.clientCpuMicros(), r.nodeCpuMicros()));
        }
    }

    private static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
    }

    private static CqlSession session(CassandraTestServer server, CountingTracker tracker) {
        DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
                .withString(DefaultDriverOption.REQUEST_CONSISTENCY, "LOCAL_QUORUM")
                .withString(DefaultDriverOption.REQUEST_SERIAL_CONSISTENCY, "LOCAL_SERIAL")
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
                .build();
        var builder = CqlSession.builder().addContactPoint(server.address())
                .withLocalDatacenter(CassandraTestServer.DATACENTER).withConfigLoader(config);
        if (tracker != null) {
            builder.addRequestTracker(tracker);
        }
        return builder.build();
    }

    /** The node's JVM: the one Java process this one started. */
    private static ProcessHandle nodeProcess() {
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false))
                .reduce((a, b) -> b)
                .orElseThrow(() -> new IllegalStateException("cannot find the Cassandra node's process"));
    }

    private static long cpuNanos(ProcessHandle process) {
        return process.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static void join(List<Thread> threads) {
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private record Contender(String name, CqlSession session, CountingTracker tracker, ShopOnCassandra shop,
            AtomicLong nextId) {
    }

    private record Result(String operation, int threads, String contender, int ops, double seconds,
            double opsPerSecond, double p50Millis, double p99Millis, double requestsPerOp, double clientCpuMicros,
            double nodeCpuMicros) {
        String tsv(int round) {
            return String.format(Locale.ROOT, "%s\t%d\t%d\t%s\t%d\t%.2f\t%.1f\t%.3f\t%.3f\t%.3f\t%.1f\t%.1f",
                    operation, threads, round, contender, ops, seconds, opsPerSecond, p50Millis, p99Millis,
                    requestsPerOp, clientCpuMicros, nodeCpuMicros);
        }
    }
}
