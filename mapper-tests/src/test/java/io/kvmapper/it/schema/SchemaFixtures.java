package io.kvmapper.it.schema;

import io.kvmapper.spi.KvBackend;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.Progress;
import io.kvmapper.ProgressListener;
import io.kvmapper.Transaction;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.layout.MetaKinds;
import io.kvmapper.it.TestStores;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Stores, data, recounts, raw views of the store and progress listeners shared by the schema tests. */
final class SchemaFixtures {
    /** How the "Member" entity lays out its keys: one key component, the partition. */
    static final KeyLayout MEMBER = new KeyLayout("Member", 1);
    /** How long any wait of these tests may take before it fails the test instead of hanging it. */
    static final Duration WAIT = Duration.ofSeconds(60);

    private SchemaFixtures() {
    }

    static KvStore open(Path dir) {
        return TestStores.open(dir);
    }

    /** The member with id {@code id} as the tests first write it: unique email, 7 teams, 5 regions. */
    static MemberV1 member(long id) {
        return new MemberV1(id, "m" + id + "@x", "t" + (id % 7), "r" + (id % 5), id % 100 + 1);
    }

    /** Writes members {@code 0 .. count-1} through the first code version, 500 per transaction. */
    static void fillV1(KvStore store, int count) {
        MemberV1Repository members = new MemberV1Repository(store);
        for (int from = 0; from < count; from += 500) {
            int start = from;
            int end = Math.min(count, from + 500);
            store.transact(tx -> {
                MemberV1Repository inTx = members.with(tx);
                for (long id = start; id < end; id++) {
                    inTx.save(member(id));
                }
            });
        }
    }

    /** Every member, in key order (by id) whatever order the backend streams them in. */
    static List<MemberV2> all(MemberV2Repository members) {
        try (Stream<MemberV2> all = members.findAll()) {
            return all.sorted(java.util.Comparator.comparingLong(MemberV2::id)).toList();
        }
    }

    /** Members per team, recounted from the records. */
    static Map<String, Long> teamsOf(List<MemberV2> all) {
        return all.stream().collect(Collectors.groupingBy(MemberV2::team, TreeMap::new, Collectors.counting()));
    }

    /** Points per region, recounted from the records; groups that sum to zero are not listed. */
    static Map<String, Long> pointsOf(List<MemberV2> all) {
        Map<String, Long> sums = all.stream().collect(Collectors.groupingBy(MemberV2::region, TreeMap::new,
                Collectors.summingLong(MemberV2::points)));
        sums.values().removeIf(v -> v == 0);
        return sums;
    }

    /**
     * The strongest check of a "Member" store under the second code version: verify() is clean, both
     * counters equal a recount group by group, and every member is found through both indexes.
     */
    static void assertExact(MemberV2Repository members, String context) {
        IntegrityReport report = members.verify();
        assertTrue(report.isClean(), context + ": " + report);
        List<MemberV2> all = all(members);
        assertEquals(all.size(), report.recordsChecked(), context + ": records checked by verify()");
        Map<String, Long> teams = teamsOf(all);
        assertEquals(teams, new TreeMap<>(members.countByTeam()), context + ": countByTeam() against a recount");
        for (Map.Entry<String, Long> team : teams.entrySet()) {
            assertEquals(team.getValue(), members.countByTeam(team.getKey()), context + ": countByTeam(" + team.getKey()
                    + ")");
            List<Long> expected = all.stream().filter(m -> m.team().equals(team.getKey())).map(MemberV2::id).toList();
            assertEquals(expected, members.findByTeam(team.getKey()).stream().map(MemberV2::id).toList(),
                    context + ": findByTeam(" + team.getKey() + ")");
        }
        assertEquals(pointsOf(all), new TreeMap<>(members.sumPointsByRegion()),
                context + ": sumPointsByRegion() against a recount");
        for (MemberV2 member : all) {
            assertEquals(member, members.findByEmail(member.email()).orElse(null),
                    context + ": findByEmail(" + member.email() + ")");
        }
    }

