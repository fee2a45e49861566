package io.kvmapper.it.schema;

import io.kvmapper.spi.KvBackend;
import static io.kvmapper.it.schema.SchemaFixtures.all;
import static io.kvmapper.it.schema.SchemaFixtures.assertExact;
import static io.kvmapper.it.schema.SchemaFixtures.awaitBuilds;
import static io.kvmapper.it.schema.SchemaFixtures.buildCursor;
import static io.kvmapper.it.schema.SchemaFixtures.counterGroups;
import static io.kvmapper.it.schema.SchemaFixtures.fillV1;
import static io.kvmapper.it.schema.SchemaFixtures.indexEntries;
import static io.kvmapper.it.schema.SchemaFixtures.member;
import static io.kvmapper.it.schema.SchemaFixtures.open;
import static io.kvmapper.it.schema.SchemaFixtures.storedNames;
import static io.kvmapper.it.schema.SchemaFixtures.storedState;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.IndexNotReadyException;
import io.kvmapper.KvStore;
import io.kvmapper.Progress;
import io.kvmapper.SchemaMismatchException;
import io.kvmapper.internal.layout.MetaKinds;
import io.kvmapper.it.schema.SchemaFixtures.Gate;
import io.kvmapper.it.schema.SchemaFixtures.ProgressLog;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Online schema changes of one stored entity, "Member", written by three code versions: {@link MemberV1}
 * (no indexes or counters), {@link MemberV2} (adds a unique index, a non-unique index, a count and a
 * sum) and {@link MemberV3} (drops one index and one counter).
 */
@Timeout(120)
class OnlineSchemaBuildTest {
    private static final List<String> V2_BUILDS = List.of("building index 'email'", "building index 'team'",
            "building counter 'byTeam'", "building counter 'pointsByRegion'");

    @TempDir
    Path dir;

    @Test
    void addedIndexesAndCountersAreBuiltInBatchesAndRefuseToServeUntilReady() throws Exception {
        try (KvStore store = open(dir)) {
            fillV1(store, 5_000);
        }
        ProgressLog log = new ProgressLog();
        Gate gate = Gate.atFirstBatchOf("building index 'email'");
        try (KvStore store = open(dir)) {
            store.addProgressListener(log);
            store.addProgressListener(gate);
            MemberV2Repository members = new MemberV2Repository(store);
            Progress held = gate.awaitReached();
            assertTrue(held.processed() > 0 && held.processed() < 5_000, "a first batch, not the whole build: " + held);

            // every added component is BUILDING: its finders and getters refuse, retryably
            assertBuilding("email", () -> members.findByEmail("m1@x"));
            assertBuilding("email", () -> members.findByEmailBetween("a", "z"));
            assertBuilding("team", () -> members.findByTeam("t1"));
            assertBuilding("byTeam", () -> members.countByTeam("t1"));
            assertBuilding("byTeam", members::countByTeam);
            assertBuilding("pointsByRegion", () -> members.sumPointsByRegion("r1"));
            assertBuilding("pointsByRegion", members::sumPointsByRegion);

            // the rest of the store serves, and writes go on, before and after the build's cursor
            assertEquals(new MemberV2(7, "m7@x", "t0", "r2", 8), members.findById(7).orElseThrow());
            members.save(new MemberV2(3, "m3-changed@x", "t-new", "r-new", 1_000));
            members.save(new MemberV2(4_999, "m4999-changed@x", "t-new", "r-new", 2_000));
            members.insert(new MemberV2(10_000, "new@x", "t-new", "r-new", 5));
            assertTrue(members.deleteById(100));
            assertTrue(members.deleteById(4_000));
            assertTrue(members.updateTeam(2, "t-new"));

            gate.release();
            awaitBuilds(store);

            assertEquals(Optional.of(10_000L), members.findByEmail("new@x").map(MemberV2::id));
            assertEquals(Optional.empty(), members.findByEmail("m3@x"));
            assertEquals(Optional.empty(), members.findByEmail("m100@x"));
            assertEquals(Optional.of(3L), members.findByEmail("m3-changed@x").map(MemberV2::id));
            assertEquals(List.of(2L, 3L, 4_999L, 10_000L),
                    members.findByTeam("t-new").stream().map(MemberV2::id).toList());
            assertEquals(4, members.countByTeam("t-new"));
            assertEquals(3_005, members.sumPointsByRegion("r-new"));
            assertEquals(4_999, all(members).size());
            assertExact(members, "after the build");
        }
        for (String task : V2_BUILDS) {
            List<Progress> reports = log.of(task);
            assertTrue(reports.size() >= 3, task + ": reported batch by batch: " + reports);
            Progress last = reports.get(reports.size() - 1);
            assertEquals(new Progress("Member", task, last.processed(), true, "done"), last, task);
            assertTrue(last.processed() >= 4_999 && last.processed() <= 5_001, task + " covered every record: " + last);
            for (int i = 0; i < reports.size() - 1; i++) {
                assertFalse(reports.get(i).finished(), task + ": only the last report is final: " + reports);
                assertTrue(reports.get(i).processed() <= reports.get(i + 1).processed(),
                        task + ": processed never decreases: " + reports);
            }
            assertTrue(reports.get(0).processed() < last.processed(), task + ": the first batch is not the whole build");
        }
    }

