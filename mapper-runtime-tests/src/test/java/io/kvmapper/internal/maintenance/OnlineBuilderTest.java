package io.kvmapper.internal.maintenance;

import static io.kvmapper.internal.fixtures.MemberMapping.key;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.Progress;
import io.kvmapper.RetryPolicy;
import io.kvmapper.internal.fixtures.Member;
import io.kvmapper.internal.fixtures.MemberMapping;
import io.kvmapper.internal.fixtures.Raw;
import io.kvmapper.internal.fixtures.ScanRecordingBackend;
import io.kvmapper.internal.fixtures.States;
import io.kvmapper.internal.index.ComponentKeys;
import io.kvmapper.internal.index.ComponentKind;
import io.kvmapper.internal.index.ComponentMaintainer;
import io.kvmapper.internal.index.ComponentStates;
import io.kvmapper.internal.index.ComponentStates.State;
import io.kvmapper.internal.index.EntityMaintainers;
import io.kvmapper.internal.index.MaintainerFactory;
import io.kvmapper.internal.layout.StoredComponent;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.spi.KvBackend;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The online builder on its own: components the test marks as being built (as the schema reconciler would) are
 * built from the records through their maintainers, in batches, while writers keep writing; drops delete a
 * component's items.
 */
class OnlineBuilderTest {
    private static final int MEMBERS = 1200;
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final KvStore store = MemoryKvStore.open();
    private final KvStoreImpl impl = KvStoreImpl.of(store);
    private final Raw raw = new Raw(store);
    private final MemberMapping mapping = MemberMapping.of(List.of(MemberMapping.BY_EMAIL, MemberMapping.BY_TEAM),
            List.of(MemberMapping.COUNT_BY_TEAM, MemberMapping.POINTS_BY_TEAM));
    private final RecordLayout<Member> records = RecordLayout.of(mapping, store.unwrap(KvBackend.class));
    private final ComponentStates states = States.all(mapping, State.BUILDING);
    private final EntityMaintainers<Member> maintainers = MaintainerFactory.maintainers(mapping, MemberMapping.LAYOUT,
            states, store.unwrap(KvBackend.class));
    private final OnlineBuilder builder = impl.component(OnlineBuilder.class, OnlineBuilder::new);
    private final List<Progress> progress = new CopyOnWriteArrayList<>();

    @AfterEach
    void closeStore() {
        store.close();
    }

    private static Member member(long id) {
        return Member.of(id, "h" + id, "m" + id + "@x", "t" + id % 3, id % 10);
    }

    /** Writes the records alone, as code without the components did. */
    private void writeRecords(int count) {
        raw.write(kv -> {
            for (int id = 0; id < count; id++) {
                records.write(kv, key(id), null, member(id));
            }
        });
    }

    /** Records every component as being built from scratch, as the reconciler does before it starts a build. */
    private void markBuilding(String state) {
        raw.write(kv -> {
            for (ComponentMaintainer<Member> maintainer : maintainers.all()) {
                StoredComponent.write(kv, maintainer.keys().metaKey(), maintainer.signature(), state, "");
                kv.put(maintainer.keys().cursorKey(), new byte[0]);
            }
        });
    }

    private void buildAll(boolean clearFirst) {
        impl.addProgressListener(progress::add);
        for (ComponentMaintainer<Member> maintainer : maintainers.all()) {
            builder.build(maintainer, clearFirst, records, MemberMapping.LAYOUT, states);
        }
        assertTrue(store.awaitSchemaBuilds(WAIT), "the builds did not finish");
    }

    private void assertBuiltAndClean() {
        for (ComponentMaintainer<Member> maintainer : maintainers.all()) {
            ComponentKeys keys = maintainer.keys();
            assertEquals(State.READY, maintainer.state(), keys.describe());
            assertEquals(StoredComponent.READY, StoredComponent.parse(keys.name(), keys.metaKey(),
                    raw.get(keys.metaKey())).state(), keys.describe());
            assertNull(raw.get(keys.cursorKey()), "the build's cursor is gone");
            if (keys.fenceKey() != null) {
                assertNull(raw.get(keys.fenceKey()), "the build's fence is gone");
            }
        }
        var report = new IntegrityChecker<>(impl, records, MemberMapping.LAYOUT, maintainers, false, p -> { }).run();
        assertTrue(report.isClean(), report.problems().toString());
    }

    @Test
    void aBuildCoversEveryRecordInBatchesAndEndsReady() {
        writeRecords(MEMBERS);
        markBuilding(StoredComponent.BUILDING);
        buildAll(false);
        assertBuiltAndClean();
        assertEquals(MEMBERS, raw.entries("email").size());
        assertEquals(MEMBERS / 3, raw.counter(Raw.group("byTeam", "t0")));
        assertTrue(progress.stream().anyMatch(p -> p.task().equals("building index 'email'") && !p.finished()
                && p.processed() == OnlineBuilder.BATCH), progress.toString());
        assertTrue(progress.stream().anyMatch(p -> p.task().equals("building counter 'byTeam'") && p.finished()
                && p.outcome().equals("done")), progress.toString());
    }

