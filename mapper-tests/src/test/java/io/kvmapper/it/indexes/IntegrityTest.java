package io.kvmapper.it.indexes;

import io.kvmapper.spi.KvTransaction;
import static io.kvmapper.it.indexes.Raw.MEMBERS;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.DuplicateKeyException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.OptimisticLockException;
import io.kvmapper.Progress;
import io.kvmapper.Transaction;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.spi.Counters;
import io.kvmapper.tuple.Tuples;
import java.nio.file.Path;
import io.kvmapper.it.TestStores;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * verify() and repair(): clean after any sequence of repository operations; every kind of damage made
 * behind the repository's back is reported (naming entity, index or counter, and key), repaired, and
 * a following verify() is clean.
 */
class IntegrityTest {
    private static final List<String> STATUSES = Arrays.asList("a", "b", "c", null);
    private static final List<String> CITIES = Arrays.asList("Oslo", "Rome", null);
    private static final List<String> TAGS = List.of("x", "y", "z");

    @TempDir
    Path dir;
    KvStore store;
    MemberRepository members;

    @BeforeEach
    void open() {
        store = Stores.open(dir);
        members = new MemberRepository(store);
    }

    @AfterEach
    void close() {
        store.close();
    }

    private static List<Long> ids(List<Member> found) {
        return found.stream().map(Member::id).toList();
    }

    // ---- property style: random operations, then verify and recount

    @Test
    void randomOperationsLeaveTheStoreCleanAndEveryCounterEqualToARecount() {
        for (long seed : new long[] {1, 2, 3}) {
            try (KvStore own = Stores.open(dir.resolve("seed-" + seed))) {
                runRandomOperations(own, new MemberRepository(own), seed, 500);
            }
        }
    }

    private static void runRandomOperations(KvStore store, MemberRepository members, long seed, int operations) {
        Random random = new Random(seed);
        Map<Long, Member> model = new TreeMap<>();
        for (int op = 0; op < operations; op++) {
            if (random.nextInt(10) == 0) {
                // several operations in one unit of work
                int count = 1 + random.nextInt(4);
                Map<Long, Member> copy = new TreeMap<>(model);
                long innerSeed = random.nextLong();
                store.transact(tx -> {
                    copy.clear();
                    copy.putAll(model);
                    Random inner = new Random(innerSeed);
                    for (int i = 0; i < count; i++) {
                        step(members.with(tx), inner, copy, seed);
                    }
                });
                model.clear();
                model.putAll(copy);
            } else {
                step(members, random, model, seed);
            }
        }
        assertMatches(store, members, model, "seed " + seed);
    }

    /** One random operation on {@code repo}, checked against and applied to {@code model}. */
    private static void step(MemberRepository repo, Random random, Map<Long, Member> model, long seed) {
        long id = random.nextInt(20);
        Member current = model.get(id);
        String email = random.nextInt(3) == 0 ? null : "e" + random.nextInt(8);
        Optional<Long> emailHolder = email == null ? Optional.empty()
                : model.values().stream().filter(m -> email.equals(m.email())).map(Member::id).findFirst();
        boolean emailTaken = emailHolder.isPresent() && emailHolder.get() != id;
        String where = "seed " + seed + ", id " + id;
        switch (random.nextInt(6)) {
            case 0, 1 -> { // save: new or replace
                Member next = randomMember(random, id, email, current == null ? 0 : current.version());
                if (emailTaken) {
                    assertThrows(UniqueConstraintException.class, () -> repo.save(next), where);
                } else {
                    Member stored = repo.save(next);
                    assertEquals(next.withVersion(next.version() + 1), stored, where);
                    model.put(id, stored);
                }
            }
            case 2 -> { // insert
                Member next = randomMember(random, id, email, 0);
                if (current != null) {
                    assertThrows(DuplicateKeyException.class, () -> repo.insert(next), where);
                } else if (emailTaken) {
                    assertThrows(UniqueConstraintException.class, () -> repo.insert(next), where);
                } else {
                    repo.insert(next);
                    model.put(id, next.withVersion(1));
                }
            }
            case 3 -> { // stale save
                if (current != null) {
                    Member stale = randomMember(random, id, null, current.version() + (random.nextBoolean() ? 1 : -1));
                    assertThrows(OptimisticLockException.class, () -> repo.save(stale), where);
                }
            }
            case 4 -> { // partial update of a random field
                Member after = current == null ? null : update(repo, random, current, id, email, emailTaken, where);
                if (after != null) {
                    model.put(id, after);
                }
            }
            default -> { // delete
                assertEquals(current != null, repo.deleteById(id), where);
                model.remove(id);
            }
        }
    }

