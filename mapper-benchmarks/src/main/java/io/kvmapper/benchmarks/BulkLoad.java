package io.kvmapper.benchmarks;

import com.sun.management.OperatingSystemMXBean;
import io.kvmapper.benchmarks.shop.User;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The bulk load: users {@code 0..n-1} inserted into a new store through one contender's own write path,
 * in units of work of a bounded number of inserts each ({@link Contender#insertUsers}: for KV Mapper a
 * {@code store.transact} around {@code repository.with(tx).insert(user)}), reporting throughput and the
 * process's memory every {@code every} users. Run one contender per JVM, so that the memory figures are
 * that contender's alone; {@code mapper-benchmarks/bulk.sh} runs them all. Not a JMH benchmark: one
 * load is one long measurement, and its memory over time is the point.
 *
 * <pre>
 * java -Xms512m -Xmx512m -XX:+AlwaysPreTouch -cp benchmarks.jar io.kvmapper.benchmarks.BulkLoad \
 *     CONTENDER [USERS [BATCH [EVERY]]]
 * </pre>
 *
 * <p>Prints one tab-separated line per report: contender, users loaded, seconds, inserts per second
 * since the start and since the previous report, the CPU time per insert since the start of the loading
 * thread (the write path) and of the whole process (with the store's background work, the JIT and the
 * garbage collector), in microseconds, the resident set now and at its peak ({@code VmRSS},
 * {@code VmHWM} from {@code /proc/self/status}), the Java heap in use and the store's size on disk in
 * MiB, and where the store says its native memory goes ({@link Contender#memoryReport}). After the load
 * it closes the store, opens it again and checks a user by id, by email, and the counters; the store is
 * deleted at the end.
 */
public final class BulkLoad {
    private static final double MIB = 1 << 20;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean OS = ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);

    private BulkLoad() {
    }

    /** Runs the load; see the class comment for the arguments. */
    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 4) {
            System.err.println("usage: BulkLoad CONTENDER [USERS [BATCH [EVERY]]]"
                    + " (contender raw, kvmapper, kvmapper-proto, kvmapper-apk, bdbje, h2 or sqlite; defaults 1000000 1000 100000)");
            System.exit(2);
        }
        String contender = args[0];
        long users = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000;
        int batch = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
        long every = args.length > 3 ? Long.parseLong(args[3]) : 100_000;
        Path directory = Files.createTempDirectory("kvmapper-bulk-" + contender + "-");
        try {
            run(contender, directory, users, batch, every, System.out);
        } finally {
            deleteTree(directory);
        }
    }

    /**
     * Loads {@code users} users into a new store of {@code contender} in {@code directory}, in units of
     * {@code batch}, printing the header and a report every {@code every} users (and after the last) to
     * {@code out}; then reopens the store and checks it.
     *
     * @throws IllegalStateException if the reopened store does not hold what was loaded
     */
    static void run(String contender, Path directory, long users, int batch, long every, PrintStream out) {
        load(contender, directory, users, batch, every, out);
        check(contender, directory, users);
    }

    private static void load(String contender, Path directory, long users, int batch, long every,
            PrintStream out) {
        out.println("contender\tusers\tseconds\tops/s\tops/s (interval)\tthread CPU us/op\tprocess CPU us/op"
                + "\tRSS MiB\tpeak RSS MiB\theap MiB\tstore MiB\tstore memory MiB");
        List<User> unit = new ArrayList<>(batch);
        try (Contender store = StoreBenchmark.open(contender, directory)) {
            long start = System.nanoTime();
            long threadCpuAtStart = THREADS.getCurrentThreadCpuTime();
            long processCpuAtStart = OS.getProcessCpuTime();
            long previousTime = start;
            long previousCount = 0;
            long id = 0;
            while (id < users) {
                unit.clear();
                long end = Math.min(users, id + batch);
                // Units never straddle a report, so that each report follows a whole unit.
                end = Math.min(end, (id / every + 1) * every);
                for (; id < end; id++) {
                    unit.add(Workload.user(id));
                }
                store.insertUsers(unit);
                if (id % every == 0 || id == users) {
                    long now = System.nanoTime();
                    out.println(String.format(Locale.ROOT,
                            "%s\t%d\t%.1f\t%.0f\t%.0f\t%.2f\t%.2f\t%.0f\t%.0f\t%.0f\t%.0f\t%s",
                            contender, id, (now - start) / 1e9, id / ((now - start) / 1e9),
                            (id - previousCount) / ((now - previousTime) / 1e9),
                            (THREADS.getCurrentThreadCpuTime() - threadCpuAtStart) / 1e3 / id,
                            (OS.getProcessCpuTime() - processCpuAtStart) / 1e3 / id, status("VmRSS") / MIB,
                            status("VmHWM") / MIB, heapInUse() / MIB, sizeOf(directory) / MIB, store.memoryReport()));
                    previousTime = now;
                    previousCount = id;
                }
            }
        }
    }

    /** Fails unless the reopened store holds the last user and counts every user. */
    private static void check(String contender, Path directory, long users) {
        try (Contender store = StoreBenchmark.open(contender, directory)) {
            long last = users - 1;
            User expected = Workload.user(last);
            long counted = 0;
            for (User.Status status : User.Status.values()) {
                counted += store.countByStatus(status);
            }
            if (!expected.equals(store.findUser(last)) || !expected.equals(store.findUserByEmail(expected.email()))
                    || counted != users) {
                throw new IllegalStateException(contender + ": the loaded store does not hold the " + users
                        + " users (counted " + counted + ")");
            }
        }
    }

    /** A {@code /proc/self/status} figure such as {@code VmRSS}, in bytes. */
    static long status(String field) {
        try (Stream<String> lines = Files.lines(Path.of("/proc/self/status"))) {
            String line = lines.filter(l -> l.startsWith(field + ":")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("/proc/self/status has no " + field));
            return Long.parseLong(line.substring(field.length() + 1).replace("kB", "").trim()) * 1024;
        } catch (IOException e) {
            throw new UncheckedIOException("this measurement needs Linux's /proc/self/status", e);
        }
    }

    /** The Java heap in use, in bytes. */
    static long heapInUse() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }

    /** The size of the files in {@code directory} (every contender keeps its files at the top level). */
    static long sizeOf(Path directory) {
        long total = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
            for (Path file : files) {
                total += size(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return total;
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            // A file the store deleted (a compacted table, an old log) between the listing and this call.
            return 0;
        }
    }

    static void deleteTree(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
