package io.kvmapper.it.expiry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.Change;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.it.TestStores;
import io.kvmapper.memory.MemoryKvStore;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @ChangeFeed} end to end, on the backend {@link TestStores} chooses: one change per committed change, with
 * the entity as committed, none for a unit of work that does not commit; pages that always carry a continuation,
 * also across a restart; listeners that hear the same sequence; and a consumer that rebuilds the records from the
 * feed alone.
 */
class ChangeFeedTest {
    private static final Instant START = Instant.parse("2030-01-01T00:00:00Z");

    @TempDir
    Path dir;
    final TestClock clock = new TestClock(START);
    KvStore store;
    SessionRepository sessions;
    VisitRepository visits;

    @BeforeEach
    void open() {
        store = reopen();
    }

    @AfterEach
    void close() {
        store.close();
    }

    private KvStore reopen() {
        KvStore opened = TestStores.open(dir, MemoryKvStore.options().clock(clock).expiryInterval(Duration.ofDays(1)));
        sessions = new SessionRepository(opened);
        visits = new VisitRepository(opened);
        return opened;
    }

    @Test
    void everyCommittedChangeIsInTheFeedWithTheEntityAsCommitted() {
        Session ada = sessions.insert(new Session("ada", 1, "t1", "phone", START.plusSeconds(30)));
        clock.advance(Duration.ofSeconds(1));
        Session moved = sessions.save(ada.withDevice("laptop"));
        assertTrue(sessions.updateDevice("ada", 1, "tablet"));
        assertFalse(sessions.updateDevice("ada", 2, "tablet"), "absent: no change");
        assertTrue(sessions.deleteById("ada", 1));
        assertFalse(sessions.deleteById("ada", 1), "absent: no change");
        Session bob = sessions.insert(new Session("bob", 7, "t7", "phone", START.plusSeconds(10)));
        clock.advance(Duration.ofSeconds(10));
        assertEquals(1, store.reapExpired());

        List<Change<Session>> changes = all(sessions::changes);
        assertEquals(List.of("PUT [ada, 1] " + ada, "PUT [ada, 1] " + moved,
                "PUT [ada, 1] " + moved.withDevice("tablet"), "DELETE [ada, 1]", "PUT [bob, 7] " + bob,
                "DELETE [bob, 7]"), describe(changes));
        assertEquals(START, changes.get(0).committedAt());
        assertEquals(START.plusSeconds(11), changes.get(5).committedAt(), "the expiry is committed by the reaper");
        List<String> positions = changes.stream().map(Change::position).toList();
        List<String> sorted = new ArrayList<>(positions);
        Collections.sort(sorted);
        assertEquals(sorted, positions, "positions compare as strings in the feed's order");

        visits.insert(new Visit(1, "ada", List.of("/"), null));
        visits.appendPages(1, "/cart");
        assertEquals(List.of("PUT [1] " + new Visit(1, "ada", List.of("/"), null),
                "PUT [1] " + new Visit(1, "ada", List.of("/", "/cart"), null)), describe(all(visits::changes)),
                "an element-wise change carries the whole entity");
    }

    @Test
    void aSaveOrUpdateThatChangesNothingIsNoChange() {
        Session ada = sessions.insert(new Session("ada", 1, "t1", "phone", null));
        sessions.save(ada);
        assertTrue(sessions.updateDevice("ada", 1, "phone"));
        assertTrue(sessions.updateDevice("ada", 1, "tablet"));
        assertEquals(List.of("PUT [ada, 1] phone", "PUT [ada, 1] tablet"), all(sessions::changes).stream()
                .map(c -> c.kind() + " " + c.key() + " " + c.entity().orElseThrow().device()).toList(),
                "the record was not written, so the feed has nothing to say");
    }

    @Test
    void aUnitOfWorkThatRollsBackOrFailsLeavesNothingInTheFeed() {
        sessions.insert(new Session("ada", 1, "t1", "phone", null));
        assertThrows(IllegalStateException.class, () -> store.transact(tx -> {
            sessions.with(tx).insert(new Session("ada", 2, "t2", "phone", null));
            throw new IllegalStateException("rolled back");
        }));
        assertThrows(UniqueConstraintException.class,
                () -> sessions.insert(new Session("bob", 1, "t1", "phone", null)));
        store.transact(tx -> {
            sessions.with(tx).insert(new Session("cyd", 1, "t3", "phone", null));
            sessions.with(tx).deleteById("ada", 1);
        });
        assertEquals(List.of("PUT [ada, 1]", "PUT [cyd, 1]", "DELETE [ada, 1]"),
                all(sessions::changes).stream().map(c -> c.kind() + " " + c.key()).toList(),
                "in write order within a unit of work");
    }

