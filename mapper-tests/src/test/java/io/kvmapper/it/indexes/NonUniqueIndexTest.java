package io.kvmapper.it.indexes;

import static io.kvmapper.it.indexes.Raw.MEMBERS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.Transaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A non-unique index on a scalar field: exact, range and paged finders, nulls, and transactions. */
class NonUniqueIndexTest {
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

    private void save(long id, String status) {
        members.save(Member.of(id, null, status, 30, null, null, null));
    }

    private static List<Long> ids(List<Member> found) {
        return found.stream().map(Member::id).toList();
    }

    @Test
    void findByValueListsEveryHolderInPrimaryKeyOrder() {
        for (long id : new long[] {5, 1, 9, 3}) {
            save(id, "gold");
        }
        save(2, "silver");
        save(4, "golden");
        assertEquals(List.of(1L, 3L, 5L, 9L), ids(members.findByStatus("gold")));
        assertEquals(List.of(2L), ids(members.findByStatus("silver")));
        assertEquals(List.of(4L), ids(members.findByStatus("golden")));
        assertEquals(List.of(), members.findByStatus("bronze"));
        assertEquals(List.of(
                List.of("gold", 1L), List.of("gold", 3L), List.of("gold", 5L), List.of("gold", 9L),
                List.of("golden", 4L), List.of("silver", 2L)),
                Raw.entries(store, MEMBERS, "status"), "one entry per entity: value, then primary key");
    }

    @Test
    void aNullValueIsIndexedAndFoundWithANullArgument() {
        save(1, null);
        save(2, "gold");
        save(3, null);
        assertEquals(List.of(1L, 3L), ids(members.findByStatus(null)));
        assertEquals(List.of(2L), ids(members.findByStatus("gold")));
        List<Object> nullEntry = new ArrayList<>(Arrays.asList(null, 1L));
        assertEquals(nullEntry, Raw.entries(store, MEMBERS, "status").get(0), "null sorts first");
        Page<Member> page = members.findByStatus(null, PageRequest.ofSize(1));
        assertEquals(List.of(1L), ids(page.items()));
        assertEquals(List.of(3L),
                ids(members.findByStatus(null, PageRequest.resume(page.continuation().orElseThrow(), 1)).items()));
        members.save(members.findById(1).orElseThrow().withStatus("gold"));
        assertEquals(List.of(3L), ids(members.findByStatus(null)));
        assertEquals(List.of(1L, 2L), ids(members.findByStatus("gold")));
    }

    @Test
    void betweenIsFromInclusiveToExclusiveInValueThenKeyOrder() {
        save(1, "d");
        save(2, "b");
        save(3, "a");
        save(4, "c");
        save(5, "b");
        save(6, "bz");
        save(7, null);
        assertEquals(List.of(2L, 5L, 6L, 4L), ids(members.findByStatusBetween("b", "d")));
        assertEquals(List.of(3L, 2L, 5L, 6L, 4L, 1L), ids(members.findByStatusBetween("a", "e")));
        assertEquals(List.of(2L, 5L), ids(members.findByStatusBetween("b", "ba")));
        assertEquals(List.of(), members.findByStatusBetween("b", "b"));
        assertEquals(List.of(), members.findByStatusBetween("d", "a"), "an inverted range is empty");
    }

    @Test
    void pagedFindersWalkEveryMatchOnceAndEndWithoutContinuation() {
        for (long id = 0; id < 25; id++) {
            save(id, id % 5 == 0 ? "silver" : "gold");
        }
        List<Long> expectedGold = ids(members.findByStatus("gold"));
        assertEquals(20, expectedGold.size());

        assertEquals(expectedGold, walk(request -> members.findByStatus("gold", request), 7, List.of(7, 7, 6)));
        assertEquals(expectedGold, walk(request -> members.findByStatus("gold", request), 10, List.of(10, 10)));
        List<Long> between = ids(members.findByStatusBetween("gold", "zzz"));
        assertEquals(25, between.size());
        assertEquals(between, walk(request -> members.findByStatusBetween("gold", "zzz", request), 4,
                List.of(4, 4, 4, 4, 4, 4, 1)));
        Page<Member> none = members.findByStatus("bronze", PageRequest.ofSize(3));
        assertEquals(List.of(), none.items());
        assertTrue(none.continuation().isEmpty());
    }

    /** Pages through a finder, checking the page sizes, and returns every id in order. */
    private static List<Long> walk(Function<PageRequest, Page<Member>> finder, int size, List<Integer> sizes) {
        List<Long> all = new ArrayList<>();
        List<Integer> seen = new ArrayList<>();
        Page<Member> page = finder.apply(PageRequest.ofSize(size));
        while (true) {
            seen.add(page.items().size());
            all.addAll(ids(page.items()));
            if (page.continuation().isEmpty()) {
                break;
            }
            page = finder.apply(PageRequest.resume(page.continuation().get(), size));
        }
        assertEquals(sizes, seen);
        return all;
    }

