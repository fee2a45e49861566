package io.kvmapper.it.queries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.PageRequest;
import io.kvmapper.annotation.AllowScan;
import io.kvmapper.it.Color;
import io.kvmapper.it.ReadCountingBackend;
import io.kvmapper.it.ReadCountingBackend.Reads;
import io.kvmapper.it.TestStores;
import io.kvmapper.internal.layout.RecordKeys;
import io.kvmapper.spi.KeyRange;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What derived queries read, counted at the backend: {@code First}/{@code Top} and {@code existsBy} stop at what
 * they need, a count reads no record, a counter answers in one read, and no method scans every record of the entity
 * unless it carries {@code @AllowScan}.
 */
class QueryReadsTest {
    private static final int ITEMS = 300;

    @TempDir
    Path dir;
    private KvStore store;
    private ReadCountingBackend reads;
    private ItemQueries items;

    @BeforeEach
    void fill() {
        store = TestStores.open(dir, backend -> reads = new ReadCountingBackend(backend));
        items = new ItemQueries_Impl(store);
        Random random = new Random(15);
        for (int i = 0; i < ITEMS; i++) {
            Item item = ItemModel.randomItem(random, "shelf" + (i % 3), i, "c", i);
            items.save(new Item(item.shelf(), item.rank(), item.code(), i % 2 == 0 ? "common" : "n" + i, Color.RED,
                    item.score(), item.group(), item.active(), item.tags(), item.place(), item.serial()));
        }
        reads.takeReads();
        reads.takeScannedRanges();
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void findFirstAndTopReadOnlyWhatTheyReturn() {
        assertEquals(299, items.findFirstByShelf("shelf2").orElseThrow().rank());
        Reads first = reads.takeReads();
        assertEquals(1, first.scans(), first.toString());
        assertTrue(first.items() <= 1, first.toString());

        assertEquals(3, items.findTop3ByShelfAndRankLessThan("shelf0", 200).size());
        Reads top = reads.takeReads();
        assertEquals(1, top.scans(), top.toString());
        assertTrue(top.items() <= 3, top.toString());

        assertEquals(5, items.findTop5ByNameStartingWithOrderByNameDesc("n").size());
        Reads byIndex = reads.takeReads();
        assertEquals(1, byIndex.scans(), byIndex.toString());
        assertTrue(byIndex.items() <= 5, "5 index entries: " + byIndex);
        assertTrue(byIndex.multiGets() + byIndex.gets() <= 1, "the records in one multi-get: " + byIndex);
    }

    @Test
    void existsStopsAtTheFirstHit() {
        assertTrue(items.existsByName("common"));
        Reads exists = reads.takeReads();
        assertEquals(1, exists.scans(), exists.toString());
        assertEquals(1, exists.items(), "one index entry of " + ITEMS / 2 + ": " + exists);
        assertTrue(items.existsByShelfAndRankGreaterThan("shelf1", 10));
        Reads byKey = reads.takeReads();
        assertEquals(1, byKey.items(), byKey.toString());
        assertFalse(items.existsByName("nobody"));
        assertEquals(0, reads.takeReads().items());
    }

    @Test
    void countsReadNoRecordAndACounterOneKey() {
        assertEquals(ITEMS / 2, items.countByName("common"));
        Reads byIndex = reads.takeReads();
        assertEquals(new Reads(0, 0, 1, ITEMS / 2), byIndex, "the index entries, no record");
        assertEquals(ITEMS, items.countByColor(Color.RED));
        assertEquals(new Reads(1, 0, 0, 0), reads.takeReads(), "one counter group");
    }

    /** A stream reads as it is consumed, in small batches at first, and closing it ends the reads. */
    @Test
    void aStreamReadsWhatIsConsumed() {
        try (java.util.stream.Stream<Item> red = items.streamByColor(Color.RED)) {
            assertEquals(2, red.limit(2).count());
        }
        Reads two = reads.takeReads();
        assertEquals(1, two.scans(), two.toString());
        assertTrue(two.items() <= 16, "the first batch of a stream, not all " + ITEMS + " entries: " + two);
        try (java.util.stream.Stream<Item> red = items.streamByColor(Color.RED)) {
            assertEquals(ITEMS, red.count());
        }
        Reads all = reads.takeReads();
        assertEquals(ITEMS, all.items(), all.toString());
        assertTrue(all.multiGets() <= 6, "the records in growing batches: " + all);
    }

    @Test
    void aPageReadsOneMoreEntryThanItHolds() {
        assertEquals(10, items.findByName("common", PageRequest.ofSize(10)).items().size());
        Reads page = reads.takeReads();
        assertEquals(1, page.scans(), page.toString());
        assertEquals(11, page.items(), page.toString());
    }

    /**
     * Every query method of {@link ItemQueries}, called as the model test calls it (leaving out StartingWith the
     * empty string, which asks for everything): none without {@code @AllowScan} scans the whole record range; those
     * with it do.
     */
    @Test
    void noMethodScansEveryRecordUnlessItAllowsIt() throws NoSuchMethodException {
        byte[] allRecords = RecordKeys.allRecordsPrefix("Item");
        Random random = new Random(15);
        Set<String> called = new HashSet<>();
        ItemModel model = ItemModel.open("monolithic", store);
        for (QueryModelTest.Form form : QueryModelTest.forms()) {
            boolean allowed = allowsScan(form);
            for (int i = 0; i < 10; i++) {
                Object[] arguments = form.arguments().apply(random);
                if (Arrays.asList(arguments).contains("")) {
                    continue;
                }
                call(model, form, arguments);
                boolean whole = reads.takeScannedRanges().stream().anyMatch(r -> covers(r, allRecords));
                assertEquals(allowed, whole, form.method() + Arrays.toString(arguments)
                        + (allowed ? " carries @AllowScan and scans everything" : " scans every record"));
                called.add(form.method());
            }
        }
        for (Method method : ItemQueries.class.getDeclaredMethods()) {
            if (Modifier.isAbstract(method.getModifiers()) && !method.getName().equals("with")
                    && !method.getName().startsWith("delete")) {
                assertTrue(called.contains(method.getName()), method.getName() + " was not called");
            }
        }
    }

    private static boolean allowsScan(QueryModelTest.Form form) throws NoSuchMethodException {
        Class<?>[] types = form.types();
        if (form.shape() == QueryModelTest.Shape.PAGE) {
            types = Arrays.copyOf(types, types.length + 1);
            types[types.length - 1] = PageRequest.class;
        }
        return ItemQueries.class.getMethod(form.method(), types).isAnnotationPresent(AllowScan.class);
    }

    private static void call(ItemModel model, QueryModelTest.Form form, Object[] arguments) {
        if (form.shape() != QueryModelTest.Shape.PAGE) {
            model.call(form.method(), form.types(), arguments);
            return;
        }
        Class<?>[] types = Arrays.copyOf(form.types(), form.types().length + 1);
        types[form.types().length] = PageRequest.class;
        Object[] withPage = Arrays.copyOf(arguments, arguments.length + 1);
        withPage[arguments.length] = PageRequest.ofSize(1000);
        model.call(form.method(), types, withPage);
    }

    /** Whether {@code range} holds every key that starts with {@code prefix}. */
    private static boolean covers(KeyRange range, byte[] prefix) {
        KeyRange all = KeyRange.tuplePrefix(prefix);
        return Arrays.compareUnsigned(range.begin(), all.begin()) <= 0
                && Arrays.compareUnsigned(range.end(), all.end()) >= 0;
    }
}
