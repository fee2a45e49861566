package io.kvmapper.internal.operations;

import static io.kvmapper.internal.fixtures.TicketMapping.key;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.Change;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.internal.fixtures.TestClock;
import io.kvmapper.internal.fixtures.Ticket;
import io.kvmapper.internal.fixtures.TicketMapping;
import io.kvmapper.memory.MemoryKvStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The change feed on the in-memory store: one change per committed change, in commit order, paged and listened to. */
class ChangeFeedOperationsTest {
    private static final Instant START = Instant.parse("2030-01-01T00:00:00Z");

    private final TestClock clock = new TestClock(START);
    private final KvStore store = MemoryKvStore.options().clock(clock).expiryInterval(Duration.ofDays(1)).open();
    private final EntityOperations<Ticket> tickets = new EntityOperations<>(store,
            TicketMapping.withFeed(Duration.ofHours(1)));

    @AfterEach
    void closeStore() {
        store.close();
    }

    @Test
    void everyCommittedChangeAppendsOneChangeAndNothingElseDoes() {
        Ticket ada = tickets.insert(new Ticket(1, "ada", 5, START.plusSeconds(60)));
        clock.advance(Duration.ofSeconds(1));
        Ticket more = tickets.save(ada.withPoints(6));
        assertTrue(tickets.update(key(1), t -> t.withOwner("bob")));
        assertFalse(tickets.update(key(2), t -> t.withOwner("nobody")), "an update of an absent entity");
        assertTrue(tickets.delete(key(1)));
        assertFalse(tickets.delete(key(1)), "a delete of an absent entity");
        Ticket cy = tickets.insert(new Ticket(3, "cy", 1, START.plusSeconds(30)));
        clock.advance(Duration.ofSeconds(30));
        assertEquals(1, store.reapExpired());
        Ticket dee = tickets.insert(new Ticket(4, "dee", 1, START.plusSeconds(40)));
        clock.advance(Duration.ofSeconds(10));
        Ticket again = tickets.insert(new Ticket(4, "eve", 2, null));

        List<Change<Ticket>> changes = tickets.changes(PageRequest.ofSize(100)).items();
        assertEquals(List.of(
                "PUT [1] " + ada, "PUT [1] " + more, "PUT [1] " + more.withOwner("bob"), "DELETE [1]",
                "PUT [3] " + cy, "DELETE [3]",
                "PUT [4] " + dee, "DELETE [4]", "PUT [4] " + again), describe(changes),
                "the expiry of 3 and the insert over the expired 4 are changes too");
        assertEquals(START, changes.get(0).committedAt());
        assertEquals(START.plusSeconds(31), changes.get(5).committedAt(), "the reaper's clock");
        List<String> positions = changes.stream().map(Change::position).toList();
        List<String> sorted = new ArrayList<>(positions);
        Collections.sort(sorted);
        assertEquals(sorted, positions, "positions compare as strings in feed order");
        assertEquals(positions.size(), positions.stream().distinct().count());
    }

    @Test
    void aUnitOfWorkThatDoesNotCommitLeavesNoChange() {
        assertThrows(IllegalStateException.class, () -> store.transact(tx -> {
            tickets.with(tx).insert(new Ticket(1, "ada", 5, null));
            throw new IllegalStateException("changed my mind");
        }));
        store.transact(tx -> {
            tickets.with(tx).insert(new Ticket(2, "bob", 5, null));
            tickets.with(tx).save(new Ticket(2, "bob", 6, null));
        });
        assertEquals(List.of("PUT [2] " + new Ticket(2, "bob", 5, null), "PUT [2] " + new Ticket(2, "bob", 6, null)),
                describe(tickets.changes(PageRequest.ofSize(100)).items()), "in write order within a unit of work");
    }