    @Test
    void aLongMatchListIsFetchedCompletelyAndInOrderAcrossFetchBatches() {
        int count = 700;
        store.transact(tx -> {
            MemberRepository inTx = members.with(tx);
            for (long id = count - 1; id >= 0; id--) {
                inTx.save(Member.of(id, null, id % 7 == 0 ? "other" : "many", 30, null, null, null));
            }
        });
        List<Long> expected = new ArrayList<>();
        for (long id = 0; id < count; id++) {
            if (id % 7 != 0) {
                expected.add(id);
            }
        }
        assertEquals(expected, ids(members.findByStatus("many")));
        assertEquals(expected, walk(request -> members.findByStatus("many", request), 256, List.of(256, 256, 88)));
        assertEquals(expected.size(), members.countByStatus("many"));
    }

    @Test
    void aContinuationResumesAfterConcurrentChangesWithoutRepeatingOrSkippingStableEntries() {
        for (long id = 0; id < 10; id++) {
            save(id, "gold");
        }
        Page<Member> first = members.findByStatus("gold", PageRequest.ofSize(4));
        assertEquals(List.of(0L, 1L, 2L, 3L), ids(first.items()));
        members.deleteById(5);
        save(20, "gold");
        members.updateStatus(1, "silver");
        Page<Member> second = members.findByStatus("gold", PageRequest.resume(first.continuation().orElseThrow(), 100));
        assertEquals(List.of(4L, 6L, 7L, 8L, 9L, 20L), ids(second.items()));
        assertTrue(second.continuation().isEmpty());
    }

    @Test
    void aContinuationOfAnotherQueryIsRejected() {
        for (long id = 0; id < 4; id++) {
            save(id, id < 2 ? "gold" : "silver");
        }
        String gold = members.findByStatus("gold", PageRequest.ofSize(1)).continuation().orElseThrow();
        assertThrows(InvalidRequestException.class, () -> members.findByStatus("silver", PageRequest.resume(gold, 1)));
        assertThrows(InvalidRequestException.class, () -> members.findByTags("gold", PageRequest.resume(gold, 1)));
    }

    /**
     * A finder for "ab" must not return an entity whose value is "ab\u0000c": the tuple encoding of "ab"
     * (02 61 62 00) is a prefix of the encoding of "ab\u0000c" (02 61 62 00 FF 63 00), so a plain prefix
     * scan over the value matches both.
     */
    @Test
    void findByValueDoesNotMatchALongerValueWhoseEncodingStartsWithIt() {
        save(1, "ab");
        save(2, "ab\u0000c");
        save(3, "ab\u0000");
        assertEquals(List.of(1L), ids(members.findByStatus("ab")));
        assertEquals(List.of(1L), ids(members.findByStatus("ab", PageRequest.ofSize(10)).items()));
        assertEquals(List.of(3L), ids(members.findByStatus("ab\u0000")));
        assertEquals(List.of(2L), ids(members.findByStatus("ab\u0000c")));
    }

    @Test
    void findersInsideATransactionSeeItsOwnWritesAndOthersDoNot() {
        save(1, "gold");
        save(2, "gold");
        store.transact(tx -> {
            MemberRepository inTx = members.with(tx);
            inTx.save(Member.of(3, "c@x", "gold", 40, 7L, "Oslo", List.of("new")));
            inTx.deleteById(1);
            inTx.updateStatus(2, "silver");
            assertEquals(List.of(3L), ids(inTx.findByStatus("gold")));
            assertEquals(List.of(3L), ids(inTx.findByStatus("gold", PageRequest.ofSize(5)).items()));
            assertEquals(List.of(3L, 2L), ids(inTx.findByStatusBetween("gold", "zzz")));
            assertEquals(List.of(2L), ids(inTx.findByStatus("silver")));
            assertEquals(3L, inTx.findByEmail("c@x").orElseThrow().id());
            assertEquals(List.of(3L), ids(inTx.findByTags("new")));
            assertEquals(List.of(3L), ids(inTx.findByCityAndAge("Oslo", 40)));
            assertEquals(1, inTx.countByStatus("gold"));
            assertEquals(2, inTx.countTotal());
            assertEquals(7, inTx.sumBalanceByStatus("gold"));

            assertEquals(List.of(1L, 2L), ids(members.findByStatus("gold")), "outside, nothing is visible yet");
            assertTrue(members.findByEmail("c@x").isEmpty());
            assertEquals(2, members.countTotal());
        });
        assertEquals(List.of(3L), ids(members.findByStatus("gold")));
        assertEquals(List.of(2L), ids(members.findByStatus("silver")));
        assertEquals(2, members.countTotal());
        assertFalse(members.existsById(1));
        assertTrue(members.verify().isClean(), members.verify().toString());
    }
}
