package io.kvmapper.benchmarks;

import com.sun.management.OperatingSystemMXBean;
import io.kvmapper.KvStore;
import io.kvmapper.benchmarks.counters.Visit;
import io.kvmapper.benchmarks.counters.VisitRepository;
import io.kvmapper.benchmarks.counters.VisitWithNewCounterRepository;
import io.kvmapper.rocksdb.RocksBackend;
import io.kvmapper.rocksdb.RocksKvStore;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * Hot counters at scale: the three costs that pending counter merge operands can make grow with the
 * store, each measured as time per operation over successive slices so that growth shows, with the
 * process's memory. A store of {@code RECORDS} {@link Visit}s (two hot counters: {@code total}, and
 * {@code byKind} over three groups) is loaded in units of 1,000, closed, and then:
 *
 * <ol>
 *   <li><b>reverse scan after reopen</b>: every key of the reopened store is read, last to first, through
 *       the backend, which pushes out of the block cache the blocks that opening the store had read (the
 *       schema check reads the block that holds the counters). The counters' values are now only in
 *       table files on disk, as in any store larger than its cache whose counters are added to but not
 *       read;
 *   <li><b>insert after reopen</b>: {@code INSERTS} single inserts (one transaction each: an existence
 *       check, the record, two counter adds), in ten slices;
 *   <li><b>hot counter read</b>: {@code READS} reads of {@code countByKind} and {@code countTotal} right
 *       after them, with whatever operands the inserts left unmerged;
 *   <li><b>insert after read</b>: {@code INSERTS} more single inserts, now that the reads have brought the
 *       counters' blocks into the cache;
 *   <li><b>online build of a new counter</b>: the store is reopened by a code version with one more counter
 *       ({@link io.kvmapper.benchmarks.counters.VisitWithNewCounter}), which builds it from every record in
 *       the background, in batches of 500 records; reported per tenth of the records, then in total.
 * </ol>
 *
 * <p>Then it checks every counter against the number of records, and deletes the store. Not JMH: each
 * phase is one long measurement whose growth over time is the point.
 *
 * <p>Why in reverse: a forward {@code findAll} left the counters in the cache at 5M records (a probe with
 * cache-only reads showed it), because the newest table file begins with the counters' keys followed by
 * the highest ids, so the scan read that block again at its very end; at 1M it did evict them.
 *
 * <p>Why visits, not the shop's users: an insert of a visit reads no table block (its existence check
 * falls beyond every table's last key), so what it costs is the counters'. A user's insert also checks its
 * unique email, and a Bloom filter false positive of that check reads a data block; at 1M users, where
 * the table files of recent users begin with the counters' keys followed by emails that sort after the
 * new ones, such a read loaded the counters' block into the cache after 85 to 250 inserts (counted with
 * RocksDB's perf context), which hid the cost by chance.
 *
 * <pre>
 * java -Xms512m -Xmx512m -XX:+AlwaysPreTouch -cp benchmarks.jar io.kvmapper.benchmarks.CounterScale \
 *     RECORDS [INSERTS [READS [MAX_SUCCESSIVE_MERGES]]]     # defaults 1000000 20000 2000, the store's default
 * </pre>
 *
 * <p>Prints one tab-separated line per slice: phase, records in the store, operations in the slice,
 * seconds, operations per second, microseconds per operation, CPU microseconds per operation of the
 * measuring thread (the inserts' and reads' own path; {@code -} for the build, which runs on the store's
 * build thread) and of the process (with the store's background work and the build thread), resident set
 * now and at its peak ({@code VmRSS}, {@code VmHWM}), heap in use and store size on disk in MiB, and
 * RocksDB's memory accounting.
 */
public final class CounterScale {
    private static final double MIB = 1 << 20;
    private static final int LOAD_UNIT = 1_000;
    private static final int SLICES = 10;
    private static final String LINE = "%s\t%d\t%d\t%.2f\t%.0f\t%.2f\t%s\t%.2f\t%.0f\t%.0f\t%.0f\t%.0f\t%s";
    /** Every key of the store: every tuple-encoded key begins with a byte below 0xFF. */
    private static final KeyRange EVERY_KEY = new KeyRange(new byte[0], new byte[] {(byte) 0xFF});
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean OS = ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);

    private final Path directory;
    private final RocksKvStore.Options options;
    private final PrintStream out;

    private CounterScale(Path directory, RocksKvStore.Options options, PrintStream out) {
        this.directory = directory;
        this.options = options;
        this.out = out;
    }

    /** Runs every phase; see the class comment for the arguments. */
    public static void main(String[] args) throws IOException {
        if (args.length > 4) {
            System.err.println("usage: CounterScale [RECORDS [INSERTS [READS [MAX_SUCCESSIVE_MERGES]]]]"
                    + " (defaults 1000000 20000 2000, and the store's default limit)");
            System.exit(2);
        }
        long records = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
        int inserts = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        int reads = args.length > 2 ? Integer.parseInt(args[2]) : 2_000;
        RocksKvStore.Options options = RocksKvStore.options();
        if (args.length > 3) {
            options.maxSuccessiveMerges(Integer.parseInt(args[3]));
        }
        Path directory = Files.createTempDirectory("kvmapper-counter-scale-");
        try {
            run(directory, options, records, inserts, reads, System.out);
        } finally {
            BulkLoad.deleteTree(directory);
        }
    }

    /**
     * Runs every phase on a new store in {@code directory}, printing a header and the reports to {@code out}.
     *
     * @throws IllegalStateException if a counter does not hold the number of records
     */
    static void run(Path directory, RocksKvStore.Options options, long records, int inserts, int reads,
            PrintStream out) {
        out.println("# " + options);
        out.println("phase\trecords\toperations\tseconds\tops/s\tus/op\tthread CPU us/op\tprocess CPU us/op"
                + "\tRSS MiB\tpeak RSS MiB\theap MiB\tstore MiB\tstore memory MiB");
        CounterScale scale = new CounterScale(directory, options, out);
        scale.load(records);
        scale.insertReadInsert(records, inserts, reads);
        scale.buildNewCounter(records + 2L * inserts);
    }

    private void load(long records) {
        try (KvStore store = options.open(directory)) {
            VisitRepository visits = new VisitRepository(store);
            Slice slice = new Slice(store, true);
            for (long id = 0; id < records; id += LOAD_UNIT) {
                long from = id;
                long to = Math.min(records, id + LOAD_UNIT);
                store.transact(tx -> {
                    VisitRepository inTx = visits.with(tx);
                    for (long visit = from; visit < to; visit++) {
                        inTx.insert(Visit.of(visit));
                    }
                });
            }
            slice.report("load in units of " + LOAD_UNIT, records, records);
        }
    }

    private void insertReadInsert(long records, int inserts, int reads) {
        try (KvStore store = options.open(directory)) {
            VisitRepository visits = new VisitRepository(store);
            Slice scan = new Slice(store, true);
            long scanned = 0;
            try (KvCursor all = store.unwrap(KvBackend.class).scan(EVERY_KEY, ScanOptions.REVERSE)) {
                while (all.hasNext()) {
                    all.next();
                    scanned++;
                }
            }
            scan.report("reverse scan after reopen", records, scanned);
            check(scanned > records, "keys", scanned, "more than " + records);
            long next = insertSingly(store, visits, "insert after reopen", records, inserts);
            Slice slice = new Slice(store, true);
            long sum = 0;
            for (int i = 0; i < reads; i++) {
                sum += i % 4 == 3 ? visits.countTotal() : visits.countByKind(Visit.of(i).kind());
            }
            slice.report("hot counter read", next, reads);
            next = insertSingly(store, visits, "insert after read", next, inserts);
            check(sum > 0 && visits.countTotal() == next, "total", visits.countTotal(), next);
        }
    }

    /** Inserts visits {@code first ..} one per transaction; returns the next id. */
    private long insertSingly(KvStore store, VisitRepository visits, String phase, long first, int inserts) {
        long next = first;
        for (int slice = 0; slice < SLICES; slice++) {
            Slice measured = new Slice(store, true);
            int count = inserts / SLICES + (slice < inserts % SLICES ? 1 : 0);
            for (int i = 0; i < count; i++) {
                visits.insert(Visit.of(next++));
            }
            measured.report(phase + " " + (slice + 1) + "/" + SLICES, next, count);
        }
        return next;
    }

    private void buildNewCounter(long records) {
        try (KvStore store = options.open(directory)) {
            long every = Math.max(1, records / SLICES);
            Slice total = new Slice(store, false);
            Slice[] interval = {new Slice(store, false)};
            long[] reported = {0};
            store.addProgressListener(progress -> {
                if (!progress.task().equals("building counter 'kinds'")) {
                    return;
                }
                if (progress.processed() - reported[0] >= every) {
                    interval[0].report("build of a new counter, interval", progress.processed(),
                            progress.processed() - reported[0]);
                    reported[0] = progress.processed();
                    interval[0] = new Slice(store, false);
                }
                if (progress.finished()) {
                    check(progress.outcome().equals("done"), "build outcome", progress.outcome(), "done");
                }
            });
            VisitWithNewCounterRepository visits = new VisitWithNewCounterRepository(store);
            check(store.awaitSchemaBuilds(Duration.ofHours(2)), "build finished", false, true);
            total.report("build of a new counter, total", records, records);
            long counted = 0;
            for (Visit.Kind kind : Visit.Kind.values()) {
                counted += visits.countKinds(kind);
            }
            check(counted == records, "kinds", counted, records);
        }
    }

    private static void check(boolean holds, String what, Object actual, Object expected) {
        if (!holds) {
            throw new IllegalStateException("counter " + what + " is " + actual + ", expected " + expected);
        }
    }

    /**
     * The start of one measured stretch: wall clock, and the CPU time of the process and (for work done by
     * the thread that measures) of this thread.
     */
    private final class Slice {
        private final KvStore store;
        private final boolean onThisThread;
        private final long start = System.nanoTime();
        private final long threadCpuAtStart = THREADS.getCurrentThreadCpuTime();
        private final long cpuAtStart = OS.getProcessCpuTime();

        Slice(KvStore store, boolean onThisThread) {
            this.store = store;
            this.onThisThread = onThisThread;
        }

        void report(String phase, long records, long operations) {
            long nanos = System.nanoTime() - start;
            String threadCpu = onThisThread
                    ? String.format(Locale.ROOT, "%.2f",
                            (THREADS.getCurrentThreadCpuTime() - threadCpuAtStart) / 1e3 / operations)
                    : "-";
            long cpu = OS.getProcessCpuTime() - cpuAtStart;
            RocksBackend backend = (RocksBackend) store.unwrap(KvBackend.class);
            out.println(String.format(Locale.ROOT, LINE,
                    phase, records, operations, nanos / 1e9, operations / (nanos / 1e9), nanos / 1e3 / operations,
                    threadCpu, cpu / 1e3 / operations, BulkLoad.status("VmRSS") / MIB,
                    BulkLoad.status("VmHWM") / MIB, BulkLoad.heapInUse() / MIB, BulkLoad.sizeOf(directory) / MIB,
                    RocksSettings.memoryReport(backend::property)));
            out.flush();
        }
    }
}
