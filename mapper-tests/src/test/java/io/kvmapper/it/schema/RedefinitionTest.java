package io.kvmapper.it.schema;

import static io.kvmapper.it.schema.SchemaFixtures.awaitBuilds;
import static io.kvmapper.it.schema.SchemaFixtures.indexEntries;
import static io.kvmapper.it.schema.SchemaFixtures.member;
import static io.kvmapper.it.schema.SchemaFixtures.open;
import static io.kvmapper.it.schema.SchemaFixtures.storedState;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.internal.layout.MetaKinds;
import io.kvmapper.it.schema.SchemaFixtures.Gate;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index and a counter whose definitions change under the same names ({@link MemberV2} to
 * {@link MemberV4}) are rebuilt from scratch: the old entries and groups are cleared first, then the
 * new ones built. A close in the middle of the clearing must not leave old entries behind.
 */
@Timeout(120)
class RedefinitionTest {
    private static final int RECORDS = 1_500;

    @TempDir
    Path dir;

    @Test
    void aRedefinedIndexAndCounterAreRebuiltFromScratch() {
        writeWithV2();
        try (KvStore store = open(dir)) {
            MemberV4Repository members = new MemberV4Repository(store);
            awaitBuilds(store);
            assertRebuilt(store, members);
        }
    }

    @Test
    void aRebuildInterruptedWhileClearingTheOldEntriesClearsThemWhenResumed() throws Exception {
        writeWithV2();
        Gate gate = Gate.atFirstBatchOf("building index 'team'"); // the clearing reports first, per 500 deleted
        KvStore held = open(dir);
        try (KvStore store = held) {
            store.addProgressListener(gate);
            new MemberV4Repository(store);
            assertEquals(500, gate.awaitReached().processed(), "held after clearing the first 500 old entries");
            held.close();
        }
        try (KvStore store = open(dir)) {
            assertNotEquals("READY", storedState(store, MetaKinds.INDEX, "team"));
            assertEquals(RECORDS - 500, indexEntries(store, "team"), "old entries still to clear");
        }
        try (KvStore store = open(dir)) {
            MemberV4Repository members = new MemberV4Repository(store);
            awaitBuilds(store);
            assertRebuilt(store, members);
        }
    }

    @Test
    void anIndexReaddedWhileItsDropWasCutShortIsClearedAndRebuiltEvenIfThatIsCutShortToo() throws Exception {
        writeWithV2();
        Gate dropping = Gate.atFirstBatchOf("dropping index 'team'");
        KvStore first = open(dir);
        try (KvStore store = first) {
            store.addProgressListener(dropping);
            new MemberV3Repository(store);
            dropping.awaitReached();
            first.close(); // the drop of 'team' and 'pointsByRegion' is cut short
        }
        Gate clearing = Gate.atFirstBatchOf("building index 'team'");
        KvStore second = open(dir);
        try (KvStore store = second) {
            store.addProgressListener(clearing);
            new MemberV2Repository(store); // adds them back while the store still holds part of them
            clearing.awaitReached();
            second.close(); // and the clearing before the rebuild is cut short too
        }
        try (KvStore store = open(dir)) {
            MemberV2Repository members = new MemberV2Repository(store);
            awaitBuilds(store);
            assertEquals(RECORDS, indexEntries(store, "team"));
            SchemaFixtures.assertExact(members, "after the drop and the rebuild were both cut short");
        }
    }

    private void writeWithV2() {
        try (KvStore store = open(dir)) {
            MemberV2Repository members = new MemberV2Repository(store);
            for (long id = 0; id < RECORDS; id++) {
                MemberV1 m = member(id);
                members.save(new MemberV2(id, m.email(), m.team(), m.region(), m.points()));
            }
        }
    }

    private static void assertRebuilt(KvStore store, MemberV4Repository members) {
        IntegrityReport report = members.verify();
        assertTrue(report.isClean(), report.toString());
        assertEquals(RECORDS, indexEntries(store, "team"), "one entry per member, none of the old definition");
        List<MemberV4> all;
        try (Stream<MemberV4> stream = members.findAll()) {
            all = stream.sorted(java.util.Comparator.comparingLong(MemberV4::id)).toList(); // key order
        }
        Map<String, Long> byRegion = all.stream().collect(Collectors.groupingBy(MemberV4::region, TreeMap::new,
                Collectors.counting()));
        assertEquals(byRegion, new TreeMap<>(members.countByTeam()));
        for (String region : byRegion.keySet()) {
            assertEquals(all.stream().filter(m -> m.region().equals(region)).map(MemberV4::id).toList(),
                    members.findByTeam(region).stream().map(MemberV4::id).toList(), region);
        }
        assertEquals(List.of(), members.findByTeam("t1"), "no entry of the old definition answers");
    }
}
