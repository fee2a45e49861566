package io.kvmapper.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Counter replacement without a node: which counters a commit reads, in which queries, and what its puts and
 * deletes write over them so that a key reads as the value put, or as absent ({@link StoredValues}).
 */
class ReplacedCountersTest {
    /** Partitions whose name starts with "c" may hold counters; others ("p") may not. */
    private static final Predicate<byte[]> COUNTER_PARTITIONS =
            partition -> Tuples.decode(partition).get(0).toString().startsWith("c");

    private final FakeCounterTable counters = new FakeCounterTable();

    // ---------------------------------------------------------------- what is read

    @Test
    void onlyPutsOfEightByteValuesAndDeletesInPartitionsThatMayHoldCountersAreRead() {
        WriteSet writes = writes(layout(100));
        writes.put(key("c", "eight"), Counters.encode(1));
        writes.put(key("c", "three"), Tuples.encode("x"));
        writes.delete(key("c", "deleted"));
        writes.add(key("c", "added"), 1);
        writes.release(key("c", "released"), Tuples.encode("h"));
        writes.writeIfUnchanged(key("c", "checked"), null, Counters.encode(1));
        writes.put(key("p", "eight"), Counters.encode(1));
        writes.delete(key("p", "deleted"));

        ReplacedCounters.read(writes, List.of(), layout(100), counters);

        assertEquals(List.of("IN (\"c\") [deleted, eight]"), counters.requests());
    }

    @Test
    void nothingIsReadWhenNoWriteCanReplaceACounter() {
        WriteSet writes = writes(layout(100));
        writes.add(key("c", "a"), 1);
        writes.put(key("c", "b"), Tuples.encode("not eight bytes"));
        writes.delete(key("p", "a"));

        ReplacedCounters replaced = ReplacedCounters.read(writes, List.of(), layout(100), counters);

        assertEquals(List.of(), counters.requests());
        assertEquals(Map.of(), replaced.sums());
    }

    @Test
    void theKeysAreAskedForInQueriesOfAtMostKeysPerReadAllSentTogether() {
        WriteSet writes = writes(layout(2));
        for (String k : List.of("a", "b", "c", "d", "e")) {
            writes.delete(key("c1", k));
        }
        writes.delete(key("c2", "a"));

        ReplacedCounters.read(writes, List.of(), layout(2), counters);

        assertEquals(List.of("IN (\"c1\") [a, b] + IN (\"c1\") [c, d] + IN (\"c1\") [e] + IN (\"c2\") [a]"),
                counters.requests());
    }

    @Test
    void aBucketedPartitionIsAskedPerBucketAndARangeOfItIsScannedInEveryBucket() {
        Placement placement = new Placement(BucketedPartitions.all(), 4);
        StoreLayout layout = new StoreLayout(placement, COUNTER_PARTITIONS, 100, 100);
        WriteSet writes = writes(layout);
        List<String> keys = List.of("a", "b", "c", "d", "e", "f");
        for (String k : keys) {
            writes.delete(key("c", k));
        }

        ReplacedCounters.read(writes, List.of(PartitionRange.within(KeyRange.startingWith(Tuples.encode("c")))),
                layout, counters);

        Map<Integer, List<String>> byBucket = new LinkedHashMap<>(); // in the order the keys first reach each
        for (String k : keys) {
            byBucket.computeIfAbsent(Placement.bucket(Tuples.encode(k), 4), b -> new ArrayList<>()).add(k);
        }
        assertTrue(byBucket.size() > 1, "the keys lie in several buckets");
        List<String> queries = new ArrayList<>();
        byBucket.forEach((bucket, inBucket) -> queries.add("IN (\"c\")#" + bucket + " " + inBucket));
        assertEquals(String.join(" + ", queries), counters.requests().get(0), "one query per bucket, sent together");
        assertEquals(List.of("SCAN (\"c\")#0 from 0 to end", "SCAN (\"c\")#1 from 0 to end",
                "SCAN (\"c\")#2 from 0 to end", "SCAN (\"c\")#3 from 0 to end"),
                counters.requests().subList(1, counters.requests().size()));
    }

