package io.kvmapper.it.indexes;

import static io.kvmapper.it.indexes.Raw.MEMBERS;
import static io.kvmapper.it.indexes.Raw.TICKETS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.Transaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Maintained counters: counts, sums, global figures, several group fields, moves, zero groups, concurrency. */
class CounterTest {
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

    private static List<Object> tuple(Object... elements) {
        return new ArrayList<>(Arrays.asList(elements));
    }

    @Test
    void countsSumsGlobalFiguresAndSeveralGroupFields() {
        members.save(Member.of(1, null, "gold", 30, 100L, "Oslo", null));
        members.save(Member.of(2, null, "gold", 30, 250L, "Rome", null));
        members.save(Member.of(3, null, "silver", 30, 7L, "Oslo", null));
        members.save(Member.of(4, null, "gold", 30, null, "Oslo", null));
        members.save(Member.of(5, null, null, 30, 1L, null, null));

        assertEquals(5, members.countTotal());
        assertEquals(3, members.countByStatus("gold"));
        assertEquals(1, members.countByStatus("silver"));
        assertEquals(1, members.countByStatus(null));
        assertEquals(0, members.countByStatus("bronze"));
        assertEquals(350, members.sumBalanceByStatus("gold"), "a null sum field contributes 0");
        assertEquals(7, members.sumBalanceByStatus("silver"));
        assertEquals(2, members.countByCityAndStatus("Oslo", "gold"));
        assertEquals(1, members.countByCityAndStatus("Rome", "gold"));
        assertEquals(1, members.countByCityAndStatus("Oslo", "silver"));
        assertEquals(1, members.countByCityAndStatus(null, null));
        assertEquals(0, members.countByCityAndStatus("Rome", "silver"));

        assertEquals(Map.of(tuple(), 5L), Raw.counterGroups(store, MEMBERS, "total"));
        assertEquals(List.of(tuple((Object) null), tuple("gold"), tuple("silver")),
                new ArrayList<>(Raw.counterGroups(store, MEMBERS, "byStatus").keySet()));
        assertEquals(List.of(tuple(null, null), tuple("Oslo", "gold"), tuple("Oslo", "silver"), tuple("Rome", "gold")),
                new ArrayList<>(Raw.counterGroups(store, MEMBERS, "byCityAndStatus").keySet()));
    }

    @Test
    void theGroupMapListsEveryNonzeroGroupInGroupOrder() {
        members.save(Member.of(1, null, "silver", 30, 1L, null, null));
        members.save(Member.of(2, null, "gold", 30, 2L, null, null));
        members.save(Member.of(3, null, "bronze", 30, 3L, null, null));
        members.save(Member.of(4, null, null, 30, 4L, null, null));
        members.save(Member.of(5, null, "gold", 30, 5L, null, null));
        members.save(Member.of(6, null, "gold2", 30, 6L, null, null));
        members.save(Member.of(7, null, "iron", 30, null, null, null));

        Map<String, Long> expected = new LinkedHashMap<>();
        expected.put(null, 1L);
        expected.put("bronze", 1L);
        expected.put("gold", 2L);
        expected.put("gold2", 1L);
        expected.put("iron", 1L);
        expected.put("silver", 1L);
        assertEquals(new ArrayList<>(expected.entrySet()), new ArrayList<>(members.countByStatus().entrySet()));

        Map<String, Long> sums = new LinkedHashMap<>();
        sums.put(null, 4L);
        sums.put("bronze", 3L);
        sums.put("gold", 7L);
        sums.put("gold2", 6L);
        sums.put("silver", 1L);
        assertEquals(new ArrayList<>(sums.entrySet()), new ArrayList<>(members.sumBalanceByStatus().entrySet()),
                "a group whose sum is zero is not listed");

        TicketRepository tickets = new TicketRepository(store);
        tickets.save(new Ticket("web", 1, "bob", null, null, null, 3));
        tickets.save(new Ticket("core", 1, "ann", null, null, null, 5));
        tickets.save(new Ticket("core", 2, null, null, null, null, null));
        tickets.save(new Ticket("api", 1, "ann", null, null, null, 1));
        Map<String, Long> byAssignee = new LinkedHashMap<>();
        byAssignee.put(null, 1L);
        byAssignee.put("ann", 2L);
        byAssignee.put("bob", 1L);
        assertEquals(new ArrayList<>(byAssignee.entrySet()), new ArrayList<>(tickets.countByAssignee().entrySet()));
        assertEquals(List.of(Map.entry("api", 1L), Map.entry("core", 5L), Map.entry("web", 3L)),
                new ArrayList<>(tickets.sumPointsByProject().entrySet()));
        assertEquals(1, tickets.countByProjectAndAssignee("core", null));
        assertEquals(1, tickets.countByProjectAndAssignee("core", "ann"));
        assertEquals(0, tickets.countByProjectAndAssignee("web", "ann"));
    }