    @Test
    void writersDuringABuildLeaveEveryIndexEntryAndCountExact() throws Exception {
        writeRecords(MEMBERS);
        markBuilding(StoredComponent.BUILDING);
        Thread writer = new Thread(() -> {
            for (int i = 0; i < 400; i++) {
                long id = ThreadLocalRandom.current().nextLong(MEMBERS + 100);
                impl.transactKv(kv -> {
                    RecordLayout.Stored<Member> old = records.load(kv, key(id));
                    Member before = old == null ? null : old.entity();
                    Member now = member(id).withTeam("t" + ThreadLocalRandom.current().nextInt(5))
                            .withPoints(ThreadLocalRandom.current().nextInt(100));
                    maintainers.update(kv, key(id), before, now);
                    records.write(kv, key(id), old, now);
                });
            }
        });
        writer.start();
        buildAll(false);
        writer.join(WAIT.toMillis());
        assertBuiltAndClean();
    }

    @Test
    void aBuildThatMeetsDuplicatesFailsAndDeletesWhatItWrote() {
        writeRecords(10);
        raw.write(kv -> records.write(kv, key(10), null, member(10).withEmail("m3@x")));
        markBuilding(StoredComponent.BUILDING);
        buildAll(false);
        ComponentMaintainer<Member> email = maintainers.index("email");
        assertEquals(State.FAILED, email.state());
        StoredComponent stored = StoredComponent.parse("email", email.keys().metaKey(),
                raw.get(email.keys().metaKey()));
        assertEquals(StoredComponent.FAILED, stored.state());
        assertTrue(stored.detail().contains("1 entities hold a value another entity holds"), stored.detail());
        assertEquals(List.of(), raw.entries("email"));
        assertEquals(State.READY, maintainers.index("team").state(), "other builds are not affected");
    }

    @Test
    void aBuildFromScratchFirstDeletesWhatAnEarlierDefinitionLeft() {
        writeRecords(MEMBERS);
        raw.write(kv -> {
            kv.put(Raw.entry("team", "stale", 1), new byte[0]);
            kv.add(Raw.group("byTeam", "stale"), 5);
        });
        markBuilding(StoredComponent.CLEARING);
        states.set(ComponentKind.INDEX, "team", new ComponentStates.Status(State.CLEARING, ""));
        buildAll(true);
        assertBuiltAndClean();
        assertNull(raw.get(Raw.entry("team", "stale", 1)));
        assertNull(raw.counter(Raw.group("byTeam", "stale")));
    }

    @Test
    void aDropDeletesTheItemsAndTheMetadataOfAComponentKnownByKindAndName() {
        writeRecords(MEMBERS);
        markBuilding(StoredComponent.BUILDING);
        buildAll(false);
        ComponentKeys email = ComponentKind.INDEX.keys(MemberMapping.LAYOUT, "email");
        ComponentKeys byTeam = ComponentKind.COUNTER.keys(MemberMapping.LAYOUT, "byTeam");
        raw.write(kv -> {
            StoredComponent.write(kv, email.metaKey(), "unique(email:STRING)", StoredComponent.DROPPING, "");
            StoredComponent.write(kv, byTeam.metaKey(), "count(team:STRING)", StoredComponent.DROPPING, "");
        });
        builder.drop(email);
        builder.drop(byTeam);
        assertTrue(store.awaitSchemaBuilds(WAIT));
        assertEquals(List.of(), raw.entries("email"));
        assertEquals(0, raw.groups("byTeam"));
        assertNull(raw.get(email.metaKey()));
        assertNull(raw.get(byTeam.metaKey()));
        assertEquals(MEMBERS, raw.entries("team").size(), "other components stay");
    }

    /**
     * A drop's batches each resume after the last key the batch before deleted, instead of scanning the index
     * from its start over the deletion markers of every earlier batch, which made dropping quadratic on RocksDB
     * (issue 20, defect 10; its cost at 1M entries is measured by DropIndexBenchmark).
     */
    @Test
    void aDropScansTheIndexOnceFromItsStart() {
        ScanRecordingBackend recording = new ScanRecordingBackend(MemoryKvStore.open().unwrap(KvBackend.class));
        try (KvStore recorded = KvStoreImpl.open(recording, RetryPolicy.DEFAULT)) {
            ComponentKeys team = ComponentKind.INDEX.keys(MemberMapping.LAYOUT, "team");
            int entries = 5 * 500 + 123;
            new Raw(recorded).write(kv -> {
                for (int id = 0; id < entries; id++) {
                    kv.put(Raw.entry("team", "t" + id % 7, id), new byte[0]);
                }
            });
            KvStoreImpl.of(recorded).component(OnlineBuilder.class, OnlineBuilder::new).drop(team);
            assertTrue(recorded.awaitSchemaBuilds(WAIT));
            assertEquals(List.of(), new Raw(recorded).entries("team"));
            List<ScanRecordingBackend.Start> scans = recording.starts().stream()
                    .filter(start -> start.range().equals(team.items())).toList();
            assertEquals(6, scans.size(), "one scan per batch of 500, the last one short");
            assertEquals(1, scans.stream().filter(start -> !start.resumed()).count(), "only the first starts at the start");
        }
    }

    @Test
    void closingTheStoreStopsTheBuilderAndNoWorkStartsAfterwards() {
        writeRecords(10);
        markBuilding(StoredComponent.BUILDING);
        store.close();
        assertTrue(builder.isClosed());
        builder.build(maintainers.index("email"), false, records, MemberMapping.LAYOUT, states);
        assertTrue(store.awaitSchemaBuilds(WAIT));
        assertEquals(State.BUILDING, maintainers.index("email").state(), "the build resumes when the store reopens");
    }
}
