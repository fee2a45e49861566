package io.kvmapper.it.migration;

import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvTransaction;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Multimap;
import io.kvmapper.OptimisticLockException;
import io.kvmapper.Progress;
import io.kvmapper.StoreCopy;
import io.kvmapper.internal.layout.Area;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.it.Person;
import io.kvmapper.it.PersonRepository;
import io.kvmapper.it.TestStores;
import io.kvmapper.it.indexes.Member;
import io.kvmapper.it.indexes.MemberRepository;
import io.kvmapper.rocksdb.RocksKvStore;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Moving a store to another backend with {@link StoreCopy}: a RocksDB store written through the repositories
 * (unique, non-unique, collection and composite indexes, counts and sums, versions, a value large enough to
 * be chunked on Cassandra, a multimap) is copied into the store {@link TestStores} opens, Cassandra in the
 * Cassandra run, and copied back into a new RocksDB store. The copy serves the repositories at once: every
 * index and counter ready and in step, unique values still guarded, versions still checked; the round trip
 * gives back every item byte for byte.
 */
class StoreCopyTest {
    private static final int MEMBERS = 300;
    private static final List<String> STATUSES = List.of("gold", "silver", "bronze");

    @TempDir
    Path dir;

    @Test
    void aStoreCopiedToAnotherBackendServesItsRepositoriesAndCopiesBackByteForByte() {
        try (KvStore source = RocksKvStore.open(dir.resolve("source"));
                KvStore target = TestStores.open(dir.resolve("target"));
                KvStore back = RocksKvStore.open(dir.resolve("back"))) {
            fill(source);
            Map<String, String> original = dump(source);

            List<Progress> reports = new ArrayList<>();
            StoreCopy.Result copied = source.copy().batchItems(100).progress(reports::add).to(target);
            assertEquals(original.size(), copied.items(), "every item of the source is read: " + copied);
            assertTrue(copied.counters() > 0 && copied.batches() >= original.size() / 100, copied.toString());
            assertTrue(reports.get(reports.size() - 1).finished(), reports.toString());

            assertSameRepositories(source, target);
            target.copy().to(back);
            assertEquals(original, dump(back), "copied there and back, the store is the same, item for item");

            assertTheCopyKeepsGuarding(target);
        }
    }

    @Test
    void aCopyNeedsAnEmptyTargetAndASourceWithNoBuildUnderWay() {
        try (KvStore source = RocksKvStore.open(dir.resolve("source"));
                KvStore target = TestStores.open(dir.resolve("target"))) {
            new MemberRepository(target).save(Member.of(1, "taken@x", "gold", 30, 1L, "Oslo", List.of()));
            new MemberRepository(source).save(Member.of(2, "m2@x", "gold", 30, 1L, "Oslo", List.of()));
            InvalidRequestException notEmpty = assertThrows(InvalidRequestException.class,
                    () -> source.copy().to(target));
            assertTrue(notEmpty.getMessage().contains("not empty"), notEmpty.getMessage());
        }
        try (KvStore source = RocksKvStore.open(dir.resolve("building"));
                KvStore target = TestStores.open(dir.resolve("empty"))) {
            // the metadata of an index whose online build has not finished, as the schema registry stores it
            source.transact(tx -> {
                tx.unwrap(KvTransaction.class).put(Tuples.encode(List.of("Shop", "m"), "index", "byOwner"),
                        Tuples.encode("owner", "BUILDING", ""));
            });
            InvalidRequestException building = assertThrows(InvalidRequestException.class,
                    () -> source.copy().to(target));
            assertTrue(building.getMessage().contains("Shop") && building.getMessage().contains("byOwner")
                    && building.getMessage().contains("BUILDING"), building.getMessage());
            assertEquals(Map.of(), dump(target), "nothing was written");
        }
    }

