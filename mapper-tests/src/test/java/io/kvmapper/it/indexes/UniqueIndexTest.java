package io.kvmapper.it.indexes;

import static io.kvmapper.it.indexes.Raw.MEMBERS;
import static io.kvmapper.it.indexes.Raw.TICKETS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Unique indexes: lookups, violations that leave the store unchanged, nulls, swaps and races. */
class UniqueIndexTest {
    @TempDir
    Path dir;
    KvStore store;
    MemberRepository members;

    @BeforeEach
    void open() {
        store = Stores.patient(dir);
        members = new MemberRepository(store);
    }

    @AfterEach
    void close() {
        store.close();
    }

    private Member member(long id, String email) {
        return Member.of(id, email, "gold", 30, 10L, "Oslo", List.of("t" + id));
    }

    @Test
    void findByValueReturnsTheOneHolder() {
        members.save(member(1, "ada@x"));
        members.save(member(2, "bob@x"));
        assertEquals(Optional.of(1L), members.findByEmail("ada@x").map(Member::id));
        assertEquals(Optional.of(2L), members.findByEmail("bob@x").map(Member::id));
        assertEquals(Optional.empty(), members.findByEmail("cy@x"));
        assertEquals(Optional.empty(), members.findByEmail("ada@"));
        assertEquals(Map.of(List.of("ada@x"), List.of(List.of("IxMember", "r", 1L)),
                List.of("bob@x"), List.of(List.of("IxMember", "r", 2L))),
                Raw.uniqueEntries(store, MEMBERS, "email"), "one entry per value, pointing at the record key");
        assertEquals(List.of(1L, 2L), members.findByEmailBetween("a", "c").stream().map(Member::id).toList());
        assertEquals(List.of(2L), members.findByEmailBetween("b", "c").stream().map(Member::id).toList());
    }

    @Test
    void aSecondHolderOfAValueFailsNamingEntityIndexAndValueAndChangesNothing() {
        members.save(member(1, "ada@x"));
        members.save(member(2, "bob@x"));
        Map<String, String> before = Raw.dump(store);

        UniqueConstraintException onSave = assertThrows(UniqueConstraintException.class,
                () -> members.save(Member.of(3, "ada@x", "silver", 50, 99L, "Rome", List.of("z"))));
        assertEquals("IxMember", onSave.entity());
        assertEquals("email", onSave.index());
        assertTrue(onSave.value().contains("ada@x"), onSave.value());
        assertTrue(onSave.getMessage().contains("IxMember") && onSave.getMessage().contains("email")
                && onSave.getMessage().contains("ada@x"), onSave.getMessage());
        assertEquals(before, Raw.dump(store), "no record, index entry or counter changed");

        assertThrows(UniqueConstraintException.class, () -> members.insert(Member.of(3, "ada@x", "x", 1, 1L, null, null)));
        assertEquals(before, Raw.dump(store));

        Member bob = members.findById(2).orElseThrow();
        UniqueConstraintException onReplace = assertThrows(UniqueConstraintException.class,
                () -> members.save(bob.withEmail("ada@x").withStatus("silver").withTags(List.of("q"))));
        assertEquals("email", onReplace.index());
        assertEquals(before, Raw.dump(store));

        assertThrows(UniqueConstraintException.class, () -> members.updateEmail(2, "ada@x"));
        assertEquals(before, Raw.dump(store));

        assertEquals(bob, members.findById(2).orElseThrow());
        assertEquals(2, members.countTotal());
        assertTrue(members.verify().isClean());
    }

    @Test
    void aViolationInsideATransactionLeavesItsOtherWritesToCommit() {
        members.save(member(1, "ada@x"));
        store.transact(tx -> {
            MemberRepository inTx = members.with(tx);
            inTx.save(member(2, "bob@x"));
            assertThrows(UniqueConstraintException.class, () -> inTx.save(member(3, "ada@x")));
            assertThrows(UniqueConstraintException.class, () -> inTx.updateEmail(2, "ada@x"));
            inTx.save(member(4, "dan@x"));
        });
        assertFalse(members.existsById(3));
        assertEquals(Optional.of(2L), members.findByEmail("bob@x").map(Member::id));
        assertEquals(Optional.of(1L), members.findByEmail("ada@x").map(Member::id));
        assertEquals(Optional.of(4L), members.findByEmail("dan@x").map(Member::id));
        assertEquals(3, members.countTotal());
        assertEquals(List.of(), members.findByTags("t3"));
        assertTrue(members.verify().isClean(), members.verify().toString());
    }

    @Test
    void nullsAreNotIndexedSoAnyNumberOfEntitiesMayHaveNone() {
        for (long id = 1; id <= 4; id++) {
            members.save(member(id, null));
        }
        members.save(member(5, "e@x"));
        assertEquals(List.of(List.of("e@x")), new ArrayList<>(Raw.uniqueEntries(store, MEMBERS, "email").keySet()));
        assertEquals(Optional.empty(), members.findByEmail(null));
        assertTrue(members.updateEmail(5, null));
        assertTrue(Raw.uniqueEntries(store, MEMBERS, "email").isEmpty());
        assertTrue(members.updateEmail(1, "e@x"), "the value is free again");
        assertEquals(Optional.of(1L), members.findByEmail("e@x").map(Member::id));
        assertTrue(members.verify().isClean());
    }