    /** A random partial update; returns the new state, or null if nothing changed. */
    private static Member update(MemberRepository repo, Random random, Member current, long id, String email,
            boolean emailTaken, String where) {
        Member next;
        boolean ok;
        switch (random.nextInt(6)) {
            case 0 -> {
                if (emailTaken) {
                    assertThrows(UniqueConstraintException.class, () -> repo.updateEmail(id, email), where);
                    return null;
                }
                next = current.withEmail(email);
                ok = repo.updateEmail(id, email);
            }
            case 1 -> {
                String status = pick(random, STATUSES);
                next = current.withStatus(status);
                ok = repo.updateStatus(id, status);
            }
            case 2 -> {
                int age = random.nextInt(3);
                next = current.withAge(age);
                ok = repo.updateAge(id, age);
            }
            case 3 -> {
                Long balance = random.nextInt(4) == 0 ? null : (long) random.nextInt(50);
                next = current.withBalance(balance);
                ok = repo.updateBalance(id, balance);
            }
            case 4 -> {
                Home home = home(random);
                next = current.withHome(home);
                ok = repo.updateHome(id, home);
            }
            default -> {
                List<String> tags = tags(random);
                next = current.withTags(tags);
                ok = repo.updateTags(id, tags);
            }
        }
        assertTrue(ok, where);
        return next.withVersion(current.version() + 1);
    }

    private static Member randomMember(Random random, long id, String email, long version) {
        return new Member(id, email, pick(random, STATUSES), random.nextInt(3),
                random.nextInt(4) == 0 ? null : (long) random.nextInt(50), home(random), tags(random), version);
    }

    private static Home home(Random random) {
        String city = pick(random, CITIES);
        return random.nextInt(4) == 0 ? null : new Home(city, "z");
    }

    private static List<String> tags(Random random) {
        if (random.nextInt(4) == 0) {
            return null;
        }
        List<String> tags = new ArrayList<>();
        for (int i = random.nextInt(4); i > 0; i--) {
            tags.add(pick(random, TAGS));
        }
        return tags;
    }

    private static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private static String city(Member m) {
        return m.home() == null ? null : m.home().city();
    }

    /** Verify is clean, and every counter, finder and record matches the model. */
    private static void assertMatches(KvStore store, MemberRepository members, Map<Long, Member> model,
            String where) {
        IntegrityReport report = members.verify();
        assertTrue(report.isClean(), where + ": " + report);
        assertEquals(model.size(), report.recordsChecked());
        List<Member> stored;
        try (var all = members.findAll()) {
            stored = all.toList();
        }
        TestStores.assertInScanOrder(store, new ArrayList<>(model.values()), stored,
                m -> Member_KvMapping.key(m.id()), where);

        assertEquals(model.size(), members.countTotal(), where);
        Map<String, Long> counts = new LinkedHashMap<>();
        Map<String, Long> sums = new LinkedHashMap<>();
        for (String status : sortedNullFirst(STATUSES)) {
            long count = model.values().stream().filter(m -> Objects.equals(m.status(), status)).count();
            long sum = model.values().stream().filter(m -> Objects.equals(m.status(), status))
                    .mapToLong(m -> m.balance() == null ? 0 : m.balance()).sum();
            assertEquals(count, members.countByStatus(status), where);
            assertEquals(sum, members.sumBalanceByStatus(status), where);
            if (count != 0) {
                counts.put(status, count);
            }
            if (sum != 0) {
                sums.put(status, sum);
            }
            for (String city : CITIES) {
                long both = model.values().stream()
                        .filter(m -> Objects.equals(m.status(), status) && Objects.equals(city(m), city)).count();
                assertEquals(both, members.countByCityAndStatus(city, status), where + " " + city + "/" + status);
            }
            assertEquals(model.values().stream().filter(m -> Objects.equals(m.status(), status)).map(Member::id)
                    .toList(), ids(members.findByStatus(status)), where);
        }
        assertEquals(new ArrayList<>(counts.entrySet()), new ArrayList<>(members.countByStatus().entrySet()), where);
        assertEquals(new ArrayList<>(sums.entrySet()), new ArrayList<>(members.sumBalanceByStatus().entrySet()),
                where);
        for (int e = 0; e < 8; e++) {
            String email = "e" + e;
            assertEquals(model.values().stream().filter(m -> email.equals(m.email())).map(Member::id).findFirst(),
                    members.findByEmail(email).map(Member::id), where);
        }
        for (String tag : TAGS) {
            assertEquals(model.values().stream().filter(m -> m.tags() != null && m.tags().contains(tag))
                    .map(Member::id).toList(), ids(members.findByTags(tag)), where);
        }
        for (String city : CITIES) {
            for (int age = 0; age < 3; age++) {
                int a = age;
                assertEquals(model.values().stream().filter(m -> Objects.equals(city(m), city) && m.age() == a)
                        .map(Member::id).toList(), ids(members.findByCityAndAge(city, age)), where);
            }
        }
        assertEquals(0, members.repair().repaired(), where);
    }

