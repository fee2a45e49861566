package io.kvmapper.it.expiry;

import io.kvmapper.Change;
import io.kvmapper.KvStore;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The reaper crash test's child process: {@code ReaperCrashMain <store dir> <now>} opens the store with its clock
 * fixed at {@code now}, has its background reaper run all the time, and reaps in a loop until it is killed. It
 * prints {@code started} once it hears the first delete of the change feed: the first reaping unit of work (of
 * whichever reaper) has committed.
 */
public final class ReaperCrashMain {
    private ReaperCrashMain() {
    }

    public static void main(String[] args) throws Exception {
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            e.printStackTrace();
            Runtime.getRuntime().halt(3);
        });
        Clock clock = Clock.fixed(Instant.parse(args[1]), ZoneOffset.UTC);
        KvStore store = RocksKvStore.options().clock(clock).expiryInterval(Duration.ofMillis(5)).open(Path.of(args[0]));
        SessionRepository sessions = new SessionRepository(store);
        AtomicBoolean started = new AtomicBoolean();
        sessions.onChange(change -> {
            if (change.kind() == Change.Kind.DELETE && started.compareAndSet(false, true)) {
                System.out.println("started");
                System.out.flush();
            }
        });
        while (true) {
            store.reapExpired();
            Thread.sleep(1);
        }
    }
}
