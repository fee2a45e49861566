package io.kvmapper.rocksdb;

import io.kvmapper.KvMapperException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * What {@link RocksDiskFullTest} runs in a second JVM whose file system fills up.
 *
 * <p>{@code <dir> <threads> <valueBytes> fill-then-crash|fill-then-close <memtableMiB>}: on a store with
 * memtables of that size, each thread commits one put of
 * {@code valueBytes} per transaction under its own keys until three of its commits have failed (or it has
 * tried {@value #MAX_COMMITS_PER_THREAD}), printing {@code OK <key>} or {@code FAILED <key> <exception>}
 * for each once it returned, then {@code FILLED}; then the process halts without closing the store (a
 * crash) or closes it. {@code <dir> - - check}: opens the store and prints {@code PRESENT <key> <intact>}
 * for every key it holds, then {@code CHECKED}, or {@code NOT-OPENED <exception>}.
 */
final class DiskFullMain {
    static final int MAX_COMMITS_PER_THREAD = 50;
    private static final int FAILURES_PER_THREAD = 3;
    private static final byte[] PREFIX = bytes("t");

    private DiskFullMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        switch (args[3]) {
            case "fill-then-crash" -> {
                fill(dir, Integer.parseInt(args[1]), Integer.parseInt(args[2]), Long.parseLong(args[4]), false);
                Runtime.getRuntime().halt(0);
            }
            case "fill-then-close" ->
                    fill(dir, Integer.parseInt(args[1]), Integer.parseInt(args[2]), Long.parseLong(args[4]), true);
            case "check" -> check(dir);
            default -> throw new IllegalArgumentException("unknown mode " + args[3]);
        }
    }

    private static void fill(Path dir, int threads, int valueBytes, long memtableMiB, boolean close)
            throws InterruptedException {
        RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options().writeBufferSize(memtableMiB << 20));
        List<Thread> writers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            writers.add(new Thread(() -> commitUntilFailing(backend, thread, valueBytes), "writer-" + t));
        }
        writers.forEach(Thread::start);
        for (Thread writer : writers) {
            writer.join(TimeUnit.SECONDS.toMillis(60));
        }
        print("FILLED");
        if (close) {
            try {
                backend.close();
                print("CLOSED");
            } catch (KvMapperException e) {
                print("CLOSE-FAILED " + oneLine(e));
            }
        }
    }

    private static void commitUntilFailing(RocksBackend backend, int thread, int valueBytes) {
        int failures = 0;
        for (int n = 0; n < MAX_COMMITS_PER_THREAD && failures < FAILURES_PER_THREAD; n++) {
            String key = "t" + thread + "-" + n;
            try (KvTransaction tx = backend.beginTransaction()) {
                tx.put(bytes(key), value(key, valueBytes));
                tx.commit();
                print("OK " + key);
            } catch (KvMapperException e) {
                failures++;
                print("FAILED " + key + " " + oneLine(e));
            }
        }
    }

    private static void check(Path dir) {
        try (RocksBackend backend = RocksKvStore.openBackend(dir, RocksKvStore.options().createIfMissing(false));
                KvCursor cursor = backend.scan(KeyRange.startingWith(PREFIX), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                String key = new String(item.key(), StandardCharsets.UTF_8);
                print("PRESENT " + key + " " + Arrays.equals(value(key, item.value().length), item.value()));
            }
            print("CHECKED");
        } catch (KvMapperException e) {
            print("NOT-OPENED " + oneLine(e));
        }
    }

    /**
     * The value stored under {@code key}: pseudo-random bytes seeded by the key, so that each differs and
     * none compresses (a table file takes as much space as the log did).
     */
    static byte[] value(String key, int size) {
        byte[] value = new byte[size];
        new SplittableRandom(key.hashCode()).nextBytes(value);
        return value;
    }

    private static String oneLine(Exception e) {
        return (e.getClass().getSimpleName() + ": " + e.getMessage()).replace('\n', ' ');
    }

    private static synchronized void print(String line) {
        System.out.println(line);
        System.out.flush();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