    @Test
    void aCounterOverSeveralFieldsMapsTheLastOneForGivenLeadingValues() {
        TicketRepository tickets = new TicketRepository(store);
        tickets.save(new Ticket("core", 1, "bob", null, null, null, 3));
        tickets.save(new Ticket("core", 2, "ann", null, null, null, 5));
        tickets.save(new Ticket("core", 3, null, null, null, null, null));
        tickets.save(new Ticket("core", 4, "ann", null, null, null, 1));
        tickets.save(new Ticket("core2", 1, "cy", null, null, null, 1));   // a project whose name extends "core"
        tickets.save(new Ticket("web", 1, "ann", null, null, null, 1));
        Map<String, Long> core = new LinkedHashMap<>();
        core.put(null, 1L);
        core.put("ann", 2L);
        core.put("bob", 1L);
        assertEquals(new ArrayList<>(core.entrySet()), new ArrayList<>(tickets.countByProjectAndAssignee("core").entrySet()),
                "one scan over the project's groups, in group order, no other project's");
        assertEquals(Map.of("ann", 1L), tickets.countByProjectAndAssignee("web"));
        assertEquals(Map.of(), tickets.countByProjectAndAssignee("none"));
        tickets.deleteById("core", 1);
        assertEquals(java.util.Arrays.asList("ann", null), tickets.countByProjectAndAssignee("core").keySet().stream()
                .sorted(java.util.Comparator.nullsLast(String::compareTo)).toList(), "a group at zero is not listed");
    }

    @Test
    void aReplaceThatChangesTheGroupMovesTheCountAndADeleteDecrements() {
        Member ada = members.save(Member.of(1, null, "gold", 30, 100L, "Oslo", null));
        members.save(Member.of(2, null, "gold", 30, 50L, "Oslo", null));
        Member moved = members.save(ada.withStatus("silver"));
        assertEquals(1, members.countByStatus("gold"));
        assertEquals(1, members.countByStatus("silver"));
        assertEquals(50, members.sumBalanceByStatus("gold"));
        assertEquals(100, members.sumBalanceByStatus("silver"));
        assertEquals(1, members.countByCityAndStatus("Oslo", "silver"));
        assertEquals(2, members.countTotal());

        members.save(moved.withBalance(130L));
        assertEquals(130, members.sumBalanceByStatus("silver"));
        assertEquals(1, members.countByStatus("silver"), "a change of the sum field alone leaves the count");

        assertTrue(members.updateHome(1, new Home("Rome", "1")));
        assertEquals(0, members.countByCityAndStatus("Oslo", "silver"));
        assertEquals(1, members.countByCityAndStatus("Rome", "silver"));

        assertTrue(members.deleteById(2));
        assertEquals(0, members.countByStatus("gold"));
        assertEquals(1, members.countTotal());
        assertFalse(members.deleteById(2));
        assertEquals(1, members.countTotal(), "deleting an absent entity changes no counter");
    }