    @Test
    void aFreshStoreHasEveryAddedComponentReadyAtOnce() {
        ProgressLog log = new ProgressLog();
        try (KvStore store = open(dir)) {
            store.addProgressListener(log);
            MemberV2Repository members = new MemberV2Repository(store);
            // no await: nothing to build
            assertEquals(Optional.empty(), members.findByEmail("m1@x"));
            assertEquals(List.of(), members.findByTeam("t1"));
            assertEquals(0, members.countByTeam("t1"));
            assertEquals(Map.of(), members.sumPointsByRegion());
            members.save(new MemberV2(1, "a@x", "t1", "r1", 10));
            assertEquals(Optional.of(1L), members.findByEmail("a@x").map(MemberV2::id));
            assertEquals(1, members.countByTeam("t1"));
            assertExact(members, "fresh store");
            for (String kind : List.of(MetaKinds.INDEX, MetaKinds.COUNTER)) {
                for (String name : storedNames(store, kind)) {
                    assertEquals("READY", storedState(store, kind, name), kind + " " + name);
                }
            }
        }
        assertEquals(List.of(), log.all(), "nothing was built");

        // a store the first version opened but never wrote to has nothing to build either
        Path other = dir.resolve("other");
        try (KvStore store = open(other)) {
            new MemberV1Repository(store).findById(1);
        }
        try (KvStore store = open(other)) {
            MemberV2Repository members = new MemberV2Repository(store);
            assertEquals(Optional.empty(), members.findByEmail("m1@x"));
            assertEquals(Map.of(), members.countByTeam());
        }
    }

    @Test
    void twoVersionsOfOneEntityCannotShareAnOpenStore() {
        try (KvStore store = open(dir)) {
            new MemberV1Repository(store).save(member(1));
            SchemaMismatchException e = assertThrows(SchemaMismatchException.class,
                    () -> new MemberV2Repository(store));
            assertTrue(e.getMessage().contains("Member"), e.getMessage());
            assertEquals(Optional.of(member(1)), new MemberV1Repository(store).findById(1));
        }
    }