    private static List<String> sortedNullFirst(List<String> values) {
        List<String> sorted = new ArrayList<>(values);
        sorted.sort(java.util.Comparator.nullsFirst(java.util.Comparator.naturalOrder()));
        return sorted;
    }

    // ---- damage behind the repository's back

    private void seed() {
        members.save(Member.of(1, "a@x", "gold", 30, 10L, "Oslo", List.of("x", "y")));
        members.save(Member.of(2, "b@x", "gold", 31, 20L, "Oslo", List.of("y")));
        members.save(Member.of(3, "c@x", "silver", 32, 30L, "Rome", null));
        assertTrue(members.verify().isClean());
    }

    private void behindTheBack(Consumer<io.kvmapper.spi.KvTransaction> damage) {
        store.transact(tx -> damage.accept(tx.unwrap(KvTransaction.class)));
    }

    private static void assertReports(IntegrityReport report, String... fragments) {
        String all = String.join("\n", report.problems());
        for (String fragment : fragments) {
            assertTrue(all.contains(fragment), "expected \"" + fragment + "\" in:\n" + all);
        }
    }

    private void assertRepairedThenClean(int problems) {
        IntegrityReport repaired = members.repair();
        assertEquals(problems, repaired.problemCount(), repaired.toString());
        assertEquals(problems, repaired.repaired(), repaired.toString());
        IntegrityReport after = members.verify();
        assertTrue(after.isClean(), after.toString());
        assertEquals(0, after.repaired());
    }

    @Test
    void missingEntriesAreReportedAndRepaired() {
        seed();
        behindTheBack(kv -> {
            kv.delete(Raw.entryKey(MEMBERS, "status", Raw.memberKey(1), "gold"));
            kv.delete(Raw.uniqueKey(MEMBERS, "email", "b@x"));
            kv.delete(Raw.entryKey(MEMBERS, "tags", Raw.memberKey(1), "y"));
            kv.delete(Raw.entryKey(MEMBERS, "cityAndAge", Raw.memberKey(3), "Rome", 32));
        });
        assertEquals(List.of(2L), ids(members.findByStatus("gold")), "the damage is visible");
        IntegrityReport report = members.verify();
        assertFalse(report.isClean());
        assertEquals(4, report.problemCount(), report.toString());
        assertEquals(0, report.repaired());
        assertEquals(3, report.recordsChecked());
        for (String problem : report.problems()) {
            assertTrue(problem.contains("IxMember"), problem);
        }
        assertReports(report, "'status'", "(\"gold\")", "((\"IxMember\", \"r\", 1))", "'email'", "(\"b@x\")",
                "((\"IxMember\", \"r\", 2))", "'tags'", "(\"y\")", "'cityAndAge'", "(\"Rome\", 32)",
                "((\"IxMember\", \"r\", 3))");
        assertEquals(report, members.verify(), "verify changes nothing");

        assertRepairedThenClean(4);
        assertEquals(List.of(1L, 2L), ids(members.findByStatus("gold")));
        assertEquals(Optional.of(2L), members.findByEmail("b@x").map(Member::id));
        assertEquals(List.of(1L, 2L), ids(members.findByTags("y")));
        assertEquals(List.of(3L), ids(members.findByCityAndAge("Rome", 32)));
    }

