package io.kvmapper.it.indexes;

import io.kvmapper.RetryPolicy;
import io.kvmapper.internal.store.KvStoreImpl;
import static io.kvmapper.it.indexes.Raw.MEMBERS;
import static io.kvmapper.it.indexes.Raw.READINGS;
import static io.kvmapper.it.indexes.Raw.TICKETS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Composite indexes over dotted paths into embedded objects, collection indexes (one entry per distinct
 * element), and replacing an entity moving only the entries that changed.
 */
class CompositeAndCollectionIndexTest {
    @TempDir
    Path dir;

    private static List<Long> ids(List<Member> found) {
        return found.stream().map(Member::id).toList();
    }

    private static List<Object> tuple(Object... elements) {
        return new ArrayList<>(Arrays.asList(elements));
    }

    @Test
    void compositeIndexFindsTheFullTupleAndARangeOverItsLastComponent() {
        try (KvStore store = Stores.open(dir)) {
            MemberRepository members = new MemberRepository(store);
            members.save(Member.of(1, null, "a", 30, null, "Oslo", null));
            members.save(Member.of(2, null, "a", 41, null, "Oslo", null));
            members.save(Member.of(3, null, "a", 30, null, "Rome", null));
            members.save(Member.of(4, null, "a", 35, null, "Oslo", null));
            members.save(Member.of(5, null, "a", 30, null, "Oslo", null));
            members.save(Member.of(6, null, "a", -2, null, "Oslo", null));
            members.save(Member.of(7, null, "a", 30, null, "Oslo2", null));

            assertEquals(List.of(1L, 5L), ids(members.findByCityAndAge("Oslo", 30)));
            assertEquals(List.of(3L), ids(members.findByCityAndAge("Rome", 30)));
            assertEquals(List.of(), members.findByCityAndAge("Oslo", 31));
            assertEquals(List.of(1L, 5L, 4L), ids(members.findByCityAndAgeBetween("Oslo", 30, 41)));
            assertEquals(List.of(6L, 1L, 5L, 4L, 2L),
                    ids(members.findByCityAndAgeBetween("Oslo", Integer.MIN_VALUE, Integer.MAX_VALUE)));
            assertEquals(List.of(), members.findByCityAndAgeBetween("Oslo", 36, 41));

            Page<Member> first = members.findByCityAndAgeBetween("Oslo", 0, 100, PageRequest.ofSize(2));
            assertEquals(List.of(1L, 5L), ids(first.items()));
            Page<Member> second = members.findByCityAndAgeBetween("Oslo", 0, 100,
                    PageRequest.resume(first.continuation().orElseThrow(), 2));
            assertEquals(List.of(4L, 2L), ids(second.items()));
            assertTrue(second.continuation().isEmpty(), "the last page has no continuation");
            Page<Member> exact = members.findByCityAndAge("Oslo", 30, PageRequest.ofSize(1));
            assertEquals(List.of(1L), ids(exact.items()));
            assertEquals(List.of(5L), ids(members.findByCityAndAge("Oslo", 30,
                    PageRequest.resume(exact.continuation().orElseThrow(), 1)).items()));

            assertTrue(Raw.entries(store, MEMBERS, "cityAndAge").contains(List.of("Oslo", 30L, 1L)));
        }
    }

    @Test
    void aNullEmbeddedObjectGivesANullComponent() {
        try (KvStore store = Stores.open(dir)) {
            MemberRepository members = new MemberRepository(store);
            members.save(Member.of(1, null, "a", 30, null, null, null));
            members.save(new Member(2, null, "a", 30, null, new Home(null, "1"), null, 0));
            members.save(Member.of(3, null, "a", 30, null, "Oslo", null));
            assertEquals(List.of(1L, 2L), ids(members.findByCityAndAge(null, 30)));
            assertEquals(List.of(1L, 2L), ids(members.findByCityAndAgeBetween(null, 0, 99)));
            assertEquals(List.of(tuple(null, 30L, 1L), tuple(null, 30L, 2L), tuple("Oslo", 30L, 3L)),
                    Raw.entries(store, MEMBERS, "cityAndAge"));
            assertTrue(members.updateHome(1, new Home("Oslo", "2")));
            assertEquals(List.of(2L), ids(members.findByCityAndAge(null, 30)));
            assertEquals(List.of(1L, 3L), ids(members.findByCityAndAge("Oslo", 30)));
            assertEquals(1, members.countByCityAndStatus(null, "a"));
            assertEquals(2, members.countByCityAndStatus("Oslo", "a"));
        }
    }