    @Test
    void aGroupThatReachesZeroLeavesNoKey() {
        Member ada = members.save(Member.of(1, null, "gold", 30, 100L, "Oslo", null));
        members.save(Member.of(2, null, "gold", 30, 50L, "Oslo", null));
        members.save(ada.withStatus("silver"));
        members.deleteById(2);
        assertEquals(Map.of(tuple("silver"), 1L), Raw.liveGroups(store, MEMBERS, "byStatus"));
        assertEquals(Map.of(tuple("silver"), 100L), Raw.liveGroups(store, MEMBERS, "balanceByStatus"));
        assertEquals(Map.of(tuple("Oslo", "silver"), 1L), Raw.liveGroups(store, MEMBERS, "byCityAndStatus"));
        assertTrue(members.updateBalance(1, null));
        assertEquals(Map.of(), Raw.liveGroups(store, MEMBERS, "balanceByStatus"));
        assertEquals(0, members.sumBalanceByStatus("silver"));
        members.deleteById(1);
        for (String counter : List.of("total", "byStatus", "balanceByStatus", "byCityAndStatus")) {
            assertEquals(Map.of(), Raw.liveGroups(store, MEMBERS, counter), counter);
        }
        assertEquals(Map.of(), members.countByStatus());
        assertEquals(0, members.countTotal());
        assertTrue(members.verify().isClean(), members.verify().toString());
    }

    /**
     * A sum can reach zero through an increase when the summed field is negative: the group must then
     * be removed as it is when a decrease reaches zero, and verify() must stay clean.
     */
    @Test
    void aSumGroupThatReachesZeroThroughAnIncreaseLeavesNoKey() {
        members.save(Member.of(1, null, "gold", 30, -5L, null, null));
        assertEquals(-5, members.sumBalanceByStatus("gold"));
        members.save(Member.of(2, null, "gold", 30, 5L, null, null));
        assertEquals(0, members.sumBalanceByStatus("gold"));
        assertEquals(Map.of(), Raw.liveGroups(store, MEMBERS, "balanceByStatus"), "the group reached zero");
        assertTrue(members.verify().isClean(), members.verify().toString());
    }

    @Test
    void aSumGroupThatReachesZeroThroughAnUpdateOfANegativeAmountLeavesNoKey() {
        members.save(Member.of(1, null, "gold", 30, -5L, null, null));
        assertTrue(members.updateBalance(1, 0L));
        assertEquals(Map.of(), Raw.liveGroups(store, MEMBERS, "balanceByStatus"), "the group reached zero");
        assertTrue(members.verify().isClean(), members.verify().toString());
    }

    /** Two members whose balances cancel: the group's sum is zero, it is stored as no key, and verify() agrees. */
    @Test
    void aSumGroupWhoseAmountsCancelVerifiesClean() {
        members.save(Member.of(1, null, "gold", 30, 5L, null, null));
        members.save(Member.of(2, null, "gold", 30, -5L, null, null));
        assertEquals(0, members.sumBalanceByStatus("gold"));
        assertEquals(Map.of(), Raw.liveGroups(store, MEMBERS, "balanceByStatus"));
        assertTrue(members.verify().isClean(), members.verify().toString());
        assertEquals(0, members.repair().repaired());
    }

    @Test
    void groupsOverAKeyComponentAndAnEmbeddedPathOnAClassEntity() {
        TicketRepository tickets = new TicketRepository(store);
        Ticket first = tickets.save(new Ticket("core", 1, "ann", null, null, null, 5));
        tickets.save(new Ticket("core", 2, "bob", null, null, null, null));
        tickets.save(new Ticket("web", 1, "ann", null, null, null, 2));
        assertEquals(5, tickets.sumPointsByProject("core"));
        first.points = 8;
        tickets.save(first);
        assertEquals(8, tickets.sumPointsByProject("core"));
        assertTrue(tickets.updatePoints("core", 2, 1));
        assertEquals(9, tickets.sumPointsByProject("core"));
        assertTrue(tickets.updateAssignee("core", 1, null));
        assertEquals(1, tickets.countByAssignee("ann"));
        assertEquals(1, tickets.countByAssignee(null));
        assertEquals(1, tickets.countByProjectAndAssignee("core", null));
        assertEquals(0, tickets.countByProjectAndAssignee("core", "ann"));
        assertEquals(Map.of(tuple("core", null), 1L, tuple("core", "bob"), 1L, tuple("web", "ann"), 1L),
                Raw.liveGroups(store, TICKETS, "byProjectAndAssignee"));
        assertTrue(tickets.verify().isClean(), tickets.verify().toString());
    }