    @Test
    void orphanedEntriesForAbsentOrWrongRecordsAreReportedAndRepaired() {
        seed();
        behindTheBack(kv -> {
            kv.put(Raw.entryKey(MEMBERS, "status", Raw.memberKey(999), "gold"), new byte[0]);
            kv.put(Raw.entryKey(MEMBERS, "status", Raw.memberKey(1), "zzz"), new byte[0]);
            kv.put(Raw.entryKey(MEMBERS, "tags", Raw.memberKey(3), "x"), new byte[0]);
            kv.put(Raw.uniqueKey(MEMBERS, "email", "ghost@x"), Raw.memberKey(999));
            kv.put(Raw.uniqueKey(MEMBERS, "email", "wrong@x"), Raw.memberKey(1));
        });
        assertEquals(Optional.empty(), members.findByEmail("ghost@x"), "an entry whose record does not exist");
        assertEquals(Optional.empty(), members.findByEmail("wrong@x"), "an entry whose record holds another value");
        IntegrityReport report = members.verify();
        assertEquals(5, report.problemCount(), report.toString());
        assertReports(report, "'status'", "999", "\"zzz\"", "'tags'", "'email'", "\"ghost@x\"", "\"wrong@x\"",
                "does not exist", "does not hold its value");
        for (String problem : report.problems()) {
            assertTrue(problem.contains("IxMember") && problem.contains("orphaned"), problem);
        }
        assertRepairedThenClean(5);
        assertEquals(List.of(1L, 2L), ids(members.findByStatus("gold")));
        assertEquals(List.of(), members.findByStatus("zzz"));
        assertEquals(Optional.empty(), members.findByEmail("ghost@x"));
        assertEquals(Optional.empty(), members.findByEmail("wrong@x"));
        assertEquals(Optional.of(1L), members.findByEmail("a@x").map(Member::id));
    }

    /**
     * A unique entry holding member 1's value but pointing at member 2: verify reports it, and one
     * repair() must leave the index right (the entry pointing at member 1), so that the next verify()
     * is clean.
     */
    @Test
    void aUniqueEntryPointingAtTheWrongRecordIsRepairedInOneRun() {
        seed();
        behindTheBack(kv -> kv.put(Raw.uniqueKey(MEMBERS, "email", "a@x"), Raw.memberKey(2)));
        assertEquals(Optional.empty(), members.findByEmail("a@x").map(Member::id),
                "a finder never returns an entity that does not hold the value it was asked for");
        IntegrityReport report = members.verify();
        assertFalse(report.isClean());
        assertReports(report, "IxMember", "\"a@x\"");
        IntegrityReport repaired = members.repair();
        assertTrue(repaired.repaired() > 0, repaired.toString());
        IntegrityReport after = members.verify();
        assertTrue(after.isClean(), "one repair() suffices: " + after);
        assertEquals(Optional.of(1L), members.findByEmail("a@x").map(Member::id));
    }

    /** An index entry too short to name a record (no primary-key components) is reported as a problem. */
    @Test
    void aMalformedIndexEntryIsReportedNotThrown() {
        seed();
        byte[] prefix = MEMBERS.indexPrefix("status");
        behindTheBack(kv -> kv.put(KeyLayout.uniqueEntry(prefix, Tuples.encode("gold")), new byte[0]));
        IntegrityReport report = assertDoesNotThrow(() -> members.verify());
        assertEquals(1, report.problemCount(), report.toString());
        assertReports(report, "IxMember", "'status'");
        assertRepairedThenClean(1);
    }

