package io.kvmapper.internal.index;

import static io.kvmapper.internal.fixtures.MemberMapping.key;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kvmapper.KvStore;
import io.kvmapper.internal.fixtures.Member;
import io.kvmapper.internal.fixtures.MemberMapping;
import io.kvmapper.internal.fixtures.Raw;
import io.kvmapper.internal.fixtures.States;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The maintainer of a counter, on its own: read-free adds per group, and the fence of an online build. */
class CounterMaintainerTest {
    private final KvStore store = MemoryKvStore.open();
    private final Raw raw = new Raw(store);
    private final MemberMapping mapping = MemberMapping.of(List.of(),
            List.of(MemberMapping.COUNT_BY_TEAM, MemberMapping.POINTS_BY_TEAM, MemberMapping.TOTAL));
    private final ComponentStates states = States.all(mapping, ComponentStates.State.READY);
    private final Member ada = Member.of(1, "ada", "ada@x", "red", 10);

    @AfterEach
    void closeStore() {
        store.close();
    }

    private EntityMaintainers<Member> on(KvBackend backend) {
        return MaintainerFactory.maintainers(mapping, MemberMapping.LAYOUT, states, backend);
    }

    @Test
    void countsAndSumsFollowTheDiff() {
        EntityMaintainers<Member> maintainers = on(store.unwrap(KvBackend.class));
        raw.write(kv -> maintainers.update(kv, key(1), null, ada));
        raw.write(kv -> maintainers.update(kv, key(2), null, ada.withPoints(5)));
        assertEquals(2, raw.counter(Raw.group("byTeam", "red")));
        assertEquals(15, raw.counter(Raw.group("pointsByTeam", "red")));
        assertEquals(2, raw.counter(Raw.group("total")));
        raw.write(kv -> maintainers.update(kv, key(2), ada.withPoints(5), ada.withPoints(7).withTeam("blue")));
        assertEquals(1, raw.counter(Raw.group("byTeam", "red")));
        assertEquals(1, raw.counter(Raw.group("byTeam", "blue")));
        assertEquals(10, raw.counter(Raw.group("pointsByTeam", "red")));
        assertEquals(7, raw.counter(Raw.group("pointsByTeam", "blue")));
        assertEquals(2, raw.counter(Raw.group("total")));
    }

    @Test
    void aGroupAtZeroIsRemovedWhereTheBackendDetectsConflicts() {
        EntityMaintainers<Member> maintainers = on(store.unwrap(KvBackend.class));
        raw.write(kv -> maintainers.update(kv, key(1), null, ada));
        raw.write(kv -> maintainers.update(kv, key(1), ada, ada.withTeam("blue")));
        assertNull(raw.counter(Raw.group("byTeam", "red")));
        assertNull(raw.counter(Raw.group("pointsByTeam", "red")));
        raw.write(kv -> maintainers.update(kv, key(1), ada.withTeam("blue"), null));
        assertEquals(0, raw.groups("byTeam") + raw.groups("pointsByTeam") + raw.groups("total"));
    }

    @Test
    void aGroupAtZeroStaysWhereTheBackendDetectsNoConflicts() {
        EntityMaintainers<Member> maintainers = on(new WithoutConflictDetection(store.unwrap(KvBackend.class)));
        raw.write(kv -> maintainers.update(kv, key(1), null, ada));
        raw.write(kv -> maintainers.update(kv, key(1), ada, null));
        assertEquals(0, raw.counter(Raw.group("byTeam", "red")), "removing it could swallow a concurrent add");
        assertEquals(0, raw.counter(Raw.group("pointsByTeam", "red")));
    }

    @Test
    void whileTheCounterIsBuiltOnlyRecordsTheBuildPassedAreCountedAndTheOthersBumpTheFence() {
        EntityMaintainers<Member> maintainers = on(store.unwrap(KvBackend.class));
        states.set(ComponentKind.COUNTER, "byTeam", new ComponentStates.Status(ComponentStates.State.BUILDING, ""));
        CounterMaintainer<Member> byTeam = maintainers.counter("byTeam");
        raw.write(kv -> kv.put(byTeam.keys().cursorKey(), key(5)));
        raw.write(kv -> maintainers.update(kv, key(3), null, ada));
        assertEquals(1, raw.counter(Raw.group("byTeam", "red")), "record 3 lies behind the cursor");
        assertNull(raw.counter(byTeam.keys().fenceKey()));
        raw.write(kv -> maintainers.update(kv, key(8), null, ada));
        raw.write(kv -> maintainers.update(kv, key(9), null, ada));
        assertEquals(1, raw.counter(Raw.group("byTeam", "red")), "records 8 and 9 are left to the build");
        assertEquals(2, raw.counter(byTeam.keys().fenceKey()));
        assertEquals(3, raw.counter(Raw.group("total")), "a ready counter counts every record");
    }

    @Test
    void aCounterBeingClearedBumpsTheFenceForEveryRecord() {
        EntityMaintainers<Member> maintainers = on(store.unwrap(KvBackend.class));
        states.set(ComponentKind.COUNTER, "byTeam", new ComponentStates.Status(ComponentStates.State.CLEARING, ""));
        CounterMaintainer<Member> byTeam = maintainers.counter("byTeam");
        raw.write(kv -> kv.put(byTeam.keys().cursorKey(), new byte[0]));
        raw.write(kv -> maintainers.update(kv, key(1), null, ada));
        assertNull(raw.counter(Raw.group("byTeam", "red")));
        assertEquals(1, raw.counter(byTeam.keys().fenceKey()));
    }

    @Test
    void aBackfillAddsEachRecordAndDropsASumThatCancelsOut() {
        EntityMaintainers<Member> maintainers = on(store.unwrap(KvBackend.class));
        CounterMaintainer<Member> points = maintainers.counter("pointsByTeam");
        raw.write(kv -> points.backfill(kv, List.of(key(1), key(2), key(3)),
                List.of(ada.withPoints(4), ada.withPoints(-4), ada.withTeam("blue").withPoints(2)), List.of()));
        assertNull(raw.counter(Raw.group("pointsByTeam", "red")));
        assertEquals(2, raw.counter(Raw.group("pointsByTeam", "blue")));
    }

    /** A backend like another, except that it says it detects no conflicts. */
    private record WithoutConflictDetection(KvBackend backend) implements KvBackend {
        @Override
        public boolean detectsConflicts() {
            return false;
        }

        @Override
        public KvTransaction beginTransaction() {
            return backend.beginTransaction();
        }

        @Override
        public boolean isGloballyOrdered() {
            return backend.isGloballyOrdered();
        }

        @Override
        public byte[] get(byte[] key) {
            return backend.get(key);
        }

        @Override
        public List<byte[]> getAll(List<byte[]> keys) {
            return backend.getAll(keys);
        }

        @Override
        public KvCursor scan(KeyRange range, ScanOptions options) {
            return backend.scan(range, options);
        }

        @Override
        public void close() {
        }
    }
}