    @Test
    void aUniqueIndexOverExistingDuplicatesFailsWithTheirListAndTheRestOfTheStoreWorks() throws Exception {
        try (KvStore store = open(dir)) {
            fillV1(store, 1_200);
            MemberV1Repository v1 = new MemberV1Repository(store);
            v1.save(new MemberV1(10, "dup-a@x", "t3", "r0", 11));
            v1.save(new MemberV1(1_100, "dup-a@x", "t1", "r0", 1));
            v1.save(new MemberV1(20, "dup-b@x", "t6", "r0", 21));
            v1.save(new MemberV1(30, "dup-b@x", "t2", "r0", 31));
            v1.save(new MemberV1(40, "dup-b@x", "t5", "r0", 41));
        }
        for (int attempt = 1; attempt <= 2; attempt++) {
            ProgressLog log = new ProgressLog();
            try (KvStore store = open(dir)) {
                store.addProgressListener(log);
                MemberV2Repository members = new MemberV2Repository(store);
                awaitBuilds(store);
                String context = "open " + attempt + " with duplicates";

                IndexNotReadyException e = assertThrows(IndexNotReadyException.class,
                        () -> members.findByEmail("m1@x"), context);
                assertFalse(e.isRetryable(), context + ": a failed build is not retryable: " + e.getMessage());
                for (String part : List.of("'email'", "dup-a@x", "dup-b@x", "1100", "30", "40")) {
                    assertTrue(e.getMessage().contains(part), context + ": the message names " + part + ": "
                            + e.getMessage());
                }
                assertThrows(IndexNotReadyException.class, () -> members.findByEmailBetween("a", "z"), context);
                Progress last = log.of("building index 'email'").get(log.of("building index 'email'").size() - 1);
                assertTrue(last.finished() && last.outcome().startsWith("failed") && last.outcome().contains("dup-a@x"),
                        context + ": " + last);
                assertEquals(0, indexEntries(store, "email"), context + ": the failed index holds no entries");
                assertEquals(List.of(), storedNames(store, MetaKinds.INDEX_DUPLICATES), context);
                assertEquals("FAILED", storedState(store, MetaKinds.INDEX, "email"), context);

                // everything else keeps working: the other index, both counters, point reads and saves
                assertEquals(new MemberV2(30, "dup-b@x", "t2", "r0", 31), members.findById(30).orElseThrow());
                members.save(new MemberV2(5_000, "dup-a@x", "t-late", "r0", 7)); // not checked by a failed index
                assertTrue(members.updateTeam(1_100, "t-late"));
                List<MemberV2> all = all(members);
                assertEquals(SchemaFixtures.teamsOf(all), new TreeMap<>(members.countByTeam()), context);
                assertEquals(SchemaFixtures.pointsOf(all), new TreeMap<>(members.sumPointsByRegion()), context);
                assertEquals(List.of(1_100L, 5_000L), members.findByTeam("t-late").stream().map(MemberV2::id).toList());
                assertTrue(members.verify().isClean(), context + ": " + members.verify());
                assertTrue(members.deleteById(5_000));
                assertTrue(members.updateTeam(1_100, "t1"));
            }
        }

        // fix the duplicates with the code that wrote them, then open with the new code again
        try (KvStore store = open(dir)) {
            MemberV1Repository v1 = new MemberV1Repository(store);
            v1.save(member(1_100));
            v1.save(member(30));
            v1.save(member(40));
            awaitBuilds(store);
        }
        ProgressLog log = new ProgressLog();
        try (KvStore store = open(dir)) {
            store.addProgressListener(log);
            MemberV2Repository members = new MemberV2Repository(store);
            awaitBuilds(store);
            List<Progress> email = log.of("building index 'email'");
            assertEquals("done", email.get(email.size() - 1).outcome(), email.toString());
            assertEquals(Optional.of(10L), members.findByEmail("dup-a@x").map(MemberV2::id));
            assertEquals(Optional.of(20L), members.findByEmail("dup-b@x").map(MemberV2::id));
            assertEquals(Optional.of(1_100L), members.findByEmail("m1100@x").map(MemberV2::id));
            assertEquals("READY", storedState(store, MetaKinds.INDEX, "email"));
            assertEquals(List.of(), storedNames(store, MetaKinds.INDEX_DUPLICATES));
            assertExact(members, "after fixing the duplicates");
        }
    }