    @Test
    void aRangeDeletionReadsEveryCounterInItsRangeWhereThePartitionMayHoldCounters() {
        counters.put(key("c", "a"), 1);
        counters.put(key("c", "b"), 2);
        counters.put(key("c", "c"), 3);
        counters.put(key("c", "z"), 26);
        WriteSet writes = writes(layout(100));
        writes.deleteRange(new KeyRange(key("c", "b"), key("c", "d")));
        writes.deleteRange(KeyRange.startingWith(Tuples.encode("p")));

        ReplacedCounters replaced = ReplacedCounters.read(writes, List.of(
                PartitionRange.within(new KeyRange(key("c", "b"), key("c", "d"))),
                PartitionRange.within(KeyRange.startingWith(Tuples.encode("p")))), layout(100), counters);

        assertEquals(List.of("SCAN (\"c\") from 026200 to 026400"), counters.requests(),
                "the partition that may not hold counters is not scanned");
        assertEquals(Map.of(ByteBuffer.wrap(key("c", "b")), 2L, ByteBuffer.wrap(key("c", "c")), 3L),
                replaced.sums());
    }

    @Test
    void theSumsFoundAreKeptByWholeKey() {
        counters.put(key("c", "a"), 7);
        WriteSet writes = writes(layout(100));
        writes.delete(key("c", "a"));
        writes.delete(key("c", "b"));

        ReplacedCounters replaced = ReplacedCounters.read(writes, List.of(), layout(100), counters);

        assertEquals(Map.of(ByteBuffer.wrap(key("c", "a")), 7L), replaced.sums());
    }

    // ---------------------------------------------------------------- what is written over them

    @Test
    void aPutOverACounterWritesTheValueLessTheSumSoTheKeyReadsAsTheValuePut() {
        ReplacedCounters replaced = replacing(key("c", "a"), 5);

        byte[] written = replaced.putOver(key("c", "a"), Counters.encode(42));

        assertArrayEquals(Counters.encode(37), written);
        assertArrayEquals(Counters.encode(42), StoredValues.combine(written, 5L), "read back");
        assertArrayEquals(Counters.encode(45), StoredValues.combine(written, 5L + 3), "after an add of 3");
    }

    @Test
    void aPutOverANegativeCounterAddsItsSum() {
        ReplacedCounters replaced = replacing(key("c", "a"), -5);

        byte[] written = replaced.putOver(key("c", "a"), Counters.encode(42));

        assertArrayEquals(Counters.encode(47), written);
        assertArrayEquals(Counters.encode(42), StoredValues.combine(written, -5L));
    }

    @Test
    void aDeleteOverACounterWritesADeletedBaseSoTheKeyReadsAsAbsentUntilTheNextAdd() {
        ReplacedCounters replaced = replacing(key("c", "a"), 5);

        byte[] written = replaced.deleteOver(key("c", "a"));

        assertArrayEquals(StoredValues.deletedBase(5), written);
        assertEquals(9, written.length);
        assertNull(StoredValues.combine(written, 5L), "read back: absent");
        assertArrayEquals(Counters.encode(2), StoredValues.combine(written, 5L + 2), "after an add of 2");
    }

    @Test
    void aWriteOfAKeyWithoutACounterIsWrittenAsItIs() {
        ReplacedCounters replaced = replacing(key("c", "a"), 5);
        byte[] value = Counters.encode(42);

        assertSame(value, replaced.putOver(key("c", "b"), value));
        assertNull(replaced.deleteOver(key("c", "b")), "a plain deletion");
    }

    @Test
    void aPutOfAValueOfAnotherLengthOverACounterIsWrittenAsItIs() {
        ReplacedCounters replaced = replacing(key("c", "a"), 5);
        byte[] value = Tuples.encode("text");

        assertSame(value, replaced.putOver(key("c", "a"), value));
    }

    private ReplacedCounters replacing(byte[] key, long sum) {
        counters.put(key, sum);
        WriteSet writes = writes(layout(100));
        writes.delete(key);
        return ReplacedCounters.read(writes, List.of(), layout(100), counters);
    }

    private static WriteSet writes(StoreLayout layout) {
        return new WriteSet(FakeCassandra.WHERE, layout,
                new Claims(FakeCassandra.WHERE, new FakeCassandra(), FakeCassandra.FAILURES));
    }

    private static StoreLayout layout(int keysPerRead) {
        return new StoreLayout(new Placement(BucketedPartitions.none(), 1), COUNTER_PARTITIONS, 100, keysPerRead);
    }

    private static byte[] key(String partition, String sortKey) {
        return Tuples.encode(partition, sortKey);
    }
}
