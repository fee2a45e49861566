package io.kvmapper.it.indexes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.Transaction;
import io.kvmapper.UniqueConstraintException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Generated {@code updateX(key..., value)} methods: every non-key field, indexes and counters, atomicity. */
class PartialUpdateTest {
    @TempDir
    Path dir;
    KvStore store;
    MemberRepository members;
    TicketRepository tickets;

    @BeforeEach
    void open() {
        store = Stores.patient(dir);
        members = new MemberRepository(store);
        tickets = new TicketRepository(store);
    }

    @AfterEach
    void close() {
        store.close();
    }

    private static List<Long> ids(List<Member> found) {
        return found.stream().map(Member::id).toList();
    }

    @Test
    void everyFieldOfARecordEntityUpdatesWithItsIndexesCountersAndVersion() {
        members.save(Member.of(1, "a@x", "gold", 30, 10L, "Oslo", List.of("x")));
        members.save(Member.of(2, "b@x", "gold", 40, 20L, "Oslo", List.of("y")));

        assertTrue(members.updateEmail(1, "new@x"));
        assertEquals(Optional.empty(), members.findByEmail("a@x"));
        assertEquals(Optional.of(1L), members.findByEmail("new@x").map(Member::id));
        assertEquals(2, members.findById(1).orElseThrow().version());

        assertTrue(members.updateStatus(1, "silver"));
        assertEquals(List.of(2L), ids(members.findByStatus("gold")));
        assertEquals(List.of(1L), ids(members.findByStatus("silver")));
        assertEquals(1, members.countByStatus("silver"));
        assertEquals(10, members.sumBalanceByStatus("silver"));
        assertEquals(20, members.sumBalanceByStatus("gold"));
        assertEquals(1, members.countByCityAndStatus("Oslo", "silver"));

        assertTrue(members.updateAge(1, 41));
        assertEquals(List.of(1L), ids(members.findByCityAndAge("Oslo", 41)));
        assertEquals(List.of(), members.findByCityAndAge("Oslo", 30));

        assertTrue(members.updateBalance(1, 15L));
        assertEquals(15, members.sumBalanceByStatus("silver"));
        assertTrue(members.updateBalance(1, null));
        assertEquals(0, members.sumBalanceByStatus("silver"));

        assertTrue(members.updateHome(1, new Home("Rome", "9")));
        assertEquals(List.of(1L), ids(members.findByCityAndAge("Rome", 41)));
        assertEquals(0, members.countByCityAndStatus("Oslo", "silver"));
        assertEquals(1, members.countByCityAndStatus("Rome", "silver"));
        assertTrue(members.updateHome(1, null));
        assertEquals(List.of(1L), ids(members.findByCityAndAge(null, 41)));

        assertTrue(members.updateTags(1, List.of("y", "z")));
        assertEquals(List.of(), members.findByTags("x"));
        assertEquals(List.of(1L, 2L), ids(members.findByTags("y")));
        assertTrue(members.updateTags(1, null));
        assertEquals(List.of(2L), ids(members.findByTags("y")));

        Member now = members.findById(1).orElseThrow();
        assertEquals(new Member(1, "new@x", "silver", 41, null, null, null, 10), now,
                "nine writes: the insert and eight updates, each incrementing the version");
        assertEquals(2, members.countTotal());
        assertTrue(members.verify().isClean(), members.verify().toString());
    }

    @Test
    void everyFieldOfAClassEntityUpdates() {
        tickets.save(new Ticket("core", 1, "ann", "C-1", new Place("B", 1), Set.of("bug"), 3));
        assertTrue(tickets.updateAssignee("core", 1, "bob"));
        assertTrue(tickets.updateCode("core", 1, "C-2"));
        assertTrue(tickets.updatePlace("core", 1, new Place("A", 4)));
        assertTrue(tickets.updateLabels("core", 1, Set.of("ui")));
        assertTrue(tickets.updatePoints("core", 1, 8));
        assertTrue(tickets.updateAttrs("core", 1, Map.of("prio", 1)));
        Ticket now = tickets.findById("core", 1).orElseThrow();
        Ticket expected = new Ticket("core", 1, "bob", "C-2", new Place("A", 4), Set.of("ui"), 8);
        expected.attrs = Map.of("prio", 1);
        expected.version = 7;
        assertEquals(expected, now);
        assertEquals(List.of(now), tickets.findByAssignee("bob"));
        assertEquals(List.of(), tickets.findByAssignee("ann"));
        assertEquals(Optional.of(now), tickets.findByCode("C-2"));
        assertEquals(Optional.empty(), tickets.findByCode("C-1"));
        assertEquals(List.of(now), tickets.findByPlaceAndFloor("A", 4));
        assertEquals(List.of(now), tickets.findByLabels("ui"));
        assertEquals(List.of(), tickets.findByLabels("bug"));
        assertEquals(8, tickets.sumPointsByProject("core"));
        assertEquals(Map.of("bob", 1L), tickets.countByAssignee());
        assertTrue(tickets.verify().isClean(), tickets.verify().toString());
    }

