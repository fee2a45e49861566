package io.kvmapper.internal.maintenance;

import static io.kvmapper.internal.fixtures.MemberMapping.key;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.IndexNotReadyException;
import io.kvmapper.KvStore;
import io.kvmapper.Progress;
import io.kvmapper.SchemaMismatchException;
import io.kvmapper.internal.fixtures.Member;
import io.kvmapper.internal.fixtures.MemberMapping;
import io.kvmapper.internal.fixtures.Raw;
import io.kvmapper.internal.index.ComponentMaintainer;
import io.kvmapper.internal.index.ComponentStates.State;
import io.kvmapper.internal.index.EntityMaintainers;
import io.kvmapper.internal.index.IndexMaintainer;
import io.kvmapper.internal.layout.StoredComponent;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.internal.operations.EntityOperations;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.memory.ReopenableMemoryStore;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.tuple.Tuples;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The schema reconciler: what it decides when an entity is opened on a store that holds data of an earlier
 * version of its code. The store is reopened over the same data, as an application restarts with new code.
 */
class SchemaReconcilerTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final ReopenableMemoryStore data = new ReopenableMemoryStore();

    @AfterEach
    void freeData() {
        data.close();
    }

    private static EntityMaintainers<Member> open(KvStore store, MemberMapping mapping) {
        KvStoreImpl impl = KvStoreImpl.of(store);
        return impl.component(SchemaReconciler.class, SchemaReconciler::new)
                .open(RecordLayout.of(mapping, store.unwrap(KvBackend.class)), MemberMapping.LAYOUT);
    }

    private void writeMembers(MemberMapping mapping, int count) {
        try (KvStore store = data.open()) {
            EntityOperations<Member> members = new EntityOperations<>(store, mapping);
            for (int id = 0; id < count; id++) {
                members.save(Member.of(id, "h" + id, "m" + id + "@x", "t" + id % 3, id));
            }
        }
    }

    private static StoredComponent stored(Raw raw, ComponentMaintainer<Member> maintainer) {
        byte[] value = raw.get(maintainer.keys().metaKey());
        return value == null ? null : StoredComponent.parse(maintainer.keys().name(), maintainer.keys().metaKey(), value);
    }

    @Test
    void componentsOfAnEntityWithoutRecordsAreReadyAtOnce() {
        try (KvStore store = data.open()) {
            EntityMaintainers<Member> maintainers = open(store, MemberMapping.full());
            for (ComponentMaintainer<Member> maintainer : maintainers.all()) {
                assertEquals(State.READY, maintainer.state(), maintainer.keys().describe());
                assertEquals(StoredComponent.READY, stored(new Raw(store), maintainer).state());
            }
        }
    }

    @Test
    void componentsTheCodeAddsToAnEntityWithRecordsAreBuiltOnline() {
        writeMembers(MemberMapping.bare(), 700);
        MemberMapping v2 = MemberMapping.of(List.of(MemberMapping.BY_TEAM), List.of(MemberMapping.POINTS_BY_TEAM));
        try (KvStore store = data.open()) {
            EntityOperations<Member> members = new EntityOperations<>(store, v2);
            assertTrue(store.awaitSchemaBuilds(WAIT));
            assertEquals(State.READY, members.maintainers().index("team").state());
            assertEquals(234, members.findByIndex("team", Tuples.encode("t0")).size());
            assertTrue(members.verify(p -> { }).isClean());
        }
    }

    @Test
    void componentsTheCodeRemovesAreDropped() {
        writeMembers(MemberMapping.full(), 50);
        try (KvStore store = data.open()) {
            new EntityOperations<>(store, MemberMapping.of(List.of(MemberMapping.BY_TEAM), List.of()));
            assertTrue(store.awaitSchemaBuilds(WAIT));
            Raw raw = new Raw(store);
            assertEquals(List.of(), raw.entries("email"));
            assertEquals(0, raw.groups("byTeam"));
            assertEquals(50, raw.entries("team").size());
        }
    }

    @Test
    void aComponentWhoseDefinitionChangedIsClearedAndRebuilt() {
        writeMembers(MemberMapping.of(List.of(MemberMapping.BY_TEAM), List.of()), 50);
        IndexDefinition<Member> byHandleAsTeam = new IndexDefinition<>("team", false, 1, "index(handle:STRING)",
                (m, out) -> out.add(Tuples.encode(m.handle())));
        try (KvStore store = data.open()) {
            EntityOperations<Member> members = new EntityOperations<>(store,
                    MemberMapping.of(List.of(byHandleAsTeam), List.of()));
            assertTrue(store.awaitSchemaBuilds(WAIT));
            assertEquals(List.of(), members.findByIndex("team", Tuples.encode("t0")));
            assertEquals(1, members.findByIndex("team", Tuples.encode("h7")).size());
            assertEquals(50, new Raw(store).entries("team").size());
        }
    }

    @Test
    void aUniqueIndexOverDuplicatesFailsSaysWhichValuesAndIsTriedAgainOnReopening() {
        writeMembers(MemberMapping.bare(), 20);
        try (KvStore store = data.open()) {
            new EntityOperations<>(store, MemberMapping.bare()).save(Member.of(20, "h20", "m0@x", "t0", 0));
        }
        try (KvStore store = data.open()) {
            EntityOperations<Member> members = new EntityOperations<>(store,
                    MemberMapping.of(List.of(MemberMapping.BY_EMAIL), List.of()));
            assertTrue(store.awaitSchemaBuilds(WAIT));
            IndexMaintainer<Member> email = members.maintainers().index("email");
            assertEquals(State.FAILED, email.state());
            IndexNotReadyException e = assertThrows(IndexNotReadyException.class,
                    () -> members.findByUniqueIndex("email", Tuples.encode("m1@x")));
            assertTrue(e.getMessage().contains("\"m0@x\""), e.getMessage());
        }
        try (KvStore store = data.open()) {
            // the retried build runs in the background and may have failed again by the time open returns, so
            // the retry is seen in its progress reports rather than in a state read at one moment
            List<Progress> reports = new java.util.concurrent.CopyOnWriteArrayList<>();
            store.addProgressListener(reports::add);
            EntityMaintainers<Member> reopened = open(store, MemberMapping.of(List.of(MemberMapping.BY_EMAIL),
                    List.of()));
            assertTrue(store.awaitSchemaBuilds(WAIT));
            assertTrue(reports.stream().anyMatch(p -> p.finished() && p.task().contains("email")),
                    "a failed build is tried again: " + reports);
            assertEquals(State.FAILED, reopened.index("email").state(), "and fails while the duplicates remain");
        }
    }

    @Test
    void anOpenStoreServesOneVersionOfAnEntity() {
        try (KvStore store = data.open()) {
            EntityMaintainers<Member> first = open(store, MemberMapping.full());
            assertFalse(first.isEmpty());
            open(store, MemberMapping.full()); // the same code again is fine
            SchemaMismatchException e = assertThrows(SchemaMismatchException.class,
                    () -> open(store, MemberMapping.bare()));
            assertTrue(e.getMessage().contains("two versions of one entity cannot share an open store"),
                    e.getMessage());
        }
    }

    @Test
    void anUnfinishedBuildResumesWhenTheStoreIsOpenedAgain() {
        writeMembers(MemberMapping.bare(), 700);
        MemberMapping v2 = MemberMapping.of(List.of(MemberMapping.BY_TEAM), List.of(MemberMapping.COUNT_BY_TEAM));
        KvStore interrupted = data.open();
        open(interrupted, v2);
        interrupted.close();
        try (KvStore store = data.open()) {
            EntityOperations<Member> members = new EntityOperations<>(store, v2);
            assertTrue(store.awaitSchemaBuilds(WAIT));
            assertEquals(State.READY, members.maintainers().counter("byTeam").state());
            assertEquals(234, members.counter("byTeam", Tuples.encode("t0")));
            assertTrue(members.verify(p -> { }).isClean());
        }
    }
}
