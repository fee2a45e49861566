package io.kvmapper.internal.operations;

import static io.kvmapper.internal.fixtures.MemberMapping.key;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.DuplicateKeyException;
import io.kvmapper.KvStore;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.internal.codec.AttributeField;
import io.kvmapper.internal.fixtures.Member;
import io.kvmapper.internal.fixtures.MemberMapping;
import io.kvmapper.internal.fixtures.Raw;
import io.kvmapper.internal.index.EntityMaintainers;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The operations of one entity on the in-memory store: one write path for records, index entries and counters. */
class EntityOperationsTest {
    private final KvStore store = MemoryKvStore.open();
    private final MemberMapping mapping = MemberMapping.full();
    private final EntityOperations<Member> members = new EntityOperations<>(store, mapping);
    private final Raw raw = new Raw(store);

    @AfterEach
    void closeStore() {
        store.close();
    }

    @Test
    void saveWritesTheRecordItsIndexEntriesAndItsCounters() {
        Member ada = Member.of(1, "ada", "ada@x", "red", 10);
        members.save(ada);
        assertEquals(Optional.of(ada), members.find(key(1)));
        assertEquals(Optional.of(ada), members.findByUniqueIndex("email", Tuples.encode("ada@x")));
        assertEquals(List.of(ada), members.findByIndex("team", Tuples.encode("red")));
        assertEquals(List.of(ada), members.findByIndex("tags", Tuples.encode("b")));
        assertEquals(1, members.counter("byTeam", Tuples.encode("red")));
        assertEquals(10, members.counter("pointsByTeam", Tuples.encode("red")));
        assertEquals(1, members.count("total"));
    }

    @Test
    void aSaveOverAStoredEntityChangesOnlyWhatItsDiffChanges() {
        members.save(Member.of(1, "ada", "ada@x", "red", 10));
        members.save(Member.of(1, "ada", "ada@y", "blue", 10).withTags(List.of("b", "c", "c")));
        assertEquals(Optional.empty(), members.findByUniqueIndex("email", Tuples.encode("ada@x")));
        assertNull(raw.get(Raw.uniqueEntry("email", "ada@x")), "the old unique value is released");
        assertEquals(Raw.text(Raw.entry("tags", "b", 1), Raw.entry("tags", "c", 1)), Raw.keys(raw.entries("tags")),
                "one entry per distinct tag");
        assertEquals(List.of(), members.findByIndex("team", Tuples.encode("red")));
        assertNull(raw.counter(Raw.group("byTeam", "red")), "a count at zero is removed on this backend");
        assertNull(raw.counter(Raw.group("pointsByTeam", "red")));
        assertEquals(10, members.counter("pointsByTeam", Tuples.encode("blue")));
        assertEquals(1, members.count("total"));
    }

    @Test
    void aUniqueViolationWithdrawsTheClaimsMadeBeforeItAndWritesNothing() {
        members.save(Member.of(1, "ada", "ada@x", "red", 10));
        store.transact(tx -> {
            EntityOperations<Member> inTx = members.with(tx);
            // "handle" is claimed before "email" fails: the claim must not survive
            assertThrows(UniqueConstraintException.class, () -> inTx.save(Member.of(2, "bob", "ada@x", "red", 5)));
            inTx.save(Member.of(3, "cy", "cy@x", "red", 1));
        });
        assertNull(raw.get(Raw.uniqueEntry("handle", "bob")));
        assertEquals(Optional.empty(), members.find(key(2)));
        assertEquals(2, members.counter("byTeam", Tuples.encode("red")));
        assertEquals(11, members.counter("pointsByTeam", Tuples.encode("red")));
        members.save(Member.of(4, "bob", "bob@x", "red", 0));
        assertTrue(members.verify(progress -> { }).isClean());
    }

    @Test
    void deleteRemovesTheRecordItsEntriesAndItsContribution() {
        members.save(Member.of(1, "ada", "ada@x", "red", 10));
        members.save(Member.of(2, "bob", "bob@x", "red", 5));
        assertTrue(members.delete(key(1)));
        assertFalse(members.delete(key(1)));
        assertEquals(Optional.empty(), members.find(key(1)));
        assertNull(raw.get(Raw.uniqueEntry("email", "ada@x")));
        assertEquals(1, members.counter("byTeam", Tuples.encode("red")));
        assertEquals(5, members.counter("pointsByTeam", Tuples.encode("red")));
        assertEquals(Raw.text(Raw.entry("tags", "a", 2), Raw.entry("tags", "b", 2)), Raw.keys(raw.entries("tags")));
    }

    @Test
    void insertRefusesATakenKeyAndUpdateChangesInOneUnitOfWork() {
        members.insert(Member.of(1, "ada", "ada@x", "red", 10));
        assertThrows(DuplicateKeyException.class, () -> members.insert(Member.of(1, "bob", "bob@x", "red", 1)));
        assertTrue(members.update(key(1), m -> m.withTeam("blue").withPoints(3)));
        assertFalse(members.update(key(9), m -> m.withTeam("blue")));
        assertEquals("blue", members.find(key(1)).orElseThrow().team());
        assertEquals(3, members.counter("pointsByTeam", Tuples.encode("blue")));
        assertEquals(0, members.counter("byTeam", Tuples.encode("red")));
    }

    @Test
    void anEntityWithoutIndexesOrCountersIsWrittenWithoutItsOldState() {
        EntityOperations<Member> bare = new EntityOperations<>(MemoryKvStore.open(), MemberMapping.bare());
        assertTrue(bare.maintainers().isEmpty());
        Member ada = Member.of(1, "ada", "ada@x", "red", 10);
        assertSame(ada, bare.save(ada));
        assertEquals(1, bare.count());
        bare.store().close();
    }

    @Test
    void aFieldChangeNeedsALayoutThatStoresFieldsApart() {
        members.save(Member.of(1, "ada", "ada@x", "red", 10));
        AttributeField team = new AttributeField("team", Tuples.encode("team"), true, true);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> members.setAttribute(key(1), team, out -> { }, m -> m.withTeam("blue")));
        assertTrue(e.getMessage().contains("one value per record"), e.getMessage());
    }

    /**
     * Repositories of one entity created at once from many threads share one state: the first one cached. (Each
     * thread may build a state while another does; the one that loses the race must not keep its own.)
     */
    @Test
    void repositoriesOpenedAtOnceFromManyThreadsShareOneState() throws Exception {
        int threads = 16;
        for (int round = 0; round < 20; round++) {
            try (KvStore fresh = MemoryKvStore.open()) {
                MemberMapping shared = MemberMapping.full();
                CyclicBarrier start = new CyclicBarrier(threads);
                ExecutorService pool = Executors.newFixedThreadPool(threads);
                List<Future<EntityMaintainers<Member>>> opened = new ArrayList<>();
                try {
                    for (int t = 0; t < threads; t++) {
                        opened.add(pool.submit(() -> {
                            start.await();
                            return new EntityOperations<>(fresh, shared).maintainers();
                        }));
                    }
                    EntityMaintainers<Member> first = opened.get(0).get(30, TimeUnit.SECONDS);
                    for (Future<EntityMaintainers<Member>> other : opened) {
                        assertSame(first, other.get(30, TimeUnit.SECONDS), "round " + round);
                    }
                    assertSame(first, new EntityOperations<>(fresh, shared).maintainers());
                } finally {
                    pool.shutdownNow();
                }
            }
        }
    }
}