    @Test
    void droppedIndexAndCounterLeaveTheStoreAndTheKeptOnesStillWork() {
        try (KvStore store = open(dir)) {
            MemberV2Repository members = new MemberV2Repository(store);
            for (long id = 0; id < 1_500; id++) {
                MemberV1 m = member(id);
                members.save(new MemberV2(id, m.email(), m.team(), m.region(), m.points()));
            }
            assertEquals(1_500, indexEntries(store, "team"));
            assertEquals(5, counterGroups(store, "pointsByRegion"));
        }
        ProgressLog log = new ProgressLog();
        try (KvStore store = open(dir)) {
            store.addProgressListener(log);
            MemberV3Repository members = new MemberV3Repository(store);
            awaitBuilds(store);
            assertEquals(0, indexEntries(store, "team"), "the dropped index's entries");
            assertEquals(0, counterGroups(store, "pointsByRegion"), "the dropped counter's groups");
            assertEquals(List.of("email"), storedNames(store, MetaKinds.INDEX));
            assertEquals(List.of("byTeam"), storedNames(store, MetaKinds.COUNTER));
            assertEquals(List.of(), storedNames(store, MetaKinds.INDEX_CURSOR));
            assertEquals(List.of(), storedNames(store, MetaKinds.COUNTER_CURSOR));
            assertEquals(List.of(), storedNames(store, MetaKinds.INDEX_DUPLICATES));
            for (Map.Entry<String, Integer> drop : Map.of("dropping index 'team'", 1_500,
                    "dropping counter 'pointsByRegion'", 5).entrySet()) {
                List<Progress> reports = log.of(drop.getKey());
                assertEquals(new Progress("Member", drop.getKey(), drop.getValue(), true, "done"),
                        reports.get(reports.size() - 1), "the last report counts every entry dropped: " + reports);
            }
            assertTrue(log.all().stream().noneMatch(p -> p.task().startsWith("building")), log.all().toString());

            // the kept index and counter still work and are still maintained
            assertEquals(1_500, indexEntries(store, "email"));
            assertEquals(Optional.of(42L), members.findByEmail("m42@x").map(MemberV3::id));
            members.save(new MemberV3(42, "m42-new@x", "t-new", "r-new", 5));
            members.save(new MemberV3(2_000, "m2000@x", "t-new", "r-new", 5));
            assertEquals(Optional.of(42L), members.findByEmail("m42-new@x").map(MemberV3::id));
            assertEquals(2, members.countByTeam("t-new"));
            assertEquals(0, indexEntries(store, "team"), "no write brings the dropped index back");
            assertEquals(0, counterGroups(store, "pointsByRegion"));
            assertTrue(members.verify().isClean(), members.verify().toString());
        }
        // adding them back builds them again from the records
        try (KvStore store = open(dir)) {
            MemberV2Repository members = new MemberV2Repository(store);
            awaitBuilds(store);
            assertEquals(1_501, indexEntries(store, "team"));
            assertEquals(List.of(42L, 2_000L), members.findByTeam("t-new").stream().map(MemberV2::id).toList());
            assertExact(members, "after adding the dropped ones back");
        }
    }

    @Test
    void aBuildInterruptedByClosingTheStoreResumesFromItsCursor() throws Exception {
        try (KvStore store = open(dir)) {
            fillV1(store, 5_000);
        }
        Gate gate = new Gate(p -> p.task().equals("building index 'team'") && !p.finished() && p.processed() >= 1_000);
        KvStore held = open(dir);
        try (KvStore store = held) {
            store.addProgressListener(gate);
            MemberV2Repository members = new MemberV2Repository(store);
            gate.awaitReached();
            // writes on both sides of the cursor while the build is held
            members.save(new MemberV2(1, "m1-new@x", "t-new", "r-new", 100));
            members.save(new MemberV2(4_500, "m4500-new@x", "t-new", "r-new", 100));
            assertTrue(members.deleteById(2));
            assertTrue(members.deleteById(4_501));
            members.insert(new MemberV2(6_000, "m6000@x", "t-new", "r-new", 100));
            held.close(); // while the build is held between two batches
        }
        try (KvStore store = open(dir)) {
            assertEquals("READY", storedState(store, MetaKinds.INDEX, "email"));
            assertEquals("BUILDING", storedState(store, MetaKinds.INDEX, "team"));
            byte[] cursor = buildCursor(store, MetaKinds.INDEX_CURSOR, "team");
            assertNotNull(cursor);
            assertTrue(cursor.length > 0, "the interrupted build kept its cursor");
            assertEquals("BUILDING", storedState(store, MetaKinds.COUNTER, "byTeam"));
        }
        ProgressLog log = new ProgressLog();
        try (KvStore store = open(dir)) {
            store.addProgressListener(log);
            MemberV2Repository members = new MemberV2Repository(store);
            awaitBuilds(store);
            assertEquals(List.of(), log.of("building index 'email'"), "a finished build is not run again");
            List<Progress> team = log.of("building index 'team'");
            Progress last = team.get(team.size() - 1);
            assertEquals("done", last.outcome(), team.toString());
            assertTrue(last.processed() > 0 && last.processed() <= 4_000,
                    "the build resumed after the records it had covered: " + last);
            assertEquals(List.of(1L, 4_500L, 6_000L), members.findByTeam("t-new").stream().map(MemberV2::id).toList());
            assertNull(buildCursor(store, MetaKinds.INDEX_CURSOR, "team"));
            assertExact(members, "after the resumed build");
        }
    }

