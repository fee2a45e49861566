package io.kvmapper.internal.operations;

import static io.kvmapper.internal.fixtures.TicketMapping.key;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.DuplicateKeyException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.ProgressListener;
import io.kvmapper.internal.fixtures.TestClock;
import io.kvmapper.internal.fixtures.Ticket;
import io.kvmapper.internal.fixtures.TicketMapping;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Expiry on the in-memory store with a clock the test moves: an expired entity is absent to every read from the
 * instant it expires, counters include it until the reaper deletes it with everything that refers to it, and
 * writes move its expiry entry or reap it.
 */
class ExpiryOperationsTest {
    private static final Instant START = Instant.parse("2030-01-01T00:00:00Z");

    private final TestClock clock = new TestClock(START);
    private final KvStore store = MemoryKvStore.options().clock(clock).expiryInterval(Duration.ofDays(1)).open();
    private final EntityOperations<Ticket> tickets = new EntityOperations<>(store, TicketMapping.expiring());

    @AfterEach
    void closeStore() {
        store.close();
    }

    @Test
    void anExpiredEntityIsAbsentToEveryReadFromTheInstantItExpiresUntilReapedAndAfter() {
        Ticket old = new Ticket(1, "ada", 5, START.plusSeconds(10));
        Ticket young = new Ticket(2, "ada", 7, START.plusSeconds(60));
        Ticket forever = new Ticket(3, "ada", 11, null);
        List.of(old, young, forever).forEach(tickets::insert);
        assertVisible(List.of(old, young, forever));

        clock.advance(Duration.ofSeconds(10));
        assertVisible(List.of(young, forever));
        assertEquals(3, tickets.counter("byOwner", Tuples.encode("ada")), "counted until reaped");
        assertEquals(23, tickets.counter("points", new byte[0]));
        assertEquals(3, tickets.count(), "count() scans records, and includes it until reaped too");
        assertClean();

        assertEquals(1, store.reapExpired());
        assertVisible(List.of(young, forever));
        assertEquals(2, tickets.counter("byOwner", Tuples.encode("ada")));
        assertEquals(18, tickets.counter("points", new byte[0]));
        assertEquals(2, tickets.count());
        assertEquals(List.of(Tuples.toString(expiryEntry(young.expiresAt(), 2))), expiryEntries(),
                "the reaped entity's expiry entry is gone, the others' stay");
        assertClean();
        assertEquals(0, store.reapExpired(), "nothing more has expired");
    }

    @Test
    void aPageSkipsExpiredEntitiesAndItsContinuationStillWorks() {
        for (long id = 1; id <= 10; id++) {
            tickets.insert(new Ticket(id, "ada", id, id % 2 == 0 ? START.plusSeconds(1) : null));
        }
        clock.advance(Duration.ofSeconds(1));
        List<Long> seen = new ArrayList<>();
        PageRequest request = PageRequest.ofSize(3);
        while (true) {
            Page<Ticket> page = tickets.page(TicketMapping.all(), request);
            page.items().forEach(t -> seen.add(t.id()));
            if (page.continuation().isEmpty()) {
                break;
            }
            request = PageRequest.resume(page.continuation().get(), 3);
        }
        assertEquals(List.of(1L, 3L, 5L, 7L, 9L), seen);

        List<Long> byIndex = new ArrayList<>();
        request = PageRequest.ofSize(3);
        while (true) {
            Page<Ticket> page = tickets.findByIndex("owner", Tuples.encode("ada"), request);
            assertTrue(page.items().size() <= 3, "an index page may come back shorter");
            page.items().forEach(t -> byIndex.add(t.id()));
            if (page.continuation().isEmpty()) {
                break;
            }
            request = PageRequest.resume(page.continuation().get(), 3);
        }
        assertEquals(List.of(1L, 3L, 5L, 7L, 9L), byIndex);
    }

    @Test
    void aSaveThatMovesOrClearsTheExpiryMovesItsEntryInTheSameUnitOfWork() {
        Ticket ticket = tickets.insert(new Ticket(1, "ada", 5, START.plusSeconds(10)));
        tickets.save(ticket.withExpiresAt(START.plusSeconds(100)));
        clock.advance(Duration.ofSeconds(50));
        assertEquals(0, store.reapExpired(), "the old instant no longer reaps it");
        assertEquals(Optional.of(ticket.withExpiresAt(START.plusSeconds(100))), tickets.find(key(1)));
        tickets.save(ticket.withExpiresAt(null));
        assertEquals(List.of(), expiryEntries(), "an entity that never expires has no entry");
        clock.advance(Duration.ofDays(365));
        assertEquals(0, store.reapExpired());
        assertTrue(tickets.exists(key(1)));
        assertTrue(tickets.update(key(1), t -> t.withExpiresAt(START)));
        assertFalse(tickets.exists(key(1)), "a partial update can make it expire");
        assertClean();
    }

    @Test
    void anInsertOverAnExpiredEntitySucceedsAndReapsItInTheSameUnitOfWork() {
        tickets.insert(new Ticket(1, "ada", 5, START.plusSeconds(10)));
        assertThrows(DuplicateKeyException.class, () -> tickets.insert(new Ticket(1, "bob", 1, null)));
        clock.advance(Duration.ofSeconds(10));
        Ticket fresh = tickets.insert(new Ticket(1, "bob", 1, null));
        assertEquals(Optional.of(fresh), tickets.find(key(1)));
        assertEquals(0, tickets.counter("byOwner", Tuples.encode("ada")), "the expired one's contribution is gone");
        assertEquals(1, tickets.counter("byOwner", Tuples.encode("bob")));
        assertEquals(1, tickets.counter("points", new byte[0]));
        assertEquals(List.of(fresh), tickets.findByIndex("owner", Tuples.encode("bob")));
        assertEquals(List.of(), tickets.findByIndex("owner", Tuples.encode("ada")));
        assertEquals(List.of(), expiryEntries());
        assertEquals(0, store.reapExpired());
        assertClean();
    }