    /**
     * Four writers insert and delete many entities of one group at once; every counter equals the
     * recount afterwards.
     */
    @Test
    void concurrentWritersOfOneGroupKeepEveryCounterExact() throws Exception {
        int threads = 4;
        int perThread = 150;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CyclicBarrier start = new CyclicBarrier(threads);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    start.await(30, TimeUnit.SECONDS);
                    Random random = new Random(thread);
                    for (int i = 0; i < perThread; i++) {
                        long id = thread * 10_000L + i;
                        members.save(Member.of(id, null, "hot", 30, (long) random.nextInt(100) - 20, "Oslo", null));
                        if (i % 3 == 1) {
                            members.deleteById(id - 1);
                        }
                        if (i % 5 == 2) {
                            members.updateStatus(id, "cold");
                        }
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
        Map<String, Long> counts = new TreeMap<>();
        Map<String, Long> sums = new HashMap<>();
        long total;
        try (Stream<Member> all = members.findAll()) {
            List<Member> list = all.toList();
            total = list.size();
            for (Member m : list) {
                counts.merge(m.status(), 1L, Long::sum);
                sums.merge(m.status(), m.balance(), Long::sum);
            }
        }
        assertTrue(total > 0);
        assertEquals(total, members.countTotal());
        assertEquals(counts, new TreeMap<>(members.countByStatus()));
        for (String status : List.of("hot", "cold")) {
            assertEquals(sums.getOrDefault(status, 0L), members.sumBalanceByStatus(status), status);
            assertEquals(counts.getOrDefault(status, 0L), members.countByCityAndStatus("Oslo", status), status);
        }
        assertTrue(members.verify().isClean(), members.verify().toString());
    }

    /**
     * Two transactions each delete one of the last two members of a group, both begun before either
     * commits (a barrier holds them). The group then reaches zero and must leave no key; each
     * transaction alone sees 2 - 1 = 1 in its snapshot and so neither removes it.
     */
    @Test
    void concurrentDeletesThatBringAGroupToZeroLeaveAZeroThatReadsAsAbsentUntilRepair() throws Exception {
        members.save(Member.of(1, null, "last", 30, 10L, null, null));
        members.save(Member.of(2, null, "last", 30, 20L, null, null));
        CyclicBarrier bothDeleted = new CyclicBarrier(2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (long id : new long[] {1, 2}) {
                AtomicInteger attempts = new AtomicInteger();
                done.add(pool.submit(() -> {
                    store.transact(tx -> {
                        assertTrue(members.with(tx).deleteById(id));
                        if (attempts.incrementAndGet() == 1) {
                            try {
                                bothDeleted.await(20, TimeUnit.SECONDS);
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        }
                    });
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
        // Each delete saw only its own decrement (2 -> 1), so neither could remove the group without
        // conflicting with every concurrent add; the documented contract is a zero that reads as absent.
        assertEquals(0, members.countTotal());
        assertEquals(Map.of(), members.countByStatus());
        assertTrue(Raw.counterGroups(store, MEMBERS, "byStatus").values().stream().allMatch(v -> v == 0));
        assertTrue(members.verify().isClean(), members.verify().toString());
        members.repair();
        assertEquals(Map.of(), Raw.counterGroups(store, MEMBERS, "byStatus"), "repair tidies the zero away");
        assertEquals(Map.of(), Raw.counterGroups(store, MEMBERS, "total"), "repair tidies the zero away");
    }
}