    @Test
    void aCompositeIndexOverTwoPathsIntoOneEmbeddedClass() {
        try (KvStore store = Stores.open(dir)) {
            TicketRepository tickets = new TicketRepository(store);
            tickets.save(new Ticket("p", 1, null, null, new Place("B", 2), null, null));
            tickets.save(new Ticket("p", 2, null, null, new Place("B", null), null, null));
            tickets.save(new Ticket("q", 1, null, null, new Place("B", 2), null, null));
            tickets.save(new Ticket("p", 3, null, null, null, null, null));
            tickets.save(new Ticket("p", 4, null, null, new Place("B", 7), null, null));
            assertEquals(List.of("p/1", "q/1"), keys(tickets.findByPlaceAndFloor("B", 2)));
            assertEquals(List.of("p/2"), keys(tickets.findByPlaceAndFloor("B", null)));
            assertEquals(List.of("p/3"), keys(tickets.findByPlaceAndFloor(null, null)));
            assertEquals(List.of("p/1", "q/1", "p/4"), keys(tickets.findByPlaceAndFloorBetween("B", 0, 100)));
            assertEquals(List.of(tuple(null, null, "p", 3L), tuple("B", null, "p", 2L), tuple("B", 2L, "p", 1L),
                    tuple("B", 2L, "q", 1L), tuple("B", 7L, "p", 4L)), Raw.entries(store, TICKETS, "placeAndFloor"));
            assertTrue(tickets.verify().isClean(), tickets.verify().toString());
        }
    }

    private static List<String> keys(List<Ticket> tickets) {
        return tickets.stream().map(t -> t.project + "/" + t.number).toList();
    }

    @Test
    void aCollectionIndexHasOneEntryPerDistinctElement() {
        try (KvStore store = Stores.open(dir)) {
            MemberRepository members = new MemberRepository(store);
            members.save(Member.of(1, null, "a", 1, null, null, List.of("red", "blue", "red")));
            members.save(Member.of(2, null, "a", 1, null, null, List.of("blue")));
            members.save(Member.of(3, null, "a", 1, null, null, List.of()));
            members.save(Member.of(4, null, "a", 1, null, null, null));
            members.save(Member.of(5, null, "a", 1, null, null, Arrays.asList("green", null)));
            assertEquals(List.of(tuple(null, 5L), tuple("blue", 1L), tuple("blue", 2L), tuple("green", 5L),
                    tuple("red", 1L)), Raw.entries(store, MEMBERS, "tags"));
            assertEquals(List.of(1L, 2L), ids(members.findByTags("blue")));
            assertEquals(List.of(1L), ids(members.findByTags("red")));
            assertEquals(List.of(5L), ids(members.findByTags(null)), "a null element is indexed as null");
            assertEquals(List.of(1L, 2L, 5L), ids(members.findByTagsBetween("blue", "red")));
            assertEquals(List.of(1L, 2L, 5L, 1L), ids(members.findByTagsBetween("a", "z")),
                    "a range lists an entity once per matching element");
            assertTrue(members.verify().isClean(), members.verify().toString());
        }
    }

    @Test
    void removingOneElementRemovesOnlyItsEntry() {
        RecordingBackend backend = new RecordingBackend(RocksKvStore.openBackend(dir.resolve("store"),
                RocksKvStore.options()));
        try (KvStore store = KvStoreImpl.open(backend, RetryPolicy.DEFAULT)) {
            MemberRepository members = new MemberRepository(store);
            members.save(Member.of(1, "m@x", "a", 1, 5L, "Oslo", List.of("x", "y", "z")));
            members.save(Member.of(2, null, "a", 1, null, null, List.of("y")));
            backend.takeWrites();

            assertTrue(members.updateTags(1, List.of("x", "z", "x")));
            assertEquals(List.of(
                    "put ((\"IxMember\", \"r\", 1))",
                    "delete ((\"IxMember\", \"i\", \"tags\"), \"y\", 1)"), backend.takeWrites(),
                    "the record written, one entry deleted");
            assertEquals(List.of(tuple("x", 1L), tuple("y", 2L), tuple("z", 1L)), Raw.entries(store, MEMBERS, "tags"));
            assertEquals(List.of(2L), ids(members.findByTags("y")));

            assertTrue(members.updateTags(1, List.of("z", "w", "x")));
            assertEquals(List.of(
                    "put ((\"IxMember\", \"r\", 1))",
                    "put ((\"IxMember\", \"i\", \"tags\"), \"w\", 1)"), backend.takeWrites(),
                    "the record written, one entry added");
            assertEquals(List.of(1L), ids(members.findByTags("w")));
        }
    }

