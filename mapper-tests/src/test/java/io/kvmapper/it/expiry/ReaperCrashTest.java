package io.kvmapper.it.expiry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.rocksdb.ChildJvm;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process reaping expired sessions ({@link ReaperCrashMain}, its explicit and its background reaper at once) is
 * killed with SIGKILL at a random moment, again and again, with more sessions expiring between the kills. After
 * each kill the store is opened again: {@code verify()} must be clean (every reaped session left with its index
 * entries, unique claims, counter contributions and expiry entry, none half reaped), no session that has not
 * expired may be missing, and the change feed must hold a delete for each session gone. RocksDB only: memory dies
 * with its process, and Cassandra is not a process of the test's.
 */
@Timeout(300)
class ReaperCrashTest {
    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

    @TempDir
    Path scratch;

    @Test
    void killsDuringReapingLeaveAVerifiedStoreAndDeleteNothingUnexpired() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Path dir = scratch.resolve("store");
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        Map<String, Session> unexpired = new TreeMap<>();
        long inserted = 0;
        for (int round = 1; round <= 6; round++) {
            String context = "kill " + round + " (seed " + seed + ")";
            try (KvStore store = RocksKvStore.options().clock(clock).expiryInterval(Duration.ofDays(1)).open(dir)) {
                SessionRepository sessions = new SessionRepository(store);
                List<Session> batch = new ArrayList<>();
                for (int i = 0; i < 3_000; i++, inserted++) {
                    boolean expired = random.nextInt(3) > 0;
                    String user = "u" + inserted % 50;
                    Session session = new Session(user, inserted, "t" + inserted, "d" + random.nextInt(4),
                            expired ? NOW.minusSeconds(1 + random.nextInt(100))
                                    : NOW.plusSeconds(60 + random.nextInt(99)));
                    batch.add(session);
                    if (!expired) {
                        unexpired.put(user + "/" + inserted, session);
                    }
                }
                for (int from = 0; from < batch.size(); from += 200) {
                    List<Session> part = batch.subList(from, from + 200);
                    store.transact(tx -> part.forEach(sessions.with(tx)::insert));
                }
            }
            try (ChildJvm child = ChildJvm.start(ReaperCrashMain.class, scratch, dir.toString(), NOW.toString())) {
                child.awaitLine("started", 60);
                Thread.sleep(random.nextInt(300));
                child.kill();
            }
            try (KvStore store = RocksKvStore.options().clock(clock).expiryInterval(Duration.ofDays(1)).open(dir)) {
                assertConsistent(new SessionRepository(store), unexpired, inserted, context);
            }
        }
        try (KvStore store = RocksKvStore.options().clock(clock).expiryInterval(Duration.ofDays(1)).open(dir)) {
            SessionRepository sessions = new SessionRepository(store);
            store.reapExpired();
            assertConsistent(sessions, unexpired, inserted, "after the last reaping");
            assertEquals(unexpired.size(), sessions.countTotal(), "every expired session is reaped");
        }
    }

    private static void assertConsistent(SessionRepository sessions, Map<String, Session> unexpired, long inserted,
            String context) {
        IntegrityReport report = sessions.verify();
        assertTrue(report.isClean(), context + ": " + report);
        List<Session> live;
        try (Stream<Session> all = sessions.findAll()) {
            live = all.toList();
        }
        assertEquals(unexpired, live.stream().collect(Collectors.toMap(s -> s.user() + "/" + s.id(), s -> s,
                (a, b) -> a, TreeMap::new)), context + ": every unexpired session, and only those, is read");
        long stored = report.recordsChecked();
        assertEquals(stored, sessions.countTotal(), context + ": the counter counts the records, reaped or not");
        long deletes = ChangeFeedTest.all(sessions::changes).stream()
                .filter(change -> change.kind() == io.kvmapper.Change.Kind.DELETE).count();
        assertEquals(inserted - stored, deletes, context + ": one delete in the feed per reaped session");
    }
}