    @Test
    void driftedAndMissingCounterGroupsAreReportedAndRepairedAndZeroGroupsTidied() {
        seed();
        behindTheBack(kv -> {
            kv.add(Raw.counterKey(MEMBERS, "byStatus", "gold"), 3);
            kv.add(Raw.counterKey(MEMBERS, "byStatus", "silver"), -1);
            kv.add(Raw.counterKey(MEMBERS, "total"), -2);
            kv.add(Raw.counterKey(MEMBERS, "balanceByStatus", "gold"), 1000);
            kv.delete(Raw.counterKey(MEMBERS, "byCityAndStatus", "Oslo", "gold"));
            kv.put(Raw.counterKey(MEMBERS, "byStatus", "nobody"), Counters.encode(0));
        });
        assertEquals(5, members.countByStatus("gold"));
        IntegrityReport report = members.verify();
        // a zero-valued group reads as absent: not a problem, but repair() tidies it away
        assertEquals(5, report.problemCount(), report.toString());
        for (String problem : report.problems()) {
            assertTrue(problem.contains("IxMember"), problem);
        }
        assertReports(report,
                "'byStatus' group (\"gold\") holds 5, the records give 2",
                "'byStatus' group (\"silver\") holds 0, the records give 1",
                "'total' group () holds 1, the records give 3",
                "'balanceByStatus' group (\"gold\") holds 1030, the records give 30",
                "'byCityAndStatus' has no group (\"Oslo\", \"gold\"), the records give 2");
        assertRepairedThenClean(5);
        assertEquals(Map.of("gold", 2L, "silver", 1L), members.countByStatus());
        assertEquals(3, members.countTotal());
        assertEquals(30, members.sumBalanceByStatus("gold"));
        assertEquals(2, members.countByCityAndStatus("Oslo", "gold"));
        assertFalse(Raw.exists(store, Raw.counterKey(MEMBERS, "byStatus", "nobody")), "the zero group is gone");
        assertEquals(List.of(List.of("gold"), List.of("silver")),
                new ArrayList<>(Raw.counterGroups(store, MEMBERS, "byStatus").keySet()));
    }