    @Test
    void everyPageCarriesAContinuationSoAConsumerCanPollLater() {
        Page<Change<Ticket>> empty = tickets.changes(PageRequest.ofSize(2));
        assertEquals(List.of(), empty.items());
        String poll = empty.continuation().orElseThrow();
        for (long id = 1; id <= 5; id++) {
            tickets.insert(new Ticket(id, "ada", id, null));
        }
        List<Long> seen = new ArrayList<>();
        for (int page = 0; page < 3; page++) {
            Page<Change<Ticket>> changes = tickets.changes(PageRequest.resume(poll, 2));
            changes.items().forEach(c -> seen.add((Long) c.key().get(0)));
            poll = changes.continuation().orElseThrow();
        }
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), seen);
        Page<Change<Ticket>> caughtUp = tickets.changes(PageRequest.resume(poll, 2));
        assertEquals(List.of(), caughtUp.items());
        assertEquals(Optional.of(poll), caughtUp.continuation(), "an empty page keeps the consumer's place");
        tickets.delete(key(2));
        assertEquals(List.of("DELETE [2]"), describe(tickets.changes(PageRequest.resume(poll, 2)).items()));

        String other = tickets.page(TicketMapping.all(), PageRequest.ofSize(1)).continuation().orElseThrow();
        assertThrows(InvalidRequestException.class, () -> tickets.changes(PageRequest.resume(other, 2)));
        assertThrows(InvalidRequestException.class, () -> tickets.changes(PageRequest.resume("not a token", 2)));
        char[] altered = poll.toCharArray();
        altered[altered.length / 2] = altered[altered.length / 2] == 'A' ? 'B' : 'A';
        assertThrows(InvalidRequestException.class,
                () -> tickets.changes(PageRequest.resume(new String(altered), 2)), "tamper-evident");
    }

    @Test
    void listenersHearEachCommittedChangeInCommitOrderAndOneThatThrowsStopsNothing() throws Exception {
        List<String> heard = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch five = new CountDownLatch(5);
        AutoCloseable failing = tickets.onChange(change -> {
            throw new IllegalStateException("a listener that always fails");
        });
        AutoCloseable listening = tickets.onChange(change -> {
            heard.add(describe(List.of(change)).get(0));
            five.countDown();
        });
        for (long id = 1; id <= 3; id++) {
            tickets.insert(new Ticket(id, "ada", id, null));
        }
        assertThrows(IllegalStateException.class, () -> store.transact(tx -> {
            tickets.with(tx).delete(key(1));
            throw new IllegalStateException("rolled back");
        }));
        tickets.delete(key(1));
        tickets.save(new Ticket(2, "bob", 2, null));
        assertTrue(five.await(10, TimeUnit.SECONDS));
        assertEquals(describe(tickets.changes(PageRequest.ofSize(100)).items()), heard, "the feed's order");

        listening.close();
        failing.close();
        tickets.delete(key(3));
        AutoCloseable last = tickets.onChange(change -> heard.add("after " + change.kind()));
        tickets.delete(key(2));
        for (int wait = 0; wait < 500 && heard.size() < 6; wait++) {
            Thread.sleep(10);
        }
        last.close();
        assertEquals(6, heard.size());
        assertEquals("after DELETE", heard.get(5), "an unsubscribed listener hears nothing more");
    }

    @Test
    void changesOlderThanTheRetentionArePruned() {
        tickets.insert(new Ticket(1, "ada", 1, null));
        clock.advance(Duration.ofMinutes(40));
        tickets.insert(new Ticket(2, "ada", 1, null));
        clock.advance(Duration.ofMinutes(40));
        store.reapExpired();
        assertEquals(List.of("PUT [2] " + new Ticket(2, "ada", 1, null)),
                describe(tickets.changes(PageRequest.ofSize(100)).items()));
        for (long id = 3; id <= 300; id++) {
            tickets.insert(new Ticket(id, "ada", 1, null));
        }
        clock.advance(Duration.ofHours(2));
        store.reapExpired();
        assertEquals(List.of(), tickets.changes(PageRequest.ofSize(100)).items(), "pruned in several units of work");
    }

    @Test
    void aConsumerRebuildsTheRecordsFromTheFeedAlone() {
        for (long id = 1; id <= 20; id++) {
            tickets.insert(new Ticket(id, "t" + id % 4, id, id % 5 == 0 ? START.plusSeconds(id) : null));
        }
        for (long id = 1; id <= 20; id += 3) {
            tickets.delete(key(id));
        }
        for (long id = 2; id <= 20; id += 4) {
            long points = id * 10;
            tickets.update(key(id), t -> t.withPoints(points));
        }
        clock.advance(Duration.ofSeconds(12));
        store.reapExpired();
        Map<List<Object>, Ticket> copy = new LinkedHashMap<>();
        PageRequest request = PageRequest.ofSize(7);
        while (true) {
            Page<Change<Ticket>> page = tickets.changes(request);
            if (page.items().isEmpty()) {
                break;
            }
            for (Change<Ticket> change : page.items()) {
                if (change.kind() == Change.Kind.PUT) {
                    copy.put(change.key(), change.entity().orElseThrow());
                } else {
                    copy.remove(change.key());
                }
            }
            request = PageRequest.resume(page.continuation().orElseThrow(), 7);
        }
        Map<List<Object>, Ticket> records = new LinkedHashMap<>();
        tickets.list(TicketMapping.all()).forEach(t -> records.put(List.of(t.id()), t));
        assertEquals(records, copy);
    }

    private static List<String> describe(List<Change<Ticket>> changes) {
        return changes.stream().map(c -> c.kind() + " " + c.key() + c.entity().map(e -> " " + e).orElse("")).toList();
    }
}