    // ---- raw views of the store

    /** How many items the backend holds in {@code range}. */
    static int countRaw(KvReader reader, KeyRange range) {
        int count = 0;
        try (KvCursor cursor = reader.scan(range, ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                cursor.next();
                count++;
            }
        }
        return count;
    }

    static int indexEntries(KvStore store, String index) {
        return countRaw(store.unwrap(KvBackend.class), KeyRange.startingWith(MEMBER.indexPrefix(index)));
    }

    static int counterGroups(KvStore store, String counter) {
        return countRaw(store.unwrap(KvBackend.class), KeyRange.startingWith(MEMBER.counterPrefix(counter)));
    }

    /** The names stored in the metadata area under {@code kind}, in order. */
    static List<String> storedNames(KvStore store, String kind) {
        List<String> names = new ArrayList<>();
        try (KvCursor cursor = store.unwrap(KvBackend.class).scan(MEMBER.meta(kind), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                List<Object> key = Tuples.decode(cursor.next().key());
                names.add((String) key.get(key.size() - 1));
            }
        }
        return names;
    }

    /** The state a component's metadata records: {@code READY}, {@code BUILDING}, ..., or null. */
    static String storedState(KvStore store, String kind, String name) {
        byte[] value = store.unwrap(KvBackend.class).get(MEMBER.metaKey(kind, name));
        return value == null ? null : (String) Tuples.decode(value).get(1);
    }

    /** The build cursor of a component, or null if it has none. */
    static byte[] buildCursor(KvStore store, String cursorKind, String name) {
        return store.unwrap(KvBackend.class).get(MEMBER.metaKey(cursorKind, name));
    }

    static List<KeyValue> rawItems(KvStore store, KeyRange range) {
        List<KeyValue> items = new ArrayList<>();
        try (KvCursor cursor = store.unwrap(KvBackend.class).scan(range, ScanOptions.FORWARD)) {
            cursor.forEachRemaining(items::add);
        }
        return items;
    }

    static String indexCursorKind() {
        return MetaKinds.INDEX_CURSOR;
    }

    static void awaitBuilds(KvStore store) {
        assertTrue(store.awaitSchemaBuilds(WAIT), "schema builds did not finish within " + WAIT);
    }

    // ---- progress

    /** Records every progress report. */
    static final class ProgressLog implements ProgressListener {
        private final List<Progress> reports = new CopyOnWriteArrayList<>();

        @Override
        public void onProgress(Progress progress) {
            reports.add(progress);
        }

        /** The reports of one task, in the order they arrived. */
        List<Progress> of(String task) {
            return reports.stream().filter(p -> p.task().equals(task)).toList();
        }

        List<Progress> all() {
            return List.copyOf(reports);
        }
    }

    /**
     * Holds the reporting thread (the one running the builds) the first time a report matches, until
     * the test releases it; a test thus sees a build stopped between two batches, deterministically.
     */
    static final class Gate implements ProgressListener {
        private final Predicate<Progress> when;
        private final CountDownLatch reached = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);
        private volatile Progress at;

        Gate(Predicate<Progress> when) {
            this.when = when;
        }

        /** Holds the first report of {@code task} that is not its last. */
        static Gate atFirstBatchOf(String task) {
            return new Gate(p -> p.task().equals(task) && !p.finished());
        }

        @Override
        public void onProgress(Progress progress) {
            if (reached.getCount() == 0 || !when.test(progress)) {
                return;
            }
            at = progress;
            reached.countDown();
            try {
                if (!released.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the test never released the gate");
                }
            } catch (InterruptedException e) {
                // the store is closing: let the build stop
                Thread.currentThread().interrupt();
            }
        }

        /** Waits until a build is held at the gate; the report it is held at. */
        Progress awaitReached() throws InterruptedException {
            if (!reached.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                fail("no progress report reached the gate within " + WAIT);
            }
            return at;
        }

        void release() {
            released.countDown();
        }
    }
}
