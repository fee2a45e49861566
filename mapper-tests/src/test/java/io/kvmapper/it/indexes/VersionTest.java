package io.kvmapper.it.indexes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.DuplicateKeyException;
import io.kvmapper.KvStore;
import io.kvmapper.OptimisticLockException;
import io.kvmapper.Transaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

/** {@code @Version long version}: every save increments it, stale saves fail and change nothing. */
class VersionTest {
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

    private static Member member(long id) {
        return Member.of(id, "m" + id + "@x", "gold", 30, 10L, "Oslo", List.of("t"));
    }

    @Test
    void savingANewRecordStoresVersionOneAndReturnsANewInstance() {
        Member fresh = member(1);
        Member stored = members.save(fresh);
        assertNotSame(fresh, stored);
        assertEquals(0, fresh.version(), "the argument is not changed");
        assertEquals(fresh.withVersion(1), stored);
        assertEquals(stored, members.findById(1).orElseThrow());

        Member second = members.save(stored.withAge(31));
        assertEquals(2, second.version());
        Member third = members.save(second);
        assertEquals(3, third.version());
        assertEquals(third, members.findById(1).orElseThrow());
    }

    @Test
    void savingANewClassEntityReturnsAStoredCopyAndLeavesTheArgument() {
        Ticket fresh = new Ticket("core", 1, "ann", "C-1", new Place("B", 1), Set.of("bug"), 3);
        fresh.note = "transient";
        Ticket stored = tickets.save(fresh);
        assertNotSame(fresh, stored);
        assertEquals(0, fresh.version, "the argument is not changed");
        assertEquals("transient", fresh.note);
        assertEquals(1, stored.version);
        assertEquals(tickets.findById("core", 1).orElseThrow(), stored);
        stored.points = 4;
        Ticket next = tickets.save(stored);
        assertEquals(2, next.version);
        assertEquals(1, stored.version);
        assertThrows(OptimisticLockException.class, () -> tickets.save(stored), "the copy we kept is stale now");
        assertThrows(OptimisticLockException.class, () -> tickets.save(fresh));
        assertEquals(2, tickets.findById("core", 1).orElseThrow().version);
    }

    @Test
    void savingAStaleCopyFailsAndChangesNothing() {
        Member v1 = members.save(member(1));
        Member v2 = members.save(v1.withStatus("silver"));
        Map<String, String> before = Raw.dump(store);
        OptimisticLockException e = assertThrows(OptimisticLockException.class,
                () -> members.save(v1.withStatus("bronze").withEmail("other@x").withTags(List.of("q"))));
        assertTrue(e.getMessage().contains("IxMember"), e.getMessage());
        assertEquals(before, Raw.dump(store), "record, entries and counters unchanged");
        assertEquals(v2, members.findById(1).orElseThrow());
        assertEquals(Map.of("silver", 1L), members.countByStatus());
        assertThrows(OptimisticLockException.class, () -> members.save(member(1)),
                "a new copy (version 0) over a stored entity is stale too");
        assertThrows(OptimisticLockException.class, () -> members.save(v2.withVersion(7)),
                "a version from the future is wrong too");
        assertEquals(before, Raw.dump(store));
    }

    @Test
    void savingACopyOfAnEntityDeletedMeanwhileFails() {
        Member v1 = members.save(member(1));
        assertTrue(members.deleteById(1));
        Map<String, String> before = Raw.dump(store);
        assertThrows(OptimisticLockException.class, () -> members.save(v1.withAge(50)));
        assertEquals(before, Raw.dump(store));
        assertFalse(members.existsById(1));
        assertEquals(0, members.countTotal());
        assertEquals(1, members.save(member(1)).version(), "a new entity (version 0) may be saved again");
    }

    @Test
    void insertRequiresVersionZeroAndStoresVersionOne() {
        Map<String, String> before = Raw.dump(store);
        assertThrows(OptimisticLockException.class, () -> members.insert(member(1).withVersion(3)));
        assertEquals(before, Raw.dump(store));
        members.insert(member(1));
        assertEquals(1, members.findById(1).orElseThrow().version());
        assertThrows(DuplicateKeyException.class, () -> members.insert(member(1)));
        assertEquals(1, members.countTotal());
    }

    @Test
    void aSaveInsideATransactionSeesTheVersionItsEarlierSaveStored() {
        members.save(member(1));
        store.transact(tx -> {
            MemberRepository inTx = members.with(tx);
            Member a = inTx.save(inTx.findById(1).orElseThrow().withAge(40));
            Member b = inTx.save(a.withAge(41));
            assertEquals(3, b.version());
            assertThrows(OptimisticLockException.class, () -> inTx.save(a));
        });
        assertEquals(3, members.findById(1).orElseThrow().version());
        assertEquals(41, members.findById(1).orElseThrow().age());
    }

    /** Eight writers save a change to the same version at once, many rounds: exactly one wins each round. */
    @Test
    void concurrentSavesOfOneVersionExactlyOneWins() throws Exception {
        members.save(member(1));
        int threads = 8;
        int rounds = 15;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CyclicBarrier read = new CyclicBarrier(threads);
            CyclicBarrier written = new CyclicBarrier(threads);
            List<Future<Integer>> wins = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                wins.add(pool.submit(() -> {
                    int won = 0;
                    for (int round = 0; round < rounds; round++) {
                        Member copy = members.findById(1).orElseThrow();
                        read.await(30, TimeUnit.SECONDS);
                        try {
                            members.save(copy.withAge(thread));
                            won++;
                        } catch (OptimisticLockException expected) {
                            // another writer won this round
                        }
                        written.await(30, TimeUnit.SECONDS);
                    }
                    return won;
                }));
            }
            int total = 0;
            for (Future<Integer> f : wins) {
                total += f.get(60, TimeUnit.SECONDS);
            }
            assertEquals(rounds, total);
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
        }
        assertEquals(1 + rounds, members.findById(1).orElseThrow().version());
        assertTrue(members.verify().isClean());
    }
}
