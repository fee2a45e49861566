package io.kvmapper.it.fuzz;

import io.kvmapper.CorruptDataException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.SchemaMismatchException;
import io.kvmapper.it.TestStores;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corruption fuzzer: damage written through the backend, behind the mapper's back, under every area of the
 * key layout (records, attribute items, unique and non-unique index entries, counter groups, the schema
 * metadata), for each layout and codec ({@link SpecimenKind}), random and shaped for each area
 * ({@link Damager}). Each case writes a few specimens with random valid writes, damages the store, and asserts
 * what docs/reliability.md promises:
 *
 * <ol>
 *   <li>reads throw nothing but {@code CorruptDataException}, only where they read damaged bytes, and never
 *       return garbage ({@link ReadChecks});
 *   <li>{@code verify()} reports every fault in the records, indexes and counters (a change that means what
 *       the bytes meant before is none, {@link Expectation});
 *   <li>one {@code repair()} leaves {@code verify()} clean, but for records that cannot be decoded, which stay
 *       reported; {@code deleteById} removes each (answering true), and one more {@code repair()} leaves
 *       {@code verify()} clean;
 *   <li>damaged metadata: the store, opened again, refuses the entity with {@code CorruptDataException} (or
 *       {@code SchemaMismatchException} for a stored schema that still reads, as another one), or opens it and
 *       serves it as before;
 *   <li>then every read is exact, and deleting every specimen leaves no record, index entry or counter behind.
 * </ol>
 *
 * Cases share one store per test (a case writes little, so the deletion markers of earlier cases cost little),
 * each starting from an empty entity; see {@link FuzzSettings} for seeds, budget and replaying a case.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class CorruptionFuzzTest {
    private static final String TEST = "CorruptionFuzzTest";

    @TempDir
    Path dir;
    private KvStore store;
    private Path storeDirectory;

    @BeforeAll
    static void announce() {
        FuzzSettings.announce(TEST);
        FuzzSettings.quietScans(true);
    }

    @AfterAll
    static void loud() {
        FuzzSettings.quietScans(false);
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
            store = null;
        }
    }

    @ParameterizedTest(name = "{1}, seed {0}")
    @MethodSource("io.kvmapper.it.fuzz.FuzzSettings#seedsAndKinds")
    void damageIsReportedNeverReadAsGarbageAndMendedByOneRepair(long seed, SpecimenKind kind) {
        Tally tally = new Tally();
        long start = System.nanoTime();
        for (int number : FuzzSettings.cases(FuzzSettings.defaultBudget(30, 5))) {
            if (store == null) {
                store = TestStores.open(dir);
                storeDirectory = dir;
            }
            Case fuzzCase = new Case(seed, kind, number, tally);
            try {
                fuzzCase.run();
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError(FuzzSettings.replay(TEST, seed, kind, number) + "\n" + fuzzCase.story(), e);
            }
        }
        System.out.printf("%s %s seed %d on %s: %s in %.1f s%n", TEST, kind, seed,
                System.getProperty(TestStores.PROPERTY, "rocksdb"), tally, (System.nanoTime() - start) / 1e9);
    }

    /** One damage and what follows it, from an empty entity to an empty entity. */
    private final class Case {
        private final SpecimenKind kind;
        private final Tally tally;
        private final Values values;
        private final List<String> story = new ArrayList<>();
        private Specimens repository;
        private Workload workload;

        Case(long seed, SpecimenKind kind, int number, Tally tally) {
            this.kind = kind;
            this.tally = tally;
            this.values = new Values(FuzzSettings.random(seed, kind, number));
        }

        void run() {
            repository = kind.open(store);
            workload = new Workload(kind, repository, values);
            story.add("writes: " + workload.run(values.between(2, 10)));
            NavigableMap<byte[], byte[]> before = RawItems.snapshot(store);
            for (Id id : workload.model().keySet()) {
                check(before.containsKey(RawItems.recordKey(kind, id)), "the record key of " + id + " is not stored");
            }
            Damage damage = new Damager(kind, values, before).draw();
            story.add("damage: " + damage);
            RawItems.write(store, damage.changes());
            Expectation expected = Expectation.of(kind, before, damage);
            story.add(expected.toString());
            tally.count(expected);

            if (!expected.meta.isEmpty()) {
                openAgain(before, expected);
            }
            Map<Id, Specimen> model = workload.model();
            tally.reads += new ReadChecks(repository, model, expected, values, "while damaged").all();

            IntegrityReport verified = integrity("verify()", repository::verify);
            story.add("verify(): " + verified);
            check(verified.isClean() || expected.changes > 0, "verify() reports problems no damage made");
            if (expected.mustReport) {
                check(!verified.isClean(), "verify() reports nothing");
                tally.reported++;
            }
            IntegrityReport repaired = integrity("repair()", repository::repair);
            story.add("repair(): " + repaired);
            IntegrityReport after = integrity("verify() after repair()", repository::verify);
            Set<Id> undecodable = undecodable(model.keySet(), expected);
            List<byte[]> strays = strays(expected);
            if (undecodable.isEmpty() && strays.isEmpty()) {
                check(after.isClean(), "verify() after one repair() is not clean: " + after);
            } else {
                story.add("verify() after repair(): " + after + "; records that cannot be decoded: " + undecodable
                        + "; keys no id names: " + strays.size());
                check(!after.isClean(), "verify() after repair() does not report the records that cannot be decoded");
                for (String problem : after.problems()) {
                    // what repair() leaves while records cannot be decoded (docs/reliability.md): those records,
                    // the counters (the recount misses them) and unique entries pointing at them
                    check(problem.contains("deleteById removes a record that cannot be decoded")
                            || problem.contains(": counter '")
                            || problem.contains(", which cannot be decoded, instead of"),
                            "verify() after one repair() reports what it should have repaired: " + problem);
                }
                for (Id id : undecodable) {
                    boolean headStored = store.unwrap(io.kvmapper.spi.KvBackend.class)
                            .get(RawItems.recordKey(kind, id)) != null;
                    check(repository.deleteById(id.tenant(), id.seq(), id.weight()) == headStored,
                            "deleteById" + id + " of a record that cannot be decoded did not answer " + headStored);
                    model.remove(id);
                    tally.deleted++;
                }
                // No id names these keys, so no deleteById can reach them: removed through the backend, as a user
                // would have to (see the report of this fuzzer in docs/reliability.md)
                Map<byte[], byte[]> removals = new TreeMap<>(Arrays::compareUnsigned);
                strays.forEach(key -> removals.put(key, null));
                RawItems.write(store, removals);
                tally.strays += strays.size();
                integrity("repair() after deleting", repository::repair);
                IntegrityReport clean = integrity("verify() after deleting and repair()", repository::verify);
                check(clean.isClean(), "verify() after deleting the records that cannot be decoded and one more"
                        + " repair() is not clean: " + clean);
            }
            for (Id id : expected.touched) {
                repository.findById(id.tenant(), id.seq(), id.weight()).ifPresentOrElse(
                        read -> model.put(id, read), () -> model.remove(id));
            }
            tally.reads += new ReadChecks(repository, model, Expectation.NONE, values, "after repair()").all();
            empty(model);
        }

        /**
         * The store opened again after its metadata was damaged: it refuses the entity, or serves it once its
         * builds are done. A refusal is answered by restoring the metadata the damage changed.
         */
        private void openAgain(NavigableMap<byte[], byte[]> before, Expectation expected) {
            reopen();
            try {
                repository = kind.open(store);
                story.add("opened again");
            } catch (CorruptDataException | SchemaMismatchException e) {
                story.add("opening again refused: " + e);
                tally.refused++;
                Map<byte[], byte[]> restore = new TreeMap<>(Arrays::compareUnsigned);
                for (byte[] key : expected.meta) {
                    restore.put(key, before.get(key));
                }
                RawItems.write(store, restore);
                reopen();
                repository = kind.open(store);
            }
            check(store.awaitSchemaBuilds(Duration.ofMinutes(2)), "the builds after opening again did not end");
            workload.use(repository);
        }

        private void reopen() {
            store.close();
            store = TestStores.open(storeDirectory);
        }

        /** Runs an integrity check, which must not throw whatever the damage. */
        private IntegrityReport integrity(String what, java.util.function.Supplier<IntegrityReport> check) {
            try {
                return check.get();
            } catch (RuntimeException e) {
                throw new AssertionError(what + " threw " + e, e);
            }
        }

        /** The records under the keys the model or the damage knows that a point read reports as corrupt. */
        private Set<Id> undecodable(Set<Id> live, Expectation expected) {
            Set<Id> ids = new LinkedHashSet<>(live);
            ids.addAll(expected.touched);
            Set<Id> corrupt = new LinkedHashSet<>();
            for (Id id : ids) {
                try {
                    repository.findById(id.tenant(), id.seq(), id.weight());
                } catch (CorruptDataException e) {
                    corrupt.add(id);
                }
            }
            return corrupt;
        }

        /** The keys the damage wrote in the records area under no key an id names, which are still stored. */
        private List<byte[]> strays(Expectation expected) {
            List<byte[]> strays = new ArrayList<>();
            io.kvmapper.spi.KvBackend backend = store.unwrap(io.kvmapper.spi.KvBackend.class);
            for (byte[] key : expected.stray) {
                if (backend.get(key) != null) {
                    strays.add(key);
                }
            }
            return strays;
        }

        /** Deletes every specimen; then no record, index entry or non-zero counter group may remain. */
        private void empty(Map<Id, Specimen> model) {
            for (Id id : new ArrayList<>(model.keySet())) {
                check(repository.deleteById(id.tenant(), id.seq(), id.weight()), "deleteById" + id + " answered false");
            }
            model.clear();
            List<String> left = new ArrayList<>();
            RawItems.snapshot(store).forEach((key, value) -> {
                RawItems.Area area = RawItems.areaOf(kind, key, Damager.INDEXES, Damager.COUNTERS);
                if (area == RawItems.Area.RECORDS || area == RawItems.Area.INDEX
                        || area == RawItems.Area.COUNTER && !RawItems.sameCount(value, null)) {
                    left.add(io.kvmapper.tuple.Tuples.toString(key) + " = " + RawItems.hex(value));
                }
            });
            check(left.isEmpty(), "after deleting every specimen the store still holds " + left);
        }

        private void check(boolean condition, String message) {
            if (!condition) {
                throw new AssertionError(message);
            }
        }

        String story() {
            return String.join("\n", story);
        }
    }

    /** What a test's cases did, for its output and docs/reliability.md. */
    static final class Tally {
        int cases;
        int changes;
        int reported;
        int deleted;
        int refused;
        int strays;
        long reads;
        final Map<String, Integer> areas = new TreeMap<>();

        void count(Expectation expected) {
            cases++;
            changes += expected.changes;
            if (!expected.touched.isEmpty() || !expected.stray.isEmpty()) {
                areas.merge("records", 1, Integer::sum);
            }
            expected.indexes.forEach(index -> areas.merge(index.equals(Damager.UNIQUE) ? "unique entries" : "entries",
                    1, Integer::sum));
            if (!expected.counters.isEmpty()) {
                areas.merge("counters", 1, Integer::sum);
            }
            if (!expected.meta.isEmpty()) {
                areas.merge("metadata", 1, Integer::sum);
            }
        }

        @Override
        public String toString() {
            return cases + " cases, " + changes + " damaging changes (cases by area: " + areas + "), " + reported
                    + " reported by verify() as required, " + deleted + " undecodable records deleted, " + refused
                    + " metadata damages refused on opening, " + strays
                    + " keys no id names removed through the backend, " + reads + " checked reads";
        }
    }
}