    @Test
    void writesOfAnExpiredEntityTreatItAsAbsent() {
        tickets.insert(new Ticket(1, "ada", 5, START.plusSeconds(10)));
        clock.advance(Duration.ofSeconds(10));
        assertFalse(tickets.update(key(1), t -> t.withPoints(99)), "an update of an absent entity changes nothing");
        assertFalse(tickets.delete(key(1)), "a delete of an absent entity changes nothing");
        assertEquals(1, tickets.counter("byOwner", Tuples.encode("ada")), "it is left to the reaper");
        Ticket saved = tickets.save(new Ticket(1, "ada", 8, null));
        assertEquals(Optional.of(saved), tickets.find(key(1)));
        assertEquals(8, tickets.counter("points", new byte[0]), "the save replaced it: reaped, then written");
        assertEquals(1, tickets.counter("byOwner", Tuples.encode("ada")));
        assertClean();
    }

    @Test
    void theReaperDeletesInBoundedUnitsOfWorkAndOnlyWhatHasExpired() {
        for (long id = 1; id <= 250; id++) {
            tickets.insert(new Ticket(id, "t" + id % 3, 1, START.plusSeconds(id)));
        }
        clock.advance(Duration.ofSeconds(230));
        assertEquals(230, store.reapExpired());
        assertEquals(20, tickets.count());
        assertEquals(20, tickets.counter("points", new byte[0]));
        assertEquals(20, expiryEntries().size());
        assertClean();
    }

    @Test
    void theBackgroundReaperRunsEveryExpiryInterval() throws InterruptedException {
        try (KvStore quick = MemoryKvStore.options().clock(clock).expiryInterval(Duration.ofMillis(20)).open()) {
            EntityOperations<Ticket> quickTickets = new EntityOperations<>(quick, TicketMapping.expiring());
            quickTickets.insert(new Ticket(1, "ada", 5, START.plusSeconds(1)));
            clock.advance(Duration.ofSeconds(1));
            for (int wait = 0; wait < 500 && quickTickets.count() > 0; wait++) {
                Thread.sleep(20);
            }
            assertEquals(0, quickTickets.count(), "reaped in the background");
            assertEquals(0, quickTickets.counter("points", new byte[0]));
        }
    }

    @Test
    void verifyReportsAndRepairFixesAMissingOrOrphanedExpiryEntry() {
        tickets.insert(new Ticket(1, "ada", 5, START.plusSeconds(10)));
        tickets.insert(new Ticket(2, "ada", 5, START.plusSeconds(20)));
        byte[] entry = expiryEntry(START.plusSeconds(10), 1);
        byte[] orphan = expiryEntry(START.plusSeconds(5), 9);
        KvStoreImpl.of(store).transactKv(kv -> {
            kv.delete(entry);
            kv.put(orphan, new byte[0]);
        });
        IntegrityReport report = tickets.verify(ProgressListener.none());
        assertEquals(2, report.problems().size(), report.problems().toString());
        assertEquals(2, tickets.repair(ProgressListener.none()).repaired());
        assertClean();
        clock.advance(Duration.ofSeconds(10));
        assertEquals(1, store.reapExpired(), "the restored entry reaps it");
    }

    private void assertVisible(List<Ticket> live) {
        List<Long> ids = live.stream().map(Ticket::id).toList();
        for (long id = 1; id <= 3; id++) {
            assertEquals(ids.contains(id), tickets.find(key(id)).isPresent(), "find " + id);
            assertEquals(ids.contains(id), tickets.exists(key(id)), "exists " + id);
        }
        assertEquals(live, tickets.findAll(List.of(key(1), key(2), key(3))));
        assertEquals(live, tickets.list(TicketMapping.all()));
        try (Stream<Ticket> all = tickets.stream(TicketMapping.all())) {
            assertEquals(live, all.toList());
        }
        assertEquals(live, tickets.page(TicketMapping.all(), PageRequest.ofSize(10)).items());
        assertEquals(live, tickets.findByIndex("owner", Tuples.encode("ada")));
        assertEquals(live, tickets.findByIndex("owner", Tuples.encode("ada"), PageRequest.ofSize(10)).items());
    }

    private void assertClean() {
        IntegrityReport report = tickets.verify(ProgressListener.none());
        assertTrue(report.isClean(), report.problems().toString());
    }

    private List<String> expiryEntries() {
        List<String> entries = new ArrayList<>();
        try (KvCursor cursor = store.unwrap(KvBackend.class).scan(
                KeyRange.startingWith(TicketMapping.LAYOUT.expiryPrefix("expiresAt")), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                entries.add(Tuples.toString(item.key()));
            }
        }
        return entries;
    }

    /** The key of the expiry entry of the ticket {@code id} expiring at {@code at}. */
    private static byte[] expiryEntry(Instant at, long id) {
        return TicketMapping.LAYOUT.entry(TicketMapping.LAYOUT.expiryPrefix("expiresAt"),
                new TupleWriter(16).writeInstant(at).toByteArray(), key(id));
    }
}