    /** Members with every kind of index and counter, changed and deleted; a large person; a multimap. */
    private static void fill(KvStore store) {
        MemberRepository members = new MemberRepository(store);
        for (int from = 0; from < MEMBERS; from += 50) {
            int start = from;
            store.transact(tx -> {
                for (long id = start; id < start + 50; id++) {
                    members.with(tx).insert(Member.of(id, "m" + id + "@x", STATUSES.get((int) id % 3), (int) id % 60,
                            id % 7 == 0 ? null : id * 10, id % 5 == 0 ? null : "city" + id % 4,
                            List.of("t" + id % 6, "all")));
                }
            });
        }
        for (long id = 0; id < MEMBERS; id += 3) {
            Member member = members.findById(id).orElseThrow();
            members.save(member.withStatus("platinum").withEmail("changed" + id + "@x"));
        }
        for (long id = 1; id < MEMBERS; id += 10) {
            members.deleteById(id);
        }
        PersonRepository people = new PersonRepository(store);
        people.save(new Person(1, "x".repeat(200_000)));
        people.save(new Person(2, "Bo"));
        Multimap<String, String> likes = store.multimap("likes", String.class, String.class);
        for (int i = 0; i < 40; i++) {
            likes.add("post-" + i % 4, "user-" + i % 7);
        }
    }

    private static void assertSameRepositories(KvStore source, KvStore target) {
        MemberRepository from = new MemberRepository(source);
        MemberRepository to = new MemberRepository(target);
        assertTrue(to.verify().isClean(), to.verify().toString());
        List<Member> all = all(from);
        assertEquals(all, all(to));
        assertEquals(from.countTotal(), to.countTotal());
        assertEquals(new TreeMap<>(from.countByStatus()), new TreeMap<>(to.countByStatus()));
        for (String status : List.of("gold", "silver", "bronze", "platinum")) {
            assertEquals(from.sumBalanceByStatus(status), to.sumBalanceByStatus(status), status);
            assertEquals(from.findByStatus(status), to.findByStatus(status), status);
        }
        for (Member member : all) {
            assertEquals(Optional.of(member), to.findByEmail(member.email()));
        }
        assertEquals(from.findByTags("t3"), to.findByTags("t3"));
        assertEquals(from.findByCityAndAge("city1", 21), to.findByCityAndAge("city1", 21));

        PersonRepository people = new PersonRepository(target);
        assertEquals(200_000, people.findById(1).orElseThrow().getName().length());
        assertEquals("Bo", people.findById(2).orElseThrow().getName());
        Multimap<String, String> likes = target.multimap("likes", String.class, String.class);
        Multimap<String, String> original = source.multimap("likes", String.class, String.class);
        for (int post = 0; post < 4; post++) {
            assertEquals(original.counts("post-" + post), likes.counts("post-" + post));
        }
    }

    /** The copied unique entries are claims like any other, and the copied versions are checked. */
    private static void assertTheCopyKeepsGuarding(KvStore target) {
        MemberRepository members = new MemberRepository(target);
        UniqueConstraintException taken = assertThrows(UniqueConstraintException.class,
                () -> members.insert(Member.of(10_000, "m2@x", "gold", 20, 1L, null, null)));
        assertEquals("email", taken.index());
        Member two = members.findById(2).orElseThrow();
        Member moved = members.save(two.withEmail("moved2@x"));
        members.insert(Member.of(10_000, "m2@x", "gold", 20, 1L, null, null));
        assertThrows(OptimisticLockException.class, () -> members.save(two.withStatus("stale")));
        members.save(moved.withStatus("fresh"));
        assertTrue(members.verify().isClean(), members.verify().toString());
        Multimap<String, String> likes = target.multimap("likes", String.class, String.class);
        long before = likes.count("post-0", "user-0");
        likes.add("post-0", "user-0");
        assertEquals(before + 1, likes.count("post-0", "user-0"), "adds build on copied counts");
    }

    private static List<Member> all(MemberRepository members) {
        try (Stream<Member> all = members.findAll()) {
            return all.sorted(Comparator.comparingLong(Member::id)).toList();
        }
    }

    /** Every item of a store, key to value in hex; counters at zero (which read as absent) left out. */
    private static Map<String, String> dump(KvStore store) {
        Map<String, String> items = new TreeMap<>();
        try (KvCursor cursor = store.unwrap(KvBackend.class).scan(new KeyRange(new byte[0], new byte[] {(byte) 0xFF}),
                ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                if (Area.isCounterKey(item.key()) && Counters.decode(item.key(), item.value()) == 0) {
                    continue;
                }
                items.put(HexFormat.of().formatHex(item.key()), HexFormat.of().formatHex(item.value()));
            }
        }
        return items;
    }
}