    @Test
    void anUpdateOfAnAbsentEntityReturnsFalseAndWritesNothing() {
        members.save(Member.of(1, "a@x", "gold", 30, 10L, "Oslo", List.of("x")));
        tickets.save(new Ticket("core", 1, "ann", "C-1", null, null, 3));
        Map<String, String> before = Raw.dump(store);
        List<BooleanSupplier> updates = List.of(
                () -> members.updateEmail(2, "z@x"),
                () -> members.updateStatus(2, "gold"),
                () -> members.updateAge(2, 1),
                () -> members.updateBalance(2, 5L),
                () -> members.updateHome(2, new Home("Oslo", "1")),
                () -> members.updateTags(2, List.of("x")),
                () -> tickets.updateAssignee("core", 2, "ann"),
                () -> tickets.updateAssignee("web", 1, "ann"),
                () -> tickets.updateCode("core", 2, "C-9"),
                () -> tickets.updatePlace("core", 2, null),
                () -> tickets.updateLabels("core", 2, Set.of()),
                () -> tickets.updatePoints("core", 2, 1),
                () -> tickets.updateAttrs("core", 2, Map.of()));
        for (BooleanSupplier update : updates) {
            assertFalse(update.getAsBoolean());
        }
        assertEquals(before, Raw.dump(store), "no record, entry or counter was written");
        assertFalse(members.existsById(2));
        assertFalse(tickets.existsById("core", 2));
    }

    @Test
    void anUpdateThatBreaksAUniqueIndexChangesNothing() {
        members.save(Member.of(1, "a@x", "gold", 30, 10L, "Oslo", List.of("x")));
        members.save(Member.of(2, "b@x", "gold", 30, 10L, "Oslo", List.of("x")));
        Map<String, String> before = Raw.dump(store);
        assertThrows(UniqueConstraintException.class, () -> members.updateEmail(2, "a@x"));
        assertEquals(before, Raw.dump(store));
        assertEquals(1, members.findById(2).orElseThrow().version());
    }

    @Test
    void anUpdateOfAFieldToItsCurrentValueStillIncrementsTheVersionAndKeepsTheIndexes() {
        members.save(Member.of(1, "a@x", "gold", 30, 10L, "Oslo", List.of("x")));
        assertTrue(members.updateStatus(1, "gold"));
        assertTrue(members.updateEmail(1, "a@x"));
        assertEquals(3, members.findById(1).orElseThrow().version());
        assertEquals(1, members.countByStatus("gold"));
        assertEquals(Optional.of(1L), members.findByEmail("a@x").map(Member::id));
        assertTrue(members.verify().isClean());
    }

    @Test
    void updatesInsideATransactionSeeEachOtherAndCommitTogether() {
        members.save(Member.of(1, "a@x", "gold", 30, 10L, "Oslo", List.of("x")));
        store.transact(tx -> {
            MemberRepository inTx = members.with(tx);
            assertTrue(inTx.updateStatus(1, "silver"));
            assertTrue(inTx.updateAge(1, 31));
            assertFalse(inTx.updateAge(2, 31));
            Member seen = inTx.findById(1).orElseThrow();
            assertEquals("silver", seen.status());
            assertEquals(31, seen.age());
            assertEquals(3, seen.version());
            assertEquals(1, inTx.countByStatus("silver"));
            assertEquals(List.of(1L), ids(inTx.findByCityAndAge("Oslo", 31)));
            assertEquals("gold", members.findById(1).orElseThrow().status(), "not visible outside yet");
        });
        assertEquals(new Member(1, "a@x", "silver", 31, 10L, new Home("Oslo", "00000"), List.of("x"), 3),
                members.findById(1).orElseThrow());
    }

    /**
     * Four threads update four different fields of one entity many times each: a partial update is a
     * read-modify-write in one transaction, so no thread's last value is lost and every update counts
     * in the version.
     */
    @Test
    void concurrentUpdatesOfDifferentFieldsNeverLoseOne() throws Exception {
        members.save(Member.of(1, "e-0", "s-0", 0, 0L, "c-0", List.of("t-0")));
        int rounds = 60;
        List<java.util.function.IntConsumer> writers = List.of(
                i -> assertTrue(members.updateEmail(1, "e-" + i)),
                i -> assertTrue(members.updateStatus(1, "s-" + i)),
                i -> assertTrue(members.updateBalance(1, (long) i)),
                i -> assertTrue(members.updateTags(1, List.of("t-" + i))));
        ExecutorService pool = Executors.newFixedThreadPool(writers.size());
        try {
            CyclicBarrier start = new CyclicBarrier(writers.size());
            List<Future<?>> done = new ArrayList<>();
            for (java.util.function.IntConsumer writer : writers) {
                done.add(pool.submit(() -> {
                    start.await(30, TimeUnit.SECONDS);
                    for (int i = 1; i <= rounds; i++) {
                        writer.accept(i);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
        }
        Member now = members.findById(1).orElseThrow();
        assertEquals("e-" + rounds, now.email());
        assertEquals("s-" + rounds, now.status());
        assertEquals(rounds, now.balance());
        assertEquals(List.of("t-" + rounds), now.tags());
        assertEquals(1 + writers.size() * rounds, now.version());
        assertEquals(Map.of("s-" + rounds, 1L), members.countByStatus());
        assertEquals(rounds, members.sumBalanceByStatus("s-" + rounds));
        assertEquals(List.of(1L), ids(members.findByTags("t-" + rounds)));
        assertEquals(1, Raw.entries(store, Raw.MEMBERS, "tags").size());
        assertEquals(1, Raw.uniqueEntries(store, Raw.MEMBERS, "email").size());
        assertTrue(members.verify().isClean(), members.verify().toString());
        assertNull(members.findByEmail("e-0").orElse(null));
    }
}