    @Test
    void aConsumerResumesFromAStoredContinuationAfterARestartAndListenersHearTheSameSequence() throws Exception {
        List<Change<Session>> heard = Collections.synchronizedList(new ArrayList<>());
        AutoCloseable listener = sessions.onChange(heard::add);
        for (long id = 1; id <= 5; id++) {
            sessions.insert(new Session("ada", id, "t" + id, "phone", null));
        }
        Page<Change<Session>> first = sessions.changes(PageRequest.ofSize(3));
        String stored = first.continuation().orElseThrow();
        assertThrows(InvalidRequestException.class, () -> visits.changes(PageRequest.resume(stored, 3)),
                "a continuation resumes only the feed that gave it");
        for (int wait = 0; wait < 500 && heard.size() < 5; wait++) {
            Thread.sleep(10);
        }
        listener.close();
        assertEquals(describe(all(sessions::changes)), describe(heard), "listeners hear the feed's sequence");

        store.close();
        store = reopen();
        sessions.deleteById("ada", 1);
        List<Change<Session>> rest = new ArrayList<>();
        PageRequest request = PageRequest.resume(stored, 3);
        while (true) {
            Page<Change<Session>> page = sessions.changes(request);
            rest.addAll(page.items());
            request = PageRequest.resume(page.continuation().orElseThrow(), 3);
            if (page.items().isEmpty()) {
                break;
            }
        }
        assertEquals(List.of("PUT [ada, 4]", "PUT [ada, 5]", "DELETE [ada, 1]"),
                rest.stream().map(c -> c.kind() + " " + c.key()).toList(), "nothing skipped, nothing twice");
    }

    @Test
    void theReaperPrunesChangesOlderThanTheRetentionAndAStoredContinuationStillResumes() {
        sessions.insert(new Session("ada", 1, "t1", "phone", null));
        clock.advance(Duration.ofHours(12));
        sessions.insert(new Session("ada", 2, "t2", "phone", null));
        String afterFirst = sessions.changes(PageRequest.ofSize(1)).continuation().orElseThrow();
        clock.advance(Duration.ofHours(13));
        store.reapExpired();
        assertEquals(List.of("PUT [ada, 2]"), all(sessions::changes).stream().map(c -> c.kind() + " " + c.key())
                .toList(), "the first change is 25 hours old, beyond the retention of a day; the second is 13");
        assertEquals(List.of("PUT [ada, 2]"), sessions.changes(PageRequest.resume(afterFirst, 10)).items().stream()
                .map(c -> c.kind() + " " + c.key()).toList(), "a continuation past a pruned change resumes");
        clock.advance(Duration.ofHours(12));
        store.reapExpired();
        assertEquals(List.of(), all(sessions::changes));
        assertEquals(2, sessions.count(), "pruning the feed leaves the records");
        assertTrue(sessions.verify().isClean());
    }

    @Test
    void aConsumerRebuildsAnExactCopyOfTheRecordsFromTheFeedAlone() {
        Random random = new Random(19);
        for (int step = 0; step < 300; step++) {
            long id = random.nextInt(20);
            String user = "u" + random.nextInt(3);
            Instant expiry = random.nextInt(5) == 0 ? clock.instant().plusSeconds(random.nextInt(30)) : null;
            switch (random.nextInt(5)) {
                case 0 -> sessions.save(new Session(user, id, "t" + user + id, "d" + random.nextInt(3), expiry));
                case 1 -> sessions.deleteById(user, id);
                case 2 -> sessions.updateDevice(user, id, "d" + random.nextInt(3));
                case 3 -> {
                    visits.save(new Visit(id, user, List.of("/" + step), expiry));
                    visits.appendPages(id, "/next");
                }
                default -> {
                    visits.deleteById(id);
                    clock.advance(Duration.ofSeconds(random.nextInt(5)));
                    store.reapExpired();
                }
            }
        }
        clock.advance(Duration.ofMinutes(1));
        store.reapExpired();
        Map<List<Object>, Session> sessionCopy = replay(all(sessions::changes));
        Map<List<Object>, Visit> visitCopy = replay(all(visits::changes));
        try (Stream<Session> all = sessions.findAll(); Stream<Visit> allVisits = visits.findAll()) {
            Map<List<Object>, Session> records = new LinkedHashMap<>();
            all.forEach(s -> records.put(List.of(s.user(), s.id()), s));
            Map<List<Object>, Visit> visitRecords = new LinkedHashMap<>();
            allVisits.forEach(v -> visitRecords.put(List.of(v.id()), v));
            assertEquals(records, sessionCopy);
            assertEquals(visitRecords, visitCopy);
            assertFalse(records.isEmpty());
        }
    }

    /** What a consumer that applies the changes in feed order holds afterwards. */
    private static <E> Map<List<Object>, E> replay(List<Change<E>> changes) {
        Map<List<Object>, E> copy = new LinkedHashMap<>();
        for (Change<E> change : changes) {
            if (change.kind() == Change.Kind.PUT) {
                copy.put(change.key(), change.entity().orElseThrow());
            } else {
                copy.remove(change.key());
            }
        }
        return copy;
    }

    /** Every change of a feed, paged through from the start. */
    static <E> List<Change<E>> all(Function<PageRequest, Page<Change<E>>> feed) {
        List<Change<E>> changes = new ArrayList<>();
        PageRequest request = PageRequest.ofSize(50);
        while (true) {
            Page<Change<E>> page = feed.apply(request);
            if (page.items().isEmpty()) {
                return changes;
            }
            changes.addAll(page.items());
            request = PageRequest.resume(page.continuation().orElseThrow(), 50);
        }
    }

    private static <E> List<String> describe(List<Change<E>> changes) {
        return changes.stream().map(c -> c.kind() + " " + c.key() + c.entity().map(e -> " " + e).orElse("")).toList();
    }
}