    @Test
    void anEntityKeepsItsOwnValueWhenSavedAgainAndFreesItWhenItChanges() {
        Member ada = members.save(member(1, "ada@x"));
        Member again = members.save(ada.withStatus("silver").withAge(31));
        assertEquals("silver", members.findByEmail("ada@x").orElseThrow().status());
        Member changed = members.save(again.withEmail("ada@y"));
        assertEquals(3, changed.version());
        assertEquals(Optional.empty(), members.findByEmail("ada@x"));
        assertEquals(Optional.of(1L), members.findByEmail("ada@y").map(Member::id));
        members.save(member(2, "ada@x"));
        assertEquals(Optional.of(2L), members.findByEmail("ada@x").map(Member::id));
        assertTrue(members.deleteById(2));
        assertEquals(Optional.empty(), members.findByEmail("ada@x"));
        assertEquals(1, Raw.uniqueEntries(store, MEMBERS, "email").size());
    }

    @Test
    void twoEntitiesSwapValuesInsideOneTransaction() {
        members.save(member(1, "ada@x"));
        members.save(member(2, "bob@x"));
        store.transact(tx -> {
            MemberRepository inTx = members.with(tx);
            Member ada = inTx.findById(1).orElseThrow();
            Member bob = inTx.findById(2).orElseThrow();
            inTx.save(ada.withEmail(null));
            inTx.save(bob.withEmail("ada@x"));
            inTx.save(inTx.findById(1).orElseThrow().withEmail("bob@x"));
        });
        assertEquals(Optional.of(2L), members.findByEmail("ada@x").map(Member::id));
        assertEquals(Optional.of(1L), members.findByEmail("bob@x").map(Member::id));

        store.transact(tx -> {
            MemberRepository inTx = members.with(tx);
            assertTrue(inTx.updateEmail(1, "tmp"));
            assertTrue(inTx.updateEmail(2, "bob@x"));
            assertTrue(inTx.updateEmail(1, "ada@x"));
        });
        assertEquals(Optional.of(1L), members.findByEmail("ada@x").map(Member::id));
        assertEquals(Optional.of(2L), members.findByEmail("bob@x").map(Member::id));
        assertEquals(2, Raw.uniqueEntries(store, MEMBERS, "email").size());
        assertTrue(members.verify().isClean(), members.verify().toString());
    }

    @Test
    void aValueFreedByADeleteCanBeTakenInTheSameTransaction() {
        members.save(member(1, "ada@x"));
        store.transact(tx -> {
            MemberRepository inTx = members.with(tx);
            assertTrue(inTx.deleteById(1));
            inTx.save(member(2, "ada@x"));
            assertEquals(Optional.of(2L), inTx.findByEmail("ada@x").map(Member::id));
        });
        assertEquals(Optional.of(2L), members.findByEmail("ada@x").map(Member::id));
        assertFalse(members.existsById(1));
        assertTrue(members.verify().isClean(), members.verify().toString());
    }

    @Test
    void aClassEntityWithACompositeKeyHasAUniqueIndexToo() {
        TicketRepository tickets = new TicketRepository(store);
        tickets.save(new Ticket("core", 1, "ann", "CORE-1", null, null, 3));
        tickets.save(new Ticket("web", 1, "bob", "WEB-1", null, null, 5));
        assertEquals("web", tickets.findByCode("WEB-1").orElseThrow().project);
        Map<String, String> before = Raw.dump(store);
        UniqueConstraintException e = assertThrows(UniqueConstraintException.class,
                () -> tickets.save(new Ticket("web", 2, "cy", "CORE-1", null, Set.of("x"), 8)));
        assertEquals("IxTicket", e.entity());
        assertEquals("code", e.index());
        assertTrue(e.value().contains("CORE-1"));
        assertEquals(before, Raw.dump(store));
        assertEquals(List.of("IxTicket", "r", "core"), ((List<?>) Raw.uniqueEntries(store, TICKETS, "code")
                .get(List.of("CORE-1")).get(0)));
        tickets.save(new Ticket("web", 2, "cy", null, null, null, 8));
        tickets.save(new Ticket("web", 3, "cy", null, null, null, 8));
        assertEquals(2, Raw.uniqueEntries(store, TICKETS, "code").size());
        assertTrue(tickets.verify().isClean(), tickets.verify().toString());
    }

    /** Eight writers race to give eight different entities one value, many rounds: exactly one wins each round. */
    @Test
    void concurrentWritersOfOneValueExactlyOneWins() throws Exception {
        int threads = 8;
        int rounds = 25;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CyclicBarrier start = new CyclicBarrier(threads);
            List<Future<Integer>> wins = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                wins.add(pool.submit(() -> {
                    int won = 0;
                    for (int round = 0; round < rounds; round++) {
                        start.await(30, TimeUnit.SECONDS);
                        long id = round * 100L + thread;
                        try {
                            if (thread % 2 == 0) {
                                members.save(member(id, "race-" + round));
                            } else {
                                members.insert(member(id, "race-" + round));
                            }
                            won++;
                        } catch (UniqueConstraintException expected) {
                            assertEquals("email", expected.index());
                        }
                    }
                    return won;
                }));
            }
            int total = 0;
            for (Future<Integer> win : wins) {
                total += win.get(60, TimeUnit.SECONDS);
            }
            assertEquals(rounds, total, "one winner per round");
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
        }
        assertEquals(rounds, members.countTotal());
        assertEquals(rounds, Raw.uniqueEntries(store, MEMBERS, "email").size());
        for (int round = 0; round < rounds; round++) {
            Member winner = members.findByEmail("race-" + round).orElseThrow();
            assertEquals(round, winner.id() / 100);
            assertNotNull(members.findById(winner.id()).orElse(null));
        }
        assertEquals(rounds, members.findByStatus("gold").size());
        assertTrue(members.verify().isClean(), members.verify().toString());
    }
}
