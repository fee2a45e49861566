package io.kvmapper.it.expiry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.DuplicateKeyException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.it.TestStores;
import io.kvmapper.memory.MemoryKvStore;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Expiry against a model: random inserts, saves, expiry moves, device changes, deletes and clock steps, with the
 * reaper run now and then; after every step the reads must show the model's live sessions and the counters its
 * stored ones (counters include an expired session until it is reaped), and after the final reaping every finder
 * and counter must equal the model, with {@code verify()} clean.
 */
class ExpiryModelTest {
    private static final Instant START = Instant.parse("2030-01-01T00:00:00Z");
    private static final List<String> USERS = List.of("ann", "ben", "cyd");
    private static final List<String> DEVICES = List.of("laptop", "phone", "tablet");
    private static final Comparator<Session> KEY_ORDER = Comparator.comparing(Session::user)
            .thenComparingLong(Session::id);

    @TempDir
    Path dir;

    @Test
    void randomWritesExpiryMovesDeletesAndClockStepsMatchTheModel() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        TestClock clock = new TestClock(START);
        Map<String, Session> model = new TreeMap<>();
        try (KvStore store = TestStores.open(dir, MemoryKvStore.options().clock(clock)
                .expiryInterval(Duration.ofDays(1)))) {
            SessionRepository sessions = new SessionRepository(store);
            for (int step = 0; step < 400; step++) {
                String context = "step " + step + " (seed " + seed + ")";
                String user = USERS.get(random.nextInt(USERS.size()));
                long id = random.nextInt(12);
                String key = user + "/" + id;
                Instant now = clock.instant();
                Predicate<Session> live = s -> s.expiresAt() == null || s.expiresAt().isAfter(now);
                boolean isLive = model.containsKey(key) && live.test(model.get(key));
                Session fresh = new Session(user, id, "t-" + key, DEVICES.get(random.nextInt(DEVICES.size())),
                        expiry(random, now));
                switch (random.nextInt(8)) {
                    case 0, 1 -> {
                        sessions.save(fresh);
                        model.put(key, fresh);
                    }
                    case 2 -> {
                        if (isLive) {
                            assertThrows(DuplicateKeyException.class, () -> sessions.insert(fresh), context);
                        } else {
                            sessions.insert(fresh);
                            model.put(key, fresh);
                        }
                    }
                    case 3 -> {
                        assertEquals(isLive, sessions.updateExpiresAt(user, id, fresh.expiresAt()), context);
                        if (isLive) {
                            model.put(key, model.get(key).withExpiresAt(fresh.expiresAt()));
                        }
                    }
                    case 4 -> {
                        assertEquals(isLive, sessions.updateDevice(user, id, fresh.device()), context);
                        if (isLive) {
                            model.put(key, model.get(key).withDevice(fresh.device()));
                        }
                    }
                    case 5 -> {
                        assertEquals(isLive, sessions.deleteById(user, id), context);
                        if (isLive) {
                            model.remove(key);
                        }
                    }
                    case 6 -> clock.advance(Duration.ofMillis(random.nextInt(8_000)));
                    default -> {
                        if (random.nextInt(4) == 0) {
                            assertEquals(reapModel(model, clock.instant()), store.reapExpired(), context);
                        }
                    }
                }
                assertMatches(sessions, model, clock.instant(), context);
            }
            clock.advance(Duration.ofSeconds(5));
            String context = "after the final reaping (seed " + seed + ")";
            assertEquals(reapModel(model, clock.instant()), store.reapExpired(), context);
            assertMatches(sessions, model, clock.instant(), context);
            assertEquals(model.size(), sessions.countTotal(), context + ": nothing expired is counted any more");
            IntegrityReport report = sessions.verify();
            assertTrue(report.isClean(), context + ": " + report);
        }
    }

    /** Never (one in four), or within the next 20 s (the past and the present included). */
    private static Instant expiry(Random random, Instant now) {
        return random.nextInt(4) == 0 ? null : now.plusMillis(random.nextInt(20_000) - 2_000);
    }

    /** Removes the model's sessions expired at {@code now}: how many. */
    private static long reapModel(Map<String, Session> model, Instant now) {
        int before = model.size();
        model.values().removeIf(s -> s.expiresAt() != null && !s.expiresAt().isAfter(now));
        return before - model.size();
    }

    private static void assertMatches(SessionRepository sessions, Map<String, Session> model, Instant now,
            String context) {
        List<Session> live = model.values().stream()
                .filter(s -> s.expiresAt() == null || s.expiresAt().isAfter(now)).sorted(KEY_ORDER).toList();
        for (String user : USERS) {
            assertEquals(live.stream().filter(s -> s.user().equals(user)).toList(), sessions.findByUser(user),
                    context + ": findByUser " + user);
        }
        for (String device : DEVICES) {
            assertEquals(live.stream().filter(s -> s.device().equals(device)).toList(),
                    sorted(sessions.findByDevice(device)), context + ": findByDevice " + device);
        }
        try (Stream<Session> all = sessions.findAll()) {
            assertEquals(live, sorted(all.toList()), context + ": findAll");
        }
        for (Session session : model.values()) {
            boolean isLive = live.contains(session);
            assertEquals(isLive, sessions.existsById(session.user(), session.id()), context + ": exists " + session);
            assertEquals(isLive, sessions.findByToken(session.token()).isPresent(), context + ": token " + session);
        }
        assertEquals(model.size(), sessions.countTotal(), context + ": countTotal counts what is not reaped yet");
        Map<String, Long> byDevice = model.values().stream()
                .collect(Collectors.groupingBy(Session::device, TreeMap::new, Collectors.counting()));
        assertEquals(byDevice, new TreeMap<>(sessions.countByDevice()), context + ": countByDevice");
    }

    private static List<Session> sorted(List<Session> sessions) {
        List<Session> sorted = new ArrayList<>(sessions);
        sorted.sort(KEY_ORDER);
        return sorted;
    }
}
