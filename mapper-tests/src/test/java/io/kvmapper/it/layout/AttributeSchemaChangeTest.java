package io.kvmapper.it.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.Progress;
import io.kvmapper.ProgressListener;
import io.kvmapper.Transaction;
import io.kvmapper.it.TestStores;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Indexes and counters added to an attribute-per-key entity that already has records are built
 * online, batch by batch over records of many items each, while element-wise changes go on before
 * and after the build's cursor.
 */
// The limits only stop a hung build: on a Cassandra node 1,200 records of 25 items and five builds take 80 s
// on a loaded 2-core machine.
@Timeout(360)
class AttributeSchemaChangeTest {
    private static final int RECORDS = 1_200;
    private static final Duration WAIT = Duration.ofSeconds(150);

    @TempDir
    Path dir;

    static GadgetV1 gadget(long id) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            parts.add("part" + ((id + i) % 40));
        }
        return new GadgetV1(id, "kind" + id % 7, (int) (id % 13), parts,
                id % 10 == 0 ? null : Fixtures.home("city" + id % 5, (int) id % 3, id));
    }

    @Test
    void anIndexOnAScalarAListAndAnEmbeddedPathAndTwoCountersAreBuiltOnlineWhileChangesGoOn() throws Exception {
        try (KvStore store = TestStores.open(dir)) {
            GadgetV1Repository gadgets = new GadgetV1Repository(store);
            for (int from = 0; from < RECORDS; from += 300) {
                int start = from;
                store.transact(tx -> {
                    for (long id = start; id < start + 300; id++) {
                        gadgets.with(tx).save(gadget(id));
                    }
                });
            }
        }
        Gate gate = new Gate();
        List<Progress> reports = new CopyOnWriteArrayList<>();
        try (KvStore store = TestStores.open(dir)) {
            store.addProgressListener(reports::add);
            store.addProgressListener(gate);
            GadgetV2Repository gadgets = new GadgetV2Repository(store);
            Progress held = gate.awaitReached();
            assertTrue(held.processed() > 0 && held.processed() < RECORDS, "held between two batches: " + held);

            // changes on both sides of the build's cursor, through both kinds of change: the fields that
            // are now indexed or counted read the entity, the others write their items only
            for (long id : new long[] {1, 2, 3, RECORDS - 3, RECORDS - 2, RECORDS - 1}) {
                assertTrue(gadgets.appendParts(id, "added"));
                assertTrue(gadgets.updateKind(id, "changed"));
                assertTrue(gadgets.insertParts(id, 0, "front"));
                assertTrue(gadgets.removePartsAt(id, 5));
                assertTrue(gadgets.updateHome(id, Fixtures.home("moved", 1, id)));
                assertTrue(gadgets.updateWeight(id, 100));
            }
            assertTrue(gadgets.deleteById(4));
            assertTrue(gadgets.deleteById(RECORDS - 4));
            gadgets.insert(new GadgetV2(RECORDS + 1, "changed", 5, List.of("added"), null));

            gate.release();
            assertTrue(store.awaitSchemaBuilds(WAIT), "the builds did not finish within " + WAIT);
            assertExact(gadgets);
            assertEquals(RECORDS - 1, all(gadgets).size());
            assertEquals(7, gadgets.countByKind("changed"));
            assertEquals(List.of(1L, 2L, 3L, (long) RECORDS - 3, (long) RECORDS - 2, (long) RECORDS - 1),
                    gadgets.findByCity("moved").stream().map(GadgetV2::id).toList());
        }
        for (String task : List.of("building index 'kind'", "building index 'parts'", "building index 'city'",
                "building counter 'byKind'", "building counter 'weightByCity'")) {
            List<Progress> of = reports.stream().filter(p -> p.task().equals(task)).toList();
            assertTrue(of.size() >= 3, task + " ran in batches: " + of);
            Progress last = of.get(of.size() - 1);
            assertEquals("done", last.outcome(), task + ": " + last);
            assertTrue(last.processed() >= RECORDS - 2 && last.processed() <= RECORDS + 1, task + ": " + last);
        }
        try (KvStore store = TestStores.open(dir)) {
            GadgetV2Repository gadgets = new GadgetV2Repository(store);
            assertTrue(store.awaitSchemaBuilds(WAIT));
            assertExact(gadgets);
        }
    }

    /** Every gadget, in key order (a scan across partitions may come in another, on Cassandra). */
    private static List<GadgetV2> all(GadgetV2Repository gadgets) {
        try (Stream<GadgetV2> all = gadgets.findAll()) {
            return all.sorted(Comparator.comparingLong(GadgetV2::id)).toList();
        }
    }

    private static String city(GadgetV2 gadget) {
        return gadget.home() == null ? null : gadget.home().city();
    }

    /** verify() is clean, and every finder and counter equals a recount from the records. */
    private static void assertExact(GadgetV2Repository gadgets) {
        IntegrityReport report = gadgets.verify();
        assertTrue(report.isClean(), report.toString());
        List<GadgetV2> all = all(gadgets);
        assertEquals(all.size(), report.recordsChecked());
        Map<String, Long> kinds = new HashMap<>();
        Map<String, Long> weights = new HashMap<>();
        Set<String> parts = new TreeSet<>();
        Set<String> cities = new java.util.HashSet<>();
        for (GadgetV2 gadget : all) {
            kinds.merge(gadget.kind(), 1L, Long::sum);
            weights.merge(city(gadget), (long) gadget.weight(), Long::sum);
            parts.addAll(gadget.parts());
            cities.add(city(gadget));
        }
        weights.values().removeIf(w -> w == 0);
        assertEquals(kinds, new HashMap<>(gadgets.countByKind()));
        assertEquals(weights, new HashMap<>(gadgets.sumWeightByCity()));
        for (String kind : kinds.keySet()) {
            assertEquals(all.stream().filter(g -> g.kind().equals(kind)).map(GadgetV2::id).toList(),
                    gadgets.findByKind(kind).stream().map(GadgetV2::id).toList(), "findByKind(" + kind + ")");
        }
        for (String part : parts) {
            assertEquals(all.stream().filter(g -> g.parts().contains(part)).map(GadgetV2::id).toList(),
                    gadgets.findByParts(part).stream().map(GadgetV2::id).toList(), "findByParts(" + part + ")");
        }
        for (String city : cities) {
            assertEquals(all.stream().filter(g -> Objects.equals(city(g), city)).map(GadgetV2::id).toList(),
                    gadgets.findByCity(city).stream().map(GadgetV2::id).toList(), "findByCity(" + city + ")");
        }
    }

    /** Holds the thread running the builds at the first report of a batch, until the test releases it. */
    private static final class Gate implements ProgressListener {
        private final CountDownLatch reached = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);
        private volatile Progress at;

        @Override
        public void onProgress(Progress progress) {
            if (reached.getCount() == 0 || progress.finished() || !progress.task().startsWith("building")) {
                return;
            }
            at = progress;
            reached.countDown();
            try {
                if (!released.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the test never released the gate");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        Progress awaitReached() throws InterruptedException {
            if (!reached.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                fail("no build reported a batch within " + WAIT);
            }
            return at;
        }

        void release() {
            released.countDown();
        }
    }
}