    @Test
    void replacingAnEntityMovesOnlyTheEntriesThatChanged() {
        RecordingBackend backend = new RecordingBackend(RocksKvStore.openBackend(dir.resolve("store"),
                RocksKvStore.options()));
        try (KvStore store = KvStoreImpl.open(backend, RetryPolicy.DEFAULT)) {
            MemberRepository members = new MemberRepository(store);
            Member ada = members.save(Member.of(1, "ada@x", "gold", 30, 5L, "Oslo", List.of("x", "y")));
            members.save(Member.of(2, "bob@x", "gold", 30, 6L, "Oslo", List.of("x")));
            List<List<Object>> tagsBefore = Raw.entries(store, MEMBERS, "tags");
            List<List<Object>> placesBefore = Raw.entries(store, MEMBERS, "cityAndAge");
            Object emailsBefore = Raw.uniqueEntries(store, MEMBERS, "email");
            backend.takeWrites();

            Member moved = members.save(ada.withStatus("silver"));
            assertEquals(new LinkedHashSet<>(List.of(
                    "delete ((\"IxMember\", \"i\", \"status\"), \"gold\", 1)",
                    "put ((\"IxMember\", \"i\", \"status\"), \"silver\", 1)",
                    "add ((\"IxMember\", \"c\", \"byStatus\"), \"gold\") -1",
                    "add ((\"IxMember\", \"c\", \"byStatus\"), \"silver\") 1",
                    "add ((\"IxMember\", \"c\", \"balanceByStatus\"), \"gold\") -5",
                    "add ((\"IxMember\", \"c\", \"balanceByStatus\"), \"silver\") 5",
                    "add ((\"IxMember\", \"c\", \"byCityAndStatus\"), \"Oslo\", \"gold\") -1",
                    "add ((\"IxMember\", \"c\", \"byCityAndStatus\"), \"Oslo\", \"silver\") 1",
                    "put ((\"IxMember\", \"r\", 1))")), new LinkedHashSet<>(backend.takeWrites()),
                    "only the status entry and the status counters move; email, tags, cityAndAge and total stay");
            assertEquals(tagsBefore, Raw.entries(store, MEMBERS, "tags"));
            assertEquals(placesBefore, Raw.entries(store, MEMBERS, "cityAndAge"));
            assertEquals(emailsBefore, Raw.uniqueEntries(store, MEMBERS, "email"));

            members.save(moved.withAge(31));
            assertEquals(new LinkedHashSet<>(List.of(
                    "delete ((\"IxMember\", \"i\", \"cityAndAge\"), \"Oslo\", 30, 1)",
                    "put ((\"IxMember\", \"i\", \"cityAndAge\"), \"Oslo\", 31, 1)",
                    "put ((\"IxMember\", \"r\", 1))")), new LinkedHashSet<>(backend.takeWrites()));

            Member current = members.findById(1).orElseThrow();
            members.save(current);
            assertEquals(List.of("put ((\"IxMember\", \"r\", 1))"), backend.takeWrites(),
                    "an unchanged save writes the record (its new version) and nothing else");
            assertTrue(members.verify().isClean());
        }
    }

    @Test
    void indexesWorkWithATwoComponentPartitionAndASortKey() {
        try (KvStore store = Stores.open(dir)) {
            ReadingRepository readings = new ReadingRepository(store);
            readings.save(new Reading("north", 2, 100, "temp", 5));
            readings.save(new Reading("north", 1, 200, "temp", 6));
            readings.save(new Reading("south", 1, 50, "wind", 7));
            readings.save(new Reading("north", 1, 100, "temp", 8));
            assertEquals(List.of(new Reading("north", 1, 100, "temp", 8), new Reading("north", 1, 200, "temp", 6),
                    new Reading("north", 2, 100, "temp", 5)), readings.findByKind("temp"));
            assertEquals(List.of(tuple("temp", "north", 1L, 100L), tuple("temp", "north", 1L, 200L),
                    tuple("temp", "north", 2L, 100L), tuple("wind", "south", 1L, 50L)),
                    Raw.entries(store, READINGS, "kind"));
            assertTrue(readings.updateKind("north", 1, 200, "wind"));
            assertEquals(List.of(new Reading("north", 1, 200, "wind", 6), new Reading("south", 1, 50, "wind", 7)),
                    readings.findByKind("wind"));
            assertEquals(2, readings.countByKind("temp"));
            assertEquals(19, readings.sumValueBySite("north"));
            assertTrue(readings.deleteById("north", 1, 100));
            assertEquals(List.of(new Reading("north", 2, 100, "temp", 5)), readings.findByKind("temp"));
            assertTrue(readings.verify().isClean(), readings.verify().toString());
        }
    }

    @Test
    void aSetIndexOnAClassEntity() {
        try (KvStore store = Stores.open(dir)) {
            TicketRepository tickets = new TicketRepository(store);
            tickets.save(new Ticket("p", 1, null, null, null, Set.of("bug", "ui"), null));
            tickets.save(new Ticket("p", 2, null, null, null, Set.of("bug"), null));
            assertEquals(List.of("p/1", "p/2"), keys(tickets.findByLabels("bug")));
            assertTrue(tickets.updateLabels("p", 1, Set.of("ui", "perf")));
            assertEquals(List.of("p/2"), keys(tickets.findByLabels("bug")));
            assertEquals(List.of("p/1"), keys(tickets.findByLabels("perf")));
            assertEquals(List.of(tuple("bug", "p", 2L), tuple("perf", "p", 1L), tuple("ui", "p", 1L)),
                    Raw.entries(store, TICKETS, "labels"));
        }
    }
}