    /**
     * repair() with writers active (issue 20: one run left "total" at 7,529 against 8,764 records): two threads
     * insert, change and delete members through the repository while two repairs mend drifted counters; once
     * they stop, verify() is clean. On Cassandra, which has no snapshots, the documented rule is to repair with
     * writers quiet, so the test does not run there.
     */
    @Test
    void repairWithWritersActiveLeavesEveryCounterExact() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeFalse(TestStores.onCassandra(), "repair with writers quiet on Cassandra");
        seed();
        store.transact(tx -> {
            for (long id = 10; id < 3_000; id++) {
                members.with(tx).save(Member.of(id, id + "@s", STATUSES.get((int) id % 4), 30, id % 9, "Rome", null));
            }
        });
        behindTheBack(kv -> {
            kv.add(Raw.counterKey(MEMBERS, "total"), 40);
            kv.add(Raw.counterKey(MEMBERS, "byStatus", "gold"), -1);
            kv.add(Raw.counterKey(MEMBERS, "balanceByStatus", "silver"), 500);
        });
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.CountDownLatch writing = new java.util.concurrent.CountDownLatch(2 * 20);
        java.util.concurrent.ExecutorService writers = java.util.concurrent.Executors.newFixedThreadPool(2);
        List<java.util.concurrent.Future<?>> running = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
            long base = 100_000 + w * 1_000_000L;
            running.add(writers.submit(() -> {
                for (int i = 0; i < 5_000 && !stop.get(); i++) {
                    long id = base + i;
                    members.save(Member.of(id, id + "@w", STATUSES.get(i % 4), 20 + i % 50, (long) (i % 7 - 3),
                            CITIES.get(i % 3), List.of(TAGS.get(i % 3))));
                    if (i % 3 == 2) {
                        members.deleteById(id - 1);
                    }
                    writing.countDown();
                }
            }));
        }
        try {
            assertTrue(writing.await(60, java.util.concurrent.TimeUnit.SECONDS), "the writers are writing");
            members.repair();
            members.repair();
        } finally {
            stop.set(true);
            writers.shutdown();
            for (java.util.concurrent.Future<?> writer : running) {
                writer.get(120, java.util.concurrent.TimeUnit.SECONDS);
            }
        }
        IntegrityReport after = members.verify();
        assertTrue(after.isClean(), after.toString());
    }

    @Test
    void aCounterValueOfTheWrongSizeIsReportedAndRepaired() {
        seed();
        behindTheBack(kv -> kv.put(Raw.counterKey(MEMBERS, "byStatus", "gold"), new byte[] {1, 2, 3}));
        IntegrityReport report = members.verify();
        assertEquals(1, report.problemCount(), report.toString());
        assertReports(report, "IxMember", "'byStatus'", "\"gold\"");
        assertRepairedThenClean(1);
        assertEquals(2, members.countByStatus("gold"));
    }

    @Test
    void damageToAnEntityWithATwoComponentPartitionAndASortKeyIsFound() {
        ReadingRepository readings = new ReadingRepository(store);
        readings.save(new Reading("north", 1, 100, "temp", 5));
        readings.save(new Reading("north", 2, 100, "temp", 6));
        readings.save(new Reading("south", 1, 50, "wind", 7));
        assertTrue(readings.verify().isClean());
        behindTheBack(kv -> {
            kv.delete(Raw.entryKey(Raw.READINGS, "kind", Raw.readingKey("north", 2, 100), "temp"));
            kv.put(Raw.entryKey(Raw.READINGS, "kind", Raw.readingKey("north", 1, 999), "temp"), new byte[0]);
            kv.add(Raw.counterKey(Raw.READINGS, "valueBySite", "south"), 1);
        });
        IntegrityReport report = readings.verify();
        assertEquals(3, report.problemCount(), report.toString());
        assertReports(report, "IxReading", "'kind'", "((\"IxReading\", \"r\", \"north\", 2), 100)",
                "((\"IxReading\", \"r\", \"north\", 1), 999)", "'valueBySite'");
        IntegrityReport repaired = readings.repair();
        assertEquals(3, repaired.repaired(), repaired.toString());
        assertTrue(readings.verify().isClean(), readings.verify().toString());
        assertEquals(List.of(new Reading("north", 1, 100, "temp", 5), new Reading("north", 2, 100, "temp", 6)),
                readings.findByKind("temp"));
        assertEquals(7, readings.sumValueBySite("south"));
    }

    @Test
    void verifyAndRepairReportProgressWithIncreasingCounts() {
        int total = 1_234;
        for (int from = 0; from < total; from += 400) {
            int start = from;
            store.transact(tx -> {
                MemberRepository inTx = members.with(tx);
                for (int id = start; id < Math.min(total, start + 400); id++) {
                    inTx.save(Member.of(id, "m" + id, id % 2 == 0 ? "even" : "odd", id % 50, (long) id, "Oslo",
                            List.of("t" + id % 7)));
                }
            });
        }
        behindTheBack(kv -> kv.delete(Raw.entryKey(MEMBERS, "status", Raw.memberKey(1000), "even")));

        for (boolean repair : new boolean[] {false, true}) {
            List<Progress> reports = new ArrayList<>();
            IntegrityReport report = repair ? members.repair(reports::add) : members.verify(reports::add);
            assertEquals(total, report.recordsChecked());
            assertEquals(1, report.problemCount());
            assertTrue(reports.size() >= 3, reports.toString());
            long previous = -1;
            for (Progress progress : reports.subList(0, reports.size() - 1)) {
                assertEquals("IxMember", progress.entity());
                assertFalse(progress.finished(), progress.toString());
                assertTrue(progress.processed() > previous, "increasing: " + reports);
                assertTrue(progress.processed() <= total);
                previous = progress.processed();
            }
            Progress last = reports.get(reports.size() - 1);
            assertTrue(last.finished(), last.toString());
            assertEquals(total, last.processed());
            assertFalse(last.outcome().isEmpty());
        }
        List<Progress> clean = new ArrayList<>();
        assertTrue(members.verify(clean::add).isClean());
        assertTrue(clean.get(clean.size() - 1).finished());
    }
}
