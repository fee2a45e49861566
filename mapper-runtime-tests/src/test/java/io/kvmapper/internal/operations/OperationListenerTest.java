package io.kvmapper.internal.operations;

import static io.kvmapper.internal.fixtures.MemberMapping.key;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.DuplicateKeyException;
import io.kvmapper.KvStore;
import io.kvmapper.OperationListener;
import io.kvmapper.internal.fixtures.Member;
import io.kvmapper.internal.fixtures.MemberMapping;
import io.kvmapper.internal.layout.ComponentRanges;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.tuple.Tuples;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What a store's OperationListener sees of repository operations and unit-of-work conflicts. */
class OperationListenerTest {
    private final KvStore store = MemoryKvStore.open();
    private final Recorder recorder = new Recorder();

    @AfterEach
    void closeStore() {
        store.close();
    }

    @Test
    void aStoreWithoutListenersHasNoneToCall() {
        assertNull(KvStoreImpl.of(store).operationListener(), "the null that keeps operations untimed");
    }

    @Test
    void eachOperationIsReportedOnceWithItsEntityKindAndOutcome() {
        store.addOperationListener(recorder);
        EntityOperations<Member> members = new EntityOperations<>(store, MemberMapping.full());
        members.save(Member.of(1, "ada", "ada@x", "red", 10));
        members.find(key(1));
        members.findByUniqueIndex("email", Tuples.encode("ada@x"));
        members.findByIndex("team", Tuples.encode("red"));
        members.counter("byTeam", Tuples.encode("red"));
        members.count("total");
        assertThrows(DuplicateKeyException.class, () -> members.insert(Member.of(1, "ada", "ada@x", "red", 10)));
        assertEquals(List.of("Member save ok", "Member find ok", "Member findByIndex ok", "Member findByIndex ok",
                "Member counter ok", "Member count ok", "Member insert DuplicateKeyException"), recorder.seen);
    }

    @Test
    void aQueryMethodIsReportedOnceAsAQueryAndItsDeletesEachAsADelete() {
        EntityOperations<Member> members = new EntityOperations<>(store, MemberMapping.full());
        members.save(Member.of(1, "ada", "ada@x", "red", 10));
        members.save(Member.of(2, "bob", "bob@x", "red", 20));
        store.addOperationListener(recorder);
        QueryScan red = QueryScan.index("team", ComponentRanges.all(Tuples.encode("red")));
        assertEquals(2, EntityQuery.of(members, "Members.findByTeam", new byte[] {1}).scan(red).list().size());
        assertEquals(2, EntityQuery.of(members, "Members.countByTeam", new byte[] {2}).scan(red).count());
        try (var found = EntityQuery.of(members, "Members.streamByTeam", new byte[] {3}).scan(red).stream()) {
            assertEquals(2, found.count());
        }
        assertEquals(2, EntityQuery.of(members, "Members.deleteByTeam", new byte[] {4}).scan(red)
                .delete(member -> "red".equals(member.team())));
        assertEquals(List.of("Member query ok", "Member query ok", "Member query ok", "Member delete ok",
                "Member delete ok", "Member query ok"), recorder.seen);
    }

    @Test
    void operationsInsideAUnitOfWorkAreReportedToo() {
        store.addOperationListener(recorder);
        EntityOperations<Member> members = new EntityOperations<>(store, MemberMapping.full());
        store.transact(tx -> members.with(tx).save(Member.of(1, "ada", "ada@x", "red", 10)));
        assertEquals(List.of("Member save ok"), recorder.seen);
    }

    @Test
    void aConflictThatIsRetriedIsReported() {
        store.addOperationListener(recorder);
        EntityOperations<Member> members = new EntityOperations<>(store, MemberMapping.full());
        members.save(Member.of(1, "ada", "ada@x", "red", 10));
        AtomicInteger attempts = new AtomicInteger();
        store.transact(tx -> {
            members.with(tx).find(key(1));
            if (attempts.incrementAndGet() == 1) {
                members.save(Member.of(1, "ada", "ada@x", "blue", 10)); // commits between our read and write
            }
            members.with(tx).save(Member.of(1, "ada", "ada@x", "green", 10));
        });
        assertEquals(2, attempts.get());
        assertEquals(List.of("conflict 1 retrying"), recorder.conflicts);
    }

    @Test
    void aListenerThatThrowsDoesNotFailTheOperationNorSilenceTheOthers() {
        store.addOperationListener((entity, operation, nanos, failure) -> {
            throw new IllegalStateException("broken listener");
        });
        store.addOperationListener(recorder);
        EntityOperations<Member> members = new EntityOperations<>(store, MemberMapping.full());
        members.save(Member.of(1, "ada", "ada@x", "red", 10));
        assertEquals(List.of("Member save ok"), recorder.seen);
        assertTrue(members.find(key(1)).isPresent());
    }

    private static final class Recorder implements OperationListener {
        final List<String> seen = new CopyOnWriteArrayList<>();
        final List<String> conflicts = new CopyOnWriteArrayList<>();

        @Override
        public void onOperation(String entity, String operation, long nanos, Throwable failure) {
            assertTrue(nanos >= 0);
            seen.add(entity + " " + operation + " " + (failure == null ? "ok" : failure.getClass().getSimpleName()));
        }

        @Override
        public void onConflict(int attempt, boolean retrying) {
            conflicts.add("conflict " + attempt + (retrying ? " retrying" : " final"));
        }
    }
}
