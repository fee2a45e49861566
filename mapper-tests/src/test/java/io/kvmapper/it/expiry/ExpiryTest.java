package io.kvmapper.it.expiry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.DuplicateKeyException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.it.TestStores;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @Expires} end to end, on the backend {@link TestStores} chooses, with a clock the test moves: every read
 * path of a generated repository hides an expired entity, before the reaper has deleted it and after; counters
 * count it until then; the reaper deletes it with its index entries, unique claims and counter contributions;
 * {@code verify()} is clean throughout.
 */
class ExpiryTest {
    static final Instant START = Instant.parse("2030-01-01T00:00:00Z");

    @TempDir
    Path dir;
    final TestClock clock = new TestClock(START);
    KvStore store;
    SessionRepository sessions;
    VisitRepository visits;

    @BeforeEach
    void open() {
        store = TestStores.open(dir, MemoryKvStore.options().clock(clock).expiryInterval(Duration.ofDays(1)));
        sessions = new SessionRepository(store);
        visits = new VisitRepository(store);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void everyReadPathHidesAnExpiredEntityBeforeAndAfterItIsReaped() {
        Session soon = new Session("ada", 1, "t1", "phone", START.plusSeconds(10));
        Session later = new Session("ada", 2, "t2", "phone", START.plusSeconds(60));
        Session never = new Session("ada", 3, "t3", "laptop", null);
        List.of(soon, later, never).forEach(sessions::insert);
        assertReads(List.of(soon, later, never), List.of(soon, later, never));

        clock.advance(Duration.ofSeconds(10));
        assertReads(List.of(later, never), List.of(soon, later, never));
        assertEquals(3, sessions.countTotal(), "counted until reaped");
        assertEquals(Map.of("laptop", 1L, "phone", 2L), sessions.countByDevice());
        assertClean();

        assertEquals(1, store.reapExpired());
        assertReads(List.of(later, never), List.of(later, never));
        assertEquals(2, sessions.countTotal());
        assertEquals(Map.of("laptop", 1L, "phone", 1L), sessions.countByDevice());
        assertClean();
        sessions.insert(new Session("bob", 1, "t1", "tablet", null));
        assertEquals(Optional.of("bob"), sessions.findByToken("t1").map(Session::user),
                "the reaped session's unique token is free again");
    }

    @Test
    void theSameInTheAttributePerKeyLayoutWithElementWiseChanges() {
        visits.insert(new Visit(1, "ada", List.of("/"), START.plusSeconds(10)));
        visits.insert(new Visit(2, "ada", List.of("/"), null));
        assertTrue(visits.appendPages(1, "/cart"));
        clock.advance(Duration.ofSeconds(10));
        assertFalse(visits.appendPages(1, "/pay"), "an expired visit is absent to element-wise changes");
        assertFalse(visits.updateUser(1, "bob"), "and to partial updates");
        assertEquals(Optional.empty(), visits.findById(1));
        assertFalse(visits.existsById(1));
        assertEquals(List.of(2L), visits.findByUser("ada").stream().map(Visit::id).toList());
        assertEquals(List.of(2L), visits.findAllById(List.of(1L, 2L)).stream().map(Visit::id).toList());
        try (Stream<Visit> all = visits.findAll()) {
            assertEquals(List.of(2L), all.map(Visit::id).toList());
        }
        assertEquals(2, visits.countByUser("ada"));
        assertTrue(visits.verify().isClean());
        assertEquals(1, store.reapExpired());
        assertEquals(1, visits.countByUser("ada"));
        assertTrue(visits.verify().isClean(), visits.verify().toString());
        assertTrue(visits.appendPages(2, "/cart"));
        assertEquals(List.of("/", "/cart"), visits.findById(2).orElseThrow().pages());
    }

    @Test
    void pagesSkipExpiredEntitiesAndTheirContinuationsStillWork() {
        for (long id = 1; id <= 12; id++) {
            sessions.insert(new Session("ada", id, "t" + id, "phone", id % 3 == 0 ? null : START.plusSeconds(id)));
        }
        clock.advance(Duration.ofSeconds(8));
        List<Long> live = List.of(3L, 6L, 9L, 10L, 11L, 12L);
        assertEquals(live, pages(request -> sessions.findByUser("ada", request)));
        assertEquals(live, pages(request -> sessions.findAll(request)));
        assertEquals(live, pages(request -> sessions.findByDevice("phone", request)));
        assertEquals(live, pages(request -> sessions.findByUserAndIdBetween("ada", 0, 100, request)));
        store.reapExpired();
        assertEquals(live, pages(request -> sessions.findByDevice("phone", request)));
    }

    @Test
    void insertOverAnExpiredEntitySucceedsAndSavesMoveTheExpiry() {
        Session first = sessions.insert(new Session("ada", 1, "t1", "phone", START.plusSeconds(10)));
        assertThrows(DuplicateKeyException.class, () -> sessions.insert(first));
        Session moved = sessions.save(first.withExpiresAt(START.plusSeconds(30)));
        clock.advance(Duration.ofSeconds(20));
        assertEquals(0, store.reapExpired(), "the save moved its expiry entry");
        assertEquals(Optional.of(moved), sessions.findById("ada", 1));
        clock.advance(Duration.ofSeconds(10));
        assertEquals(Optional.empty(), sessions.findById("ada", 1));
        Session second = sessions.insert(new Session("ada", 1, "t1", "laptop", null));
        assertEquals(Optional.of(second), sessions.findByToken("t1"));
        assertEquals(Map.of("laptop", 1L), sessions.countByDevice(), "the expired one was reaped by the insert");
        assertEquals(1, sessions.countTotal());
        assertEquals(0, store.reapExpired());
        assertTrue(sessions.updateExpiresAt("ada", 1, START), "a partial update can expire it");
        assertEquals(Optional.empty(), sessions.findById("ada", 1));
        assertFalse(sessions.deleteById("ada", 1), "deleting an expired entity deletes nothing: it is absent");
        assertEquals(1, store.reapExpired());
        assertClean();
    }

    @Test
    void theBackgroundReaperDeletesExpiredEntitiesEveryInterval() throws InterruptedException {
        Path other = dir.resolve("background");
        try (KvStore quick = TestStores.open(other, MemoryKvStore.options().clock(clock)
                .expiryInterval(Duration.ofMillis(50)))) {
            SessionRepository quickSessions = new SessionRepository(quick);
            quickSessions.insert(new Session("ada", 1, "t1", "phone", START.plusSeconds(1)));
            clock.advance(Duration.ofSeconds(1));
            for (int wait = 0; wait < 600 && quickSessions.countTotal() > 0; wait++) {
                Thread.sleep(50);
            }
            assertEquals(0, quickSessions.countTotal());
            assertTrue(quickSessions.verify().isClean());
        }
    }

    @Test
    void queryInterfaceMethodsHideAnExpiredEntityAndDeleteByLeavesItToTheReaper() {
        SessionQueries queries = new SessionQueries_Impl(store);
        Session soon = new Session("ada", 1, "t1", "phone", START.plusSeconds(10));
        Session never = new Session("ada", 2, "t2", "phone", null);
        List.of(soon, never).forEach(sessions::insert);
        assertEquals(Set.of(soon, never), Set.copyOf(queries.findByDevice("phone")));
        assertTrue(queries.existsByToken("t1"));

        clock.advance(Duration.ofSeconds(10));
        assertEquals(List.of(never), queries.findByDevice("phone"));
        assertEquals(List.of(never), queries.findByUser("ada", PageRequest.ofSize(10)).items());
        assertEquals(Optional.empty(), queries.findByToken("t1"));
        assertFalse(queries.existsByToken("t1"));
        assertFalse(queries.existsById(new SessionRepository.Key("ada", 1)));
        assertEquals(1, queries.deleteByDevice("phone"), "the expired session is absent: only the live one goes");
        assertEquals(1, sessions.countTotal(), "the expired session is counted until it is reaped");
        assertEquals(1, store.reapExpired());
        assertEquals(0, sessions.countTotal());
        assertClean();
    }

    @Test
    void verifyFindsALostAndAStrayExpiryEntryAndRepairMendsBoth() {
        Session soon = new Session("ada", 1, "t1", "phone", START.plusSeconds(10));
        Session later = new Session("ada", 2, "t2", "phone", START.plusSeconds(60));
        List.of(soon, later).forEach(sessions::insert);
        KvBackend backend = store.unwrap(KvBackend.class);
        byte[] prefix = new KeyLayout("Session", 1).expiryPrefix("expiresAt");
        List<byte[]> entries = new ArrayList<>();
        try (KvCursor cursor = backend.scan(KeyRange.startingWith(prefix), ScanOptions.FORWARD)) {
            cursor.forEachRemaining(item -> entries.add(item.key()));
        }
        assertEquals(2, entries.size(), "one expiry entry per expiring session");
        byte[] stray = Tuples.encode(START.plusSeconds(5).getEpochSecond() * 1_000_000_000L, "zed", 9L);
        try (KvTransaction kv = backend.beginTransaction()) {
            kv.delete(entries.get(0));
            byte[] strayKey = new byte[prefix.length + stray.length];
            System.arraycopy(prefix, 0, strayKey, 0, prefix.length);
            System.arraycopy(stray, 0, strayKey, prefix.length, stray.length);
            kv.put(strayKey, new byte[0]);
            kv.commit();
        }
        IntegrityReport found = sessions.verify();
        assertEquals(2, found.problemCount(), found.toString());
        IntegrityReport repaired = sessions.repair();
        assertEquals(2, repaired.repaired(), repaired.toString());
        assertClean();

        clock.advance(Duration.ofSeconds(10));
        assertEquals(1, store.reapExpired(), "the repaired entry lets the reaper find the expired session");
        assertFalse(sessions.existsById("ada", 1));
        assertEquals(1, sessions.countTotal());
        assertClean();
    }

    /** What every read of the entity gives, by id, and what the counters count. */
    private void assertReads(List<Session> live, List<Session> counted) {
        List<Long> ids = live.stream().map(Session::id).toList();
        for (long id = 1; id <= 3; id++) {
            boolean expected = ids.contains(id);
            assertEquals(expected, sessions.findById("ada", id).isPresent(), "findById " + id);
            assertEquals(expected, sessions.findById(new SessionRepository.Key("ada", id)).isPresent());
            assertEquals(expected, sessions.existsById("ada", id), "existsById " + id);
            assertEquals(expected, sessions.findByToken("t" + id).isPresent(), "findByToken " + id);
        }
        assertEquals(live, sessions.findAllById(List.of(new SessionRepository.Key("ada", 1),
                new SessionRepository.Key("ada", 2), new SessionRepository.Key("ada", 3))));
        assertEquals(live, sessions.findByUser("ada"));
        assertEquals(live, sessions.findByUserAndIdBetween("ada", 0, 10));
        assertEquals(live, sessions.findByUserBetween("a", "b"));
        try (Stream<Session> all = sessions.findAll()) {
            assertEquals(live, all.toList());
        }
        assertEquals(live, sessions.findAll(PageRequest.ofSize(10)).items());
        List<Session> byDevice = new ArrayList<>(sessions.findByDevice("laptop"));
        byDevice.addAll(sessions.findByDevice("phone"));
        assertEquals(live.stream().sorted((a, b) -> a.device().compareTo(b.device())).toList(), byDevice);
        assertEquals(live.stream().filter(s -> s.device().equals("phone")).toList(),
                sessions.findByDevice("phone", PageRequest.ofSize(10)).items());
        assertEquals(counted.size(), sessions.count(), "count() reads the total counter: it counts until reaped");
    }

    private static List<Long> pages(Function<PageRequest, Page<Session>> finder) {
        List<Long> ids = new ArrayList<>();
        PageRequest request = PageRequest.ofSize(2);
        while (true) {
            Page<Session> page = finder.apply(request);
            page.items().forEach(s -> ids.add(s.id()));
            if (page.continuation().isEmpty()) {
                return ids;
            }
            request = PageRequest.resume(page.continuation().get(), 2);
        }
    }

    private void assertClean() {
        IntegrityReport report = sessions.verify();
        assertTrue(report.isClean(), report.toString());
    }
}
