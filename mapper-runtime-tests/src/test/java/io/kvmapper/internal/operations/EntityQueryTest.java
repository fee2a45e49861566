package io.kvmapper.internal.operations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.internal.fixtures.Member;
import io.kvmapper.internal.fixtures.MemberMapping;
import io.kvmapper.internal.fixtures.Raw;
import io.kvmapper.internal.layout.ComponentRanges;
import io.kvmapper.internal.layout.RecordKeys;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Derived queries as the runtime runs them, on scans built by hand the way generated code builds them: single
 * scans, merges by key and in order, filters, limits, pages that resume in the merged order, counts, deletes in
 * batches.
 */
class EntityQueryTest {
    private static final List<String> TEAMS = List.of("red", "blue", "green");
    private final KvStore store = MemoryKvStore.open();
    private final EntityOperations<Member> members = new EntityOperations<>(store, MemberMapping.full());
    private final List<Member> all = new ArrayList<>();

    @BeforeEach
    void fill() {
        Random random = new Random(7);
        for (long id = 1; id <= 60; id++) {
            String team = random.nextInt(5) == 0 ? null : TEAMS.get(random.nextInt(TEAMS.size()));
            List<String> tags = switch (random.nextInt(4)) {
                case 0 -> List.of();
                case 1 -> List.of("a");
                case 2 -> List.of("b");
                default -> List.of("a", "b");
            };
            Member member = new Member(id, "h" + id, id % 7 == 0 ? null : "m" + (100 - id) + "@x", team,
                    random.nextInt(50), tags);
            all.add(members.save(member));
        }
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void oneIndexScanFindsItsValueInKeyOrder() {
        assertEquals(expected(m -> "red".equals(m.team())), query().scan(team("red")).list());
        assertEquals(expected(m -> m.team() == null), query().scan(team(null)).list());
    }

    @Test
    void inMergesOneScanPerValueByKeyWithoutDuplicates() {
        EntityQuery<Member> byTeams = query().inKeyOrder().scan(team("red")).scan(team("green")).scan(team("red"));
        assertEquals(expected(m -> "red".equals(m.team()) || "green".equals(m.team())), byTeams.list());
        // a member tagged a and b has an entry under each: it comes once
        EntityQuery<Member> byTags = query().inKeyOrder().scan(tag("a")).scan(tag("b"));
        assertEquals(expected(m -> !m.tags().isEmpty()), byTags.list());
    }

    @Test
    void orMergesScansOfDifferentIndexesAndRecordsByKey() {
        EntityQuery<Member> query = query().inKeyOrder().scan(email("m70@x")).scan(team("blue"))
                .scan(QueryScan.records(ids(50, 53), true));
        assertEquals(expected(m -> "m70@x".equals(m.email()) || "blue".equals(m.team())
                || m.id() >= 50 && m.id() < 53), query.list());
    }

    @Test
    void eachScanFiltersWithItsOwnPredicates() {
        Predicate<Member> rich = m -> m.points() >= 25;
        EntityQuery<Member> query = query().inKeyOrder().scan(team("red"), rich).scan(tag("a"), m -> m.id() < 10);
        assertEquals(expected(m -> "red".equals(m.team()) && m.points() >= 25 || m.tags().contains("a") && m.id() < 10),
                query.list());
    }

    @Test
    void aMergeInOrderComparesWhatFollowsEachScansPrefix() {
        // unique emails, in email order: the order of the index after its (empty) prefix; two ranges of it
        EntityQuery<Member> query = query()
                .scan(QueryScan.index("email", range("m50@x", "m60@x")).mergedAfter(new byte[0]))
                .scan(QueryScan.index("email", range("m55@x", "m70@x")).mergedAfter(new byte[0]));
        List<Member> expected = all.stream().filter(m -> m.email() != null && m.email().compareTo("m50@x") >= 0
                && m.email().compareTo("m70@x") < 0).sorted(Comparator.comparing(Member::email)).toList();
        assertEquals(expected, query.list());
        EntityQuery<Member> reversed = query()
                .scan(QueryScan.index("email", range("m50@x", "m60@x")).reversed().mergedAfter(new byte[0]))
                .scan(QueryScan.index("email", range("m55@x", "m70@x")).reversed().mergedAfter(new byte[0]));
        List<Member> backwards = new ArrayList<>(expected);
        java.util.Collections.reverse(backwards);
        assertEquals(backwards, reversed.list());
    }

    @Test
    void recordsScanForwardAndInReverse() {
        assertEquals(expected(m -> m.id() >= 10 && m.id() < 20), query().scan(QueryScan.records(ids(10, 20), true)).list());
        List<Member> backwards = new ArrayList<>(expected(m -> m.id() >= 10 && m.id() < 20));
        java.util.Collections.reverse(backwards);
        assertEquals(backwards, query().scan(QueryScan.records(ids(10, 20), true).reversed()).list());
        assertEquals(backwards.subList(0, 3), query().limit(3).scan(QueryScan.records(ids(10, 20), true).reversed(),
                m -> true).list());
    }

    @Test
    void aScanOfRecordsGoesOnPastOneThatCannotBeDecoded() {
        new Raw(store).write(kv -> kv.put(MemberMapping.key(13), new byte[] {'J', 1, 0x7f}));
        List<Member> expected = expected(m -> m.id() >= 10 && m.id() < 20 && m.id() != 13);
        assertEquals(expected, query().scan(QueryScan.records(ids(10, 20), true)).list());
        assertPagesMatchList(3, () -> query().scan(QueryScan.records(ids(10, 20), true)));
        assertEquals(expected.size(), query().scan(QueryScan.records(ids(10, 20), true), m -> true).list().size());
    }

    @Test
    void aLimitStopsTheMergedStream() {
        EntityQuery<Member> query = query().inKeyOrder().limit(4).scan(team("red")).scan(team("blue"));
        assertEquals(expected(m -> "red".equals(m.team()) || "blue".equals(m.team())).subList(0, 4), query.list());
        try (Stream<Member> stream = query().inKeyOrder().limit(4).scan(team("red")).scan(team("blue")).stream()) {
            assertEquals(4, stream.count());
        }
        assertEquals(Optional.of(expected(m -> "red".equals(m.team())).get(0)), query().scan(team("red")).first());
    }

    @Test
    void pagesOfAMergeResumeAfterTheMergedPositionAndMatchTheList() {
        for (int size = 1; size <= 7; size++) {
            assertPagesMatchList(size, () -> query().inKeyOrder().scan(team("red")).scan(tag("b"))
                    .scan(QueryScan.records(ids(30, 40), true)));
            assertPagesMatchList(size, () -> query()
                    .scan(QueryScan.index("email", range("m50@x", "m80@x")).reversed().mergedAfter(new byte[0]),
                            m -> m.points() % 2 == 0)
                    .scan(QueryScan.index("email", range("m70@x", "m95@x")).reversed().mergedAfter(new byte[0])));
            assertPagesMatchList(size, () -> query().scan(QueryScan.records(ids(5, 45), true).reversed(),
                    m -> m.points() > 10));
        }
    }

    @Test
    void aContinuationResumesOnlyItsOwnMethodAndArguments() {
        Page<Member> page = query().scan(team("red")).page(PageRequest.ofSize(2));
        String token = page.continuation().orElseThrow();
        assertThrows(InvalidRequestException.class, () -> EntityQuery.of(members, "Members.other", new byte[] {1})
                .scan(team("red")).page(PageRequest.resume(token, 2)));
        assertThrows(InvalidRequestException.class, () -> EntityQuery.of(members, "Members.query", new byte[] {2})
                .scan(team("red")).page(PageRequest.resume(token, 2)));
        String cut = token.substring(0, token.length() - 2);
        assertThrows(InvalidRequestException.class, () -> query().scan(team("red")).page(PageRequest.resume(cut, 2)));
        assertThrows(InvalidRequestException.class, () -> query().scan(team("red")).page(null));
    }

    @Test
    void countReadsNoEntityAndExistsStopsAtTheFirst() {
        assertEquals(expected(m -> !m.tags().isEmpty()).size(),
                query().inKeyOrder().scan(tag("a")).scan(tag("b")).count());
        assertEquals(expected(m -> "red".equals(m.team()) && m.points() > 20).size(),
                query().scan(team("red"), m -> m.points() > 20).count());
        assertTrue(query().scan(team("red")).exists());
        assertFalse(query().scan(team("purple")).exists());
        assertEquals(0, query().count());
    }

    @Test
    void oneRefusesASecondEntity() {
        assertEquals(Optional.of(all.get(0)), query().scan(email(all.get(0).email())).one());
        assertEquals(Optional.empty(), query().scan(email("nobody")).one());
        assertThrows(InvalidRequestException.class, () -> query().scan(team("red")).one());
    }

    @Test
    void deleteRemovesEveryMatchInBatchesWithItsEntriesAndCounters() {
        for (long id = 100; id < 100 + 2 * EntityQuery.DELETE_BATCH + 10; id++) {
            members.save(new Member(id, "h" + id, null, "bulk", 1, List.of("a")));
        }
        assertEquals(2 * EntityQuery.DELETE_BATCH + 10, members.counter("byTeam", Tuples.encode("bulk")));
        long deleted = query().scan(team("bulk"), m -> true).delete(m -> "bulk".equals(m.team()));
        assertEquals(2 * EntityQuery.DELETE_BATCH + 10, deleted);
        assertEquals(0, members.counter("byTeam", Tuples.encode("bulk")));
        assertEquals(List.of(), query().scan(team("bulk")).list());
        assertTrue(new Raw(store).entries("team").stream().noneMatch(e -> Tuples.toString(e.key()).contains("bulk")));
        assertTrue(members.verify(io.kvmapper.ProgressListener.none()).isClean());
    }

    @Test
    void deleteSparesAnEntityThatNoLongerMatches() {
        long deleted = query().scan(team("red")).delete(m -> "red".equals(m.team()) && m.points() > 1000);
        assertEquals(0, deleted);
        assertEquals(all.size(), members.count());
    }

    @Test
    void aQueryInsideAUnitOfWorkSeesItsWrites() {
        List<Member> seen = store.transactResult(tx -> {
            EntityOperations<Member> inTx = members.with(tx);
            inTx.save(new Member(500, "h500", null, "new", 0, List.of()));
            return EntityQuery.of(inTx, "Members.query", new byte[0]).scan(team("new")).list();
        });
        assertEquals(List.of(500L), seen.stream().map(Member::id).toList());
    }

    private void assertPagesMatchList(int size, java.util.function.Supplier<EntityQuery<Member>> query) {
        List<Member> expected = query.get().list();
        List<Member> paged = new ArrayList<>();
        PageRequest request = PageRequest.ofSize(size);
        while (true) {
            Page<Member> page = query.get().page(request);
            assertTrue(page.items().size() <= size);
            paged.addAll(page.items());
            if (page.continuation().isEmpty()) {
                break;
            }
            request = PageRequest.resume(page.continuation().get(), size);
        }
        assertEquals(expected, paged, "pages of " + size);
    }

    private EntityQuery<Member> query() {
        return EntityQuery.of(members, "Members.query", new byte[] {1});
    }

    private List<Member> expected(Predicate<Member> matches) {
        return all.stream().filter(matches).sorted(Comparator.comparingLong(Member::id)).toList();
    }

    private static QueryScan team(String team) {
        return QueryScan.index("team", ComponentRanges.all(Tuples.encode(team)));
    }

    private static QueryScan tag(String tag) {
        return QueryScan.index("tags", ComponentRanges.all(Tuples.encode(tag)));
    }

    private static QueryScan email(String email) {
        return QueryScan.index("email", ComponentRanges.all(Tuples.encode(email)));
    }

    private static KeyRange range(String from, String to) {
        return ComponentRanges.range(new byte[0], Tuples.encode(from), true, Tuples.encode(to), false, false, true);
    }

    private static KeyRange ids(long from, long to) {
        byte[] prefix = RecordKeys.allRecordsPrefix(MemberMapping.ENTITY);
        return ComponentRanges.range(prefix, new TupleWriter().writeLong(from).toByteArray(), true,
                new TupleWriter().writeLong(to).toByteArray(), false, false, false);
    }

}