    @Test
    void aUniqueBuildInterruptedAfterItMetADuplicateStillFailsWhenItResumes() throws Exception {
        try (KvStore store = open(dir)) {
            fillV1(store, 2_000);
            new MemberV1Repository(store).save(new MemberV1(2, "m1@x", "t2", "r2", 3)); // ids 1 and 2 share m1@x
        }
        Gate gate = Gate.atFirstBatchOf("building index 'email'");
        KvStore held = open(dir);
        try (KvStore store = held) {
            store.addProgressListener(gate);
            new MemberV2Repository(store);
            gate.awaitReached(); // the first batch, which held both holders of m1@x, has committed
            held.close();
        }
        try (KvStore store = open(dir)) {
            MemberV2Repository members = new MemberV2Repository(store);
            awaitBuilds(store);
            IndexNotReadyException e = assertThrows(IndexNotReadyException.class, () -> members.findByEmail("m1@x"),
                    "a unique index over two entities with m1@x must not become ready; verify() says: "
                            + members.verify());
            assertFalse(e.isRetryable());
            assertTrue(e.getMessage().contains("m1@x"), e.getMessage());
            assertTrue(members.verify().isClean(), members.verify().toString());
        }
    }

    @Test
    void recordsInsertedWhileTheLastBatchesRunAreCovered() {
        try (KvStore store = open(dir)) {
            fillV1(store, 1_200);
        }
        try (KvStore store = open(dir)) {
            MemberV2Repository[] members = new MemberV2Repository[1];
            int[] inserted = {0};
            // in the build's own thread, after each of the last batches: a record beyond every covered one
            store.addProgressListener(p -> {
                if (p.task().equals("building index 'team'") && !p.finished() && p.processed() >= 1_200
                        && inserted[0] < 3) {
                    inserted[0]++;
                    members[0].insert(new MemberV2(100_000 + inserted[0], "late" + inserted[0] + "@x", "t-late",
                            "r-late", 1));
                }
            });
            members[0] = new MemberV2Repository(store);
            awaitBuilds(store);
            // in key order every late record lies beyond the build's cursor, so each keeps the build going
            // for one more batch; in another scan order some fall behind it, and the build may end sooner
            int late = inserted[0];
            if (store.unwrap(KvBackend.class).isGloballyOrdered()) {
                assertEquals(3, late);
            }
            assertTrue(late >= 1, "a late record was inserted");
            assertEquals(java.util.stream.LongStream.rangeClosed(100_001, 100_000 + late).boxed().toList(),
                    members[0].findByTeam("t-late").stream().map(MemberV2::id).toList());
            assertEquals(late, members[0].countByTeam("t-late"));
            assertExact(members[0], "after the build");
        }
    }

    private static void assertBuilding(String component, Executable call) {
        IndexNotReadyException e = assertThrows(IndexNotReadyException.class, call, component);
        assertTrue(e.isRetryable(), component + ": a build under way is retryable");
        assertTrue(e.getMessage().contains("'" + component + "'") && e.getMessage().contains("being built"),
                e.getMessage());
    }
}
