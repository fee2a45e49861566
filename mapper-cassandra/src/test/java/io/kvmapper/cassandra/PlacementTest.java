package io.kvmapper.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.spi.KeyRange;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Where keys of a bucketed partition lie, and which buckets a range asks: with buckets chosen by value, every key of
 * one value (the sort key's first element) lies in one bucket and a range inside one value names that bucket alone;
 * for every range, every key in it lies in one of the buckets the range names, whatever its bytes (elements that
 * hold zero bytes, sort keys that are no tuple).
 */
class PlacementTest {
    private static final List<String> STATUS = List.of("User", "i", "status");
    private static final byte[] PARTITION = Tuples.encode(STATUS);
    private static final int BUCKETS = 8;
    private static final Placement BY_VALUE =
            new Placement(BucketedPartitions.all(), BucketedPartitions.all(), BUCKETS);
    private static final Placement BY_KEY = new Placement(BucketedPartitions.all(), BUCKETS);
    /** Values whose encodings extend one another: "a", "a\0", "a\0b" and "ab" start with the same bytes. */
    private static final List<Object> VALUES = List.of("a", "a\0", "a\0b", "ab", "", "b", 0L, 1L, -1L, 300L,
            Arrays.asList("x", null), List.of("x"), true, false, new byte[] {0, (byte) 0xFF});

    @Test
    void everyKeyOfOneValueLiesInOneBucketAndARangeInsideTheValueAsksThatBucketAlone() {
        Set<String> bucketsOfValues = new HashSet<>();
        for (Object value : VALUES) {
            byte[] valueKey = Tuples.encode(STATUS, value);
            Set<String> stored = new HashSet<>();
            for (long id = 0; id < 50; id++) {
                stored.add(storedOf(BY_VALUE, Tuples.encode(STATUS, value, id)));
            }
            stored.add(storedOf(BY_VALUE, valueKey));
            assertEquals(1, stored.size(), "one bucket for " + Tuples.toString(valueKey));
            bucketsOfValues.addAll(stored);

            for (KeyRange range : List.of(KeyRange.startingWith(valueKey), KeyRange.tuplePrefix(valueKey),
                    new KeyRange(Tuples.encode(STATUS, value, 3L), Tuples.encode(STATUS, value, 9L)))) {
                List<byte[]> asked = BY_VALUE.storedPartitions(PartitionRange.within(range));
                assertEquals(1, asked.size(), "a range inside " + Tuples.toString(valueKey) + " asks one bucket");
                assertEquals(stored.iterator().next(), HexFormat.of().formatHex(asked.get(0)));
            }
        }
        assertTrue(bucketsOfValues.size() > 3, "the values spread over the buckets: " + bucketsOfValues);
        assertEquals(BUCKETS, BY_VALUE.storedPartitions(PartitionRange.within(KeyRange.startingWith(PARTITION))).size());
        assertEquals(BUCKETS, BY_KEY.storedPartitions(PartitionRange.within(
                KeyRange.startingWith(Tuples.encode(STATUS, "a")))).size(), "chosen by key: every bucket");
    }

    @Test
    void byKeyTheEntriesOfOneValueSpreadOverTheBuckets() {
        Set<String> stored = new HashSet<>();
        for (long id = 0; id < 200; id++) {
            stored.add(storedOf(BY_KEY, Tuples.encode(STATUS, "active", id)));
        }
        assertEquals(BUCKETS, stored.size());
        // a sort key of one element alone (a unique index's entry) lies where it lay when chosen by key, unless the
        // element holds an escaped zero byte: "a\0" lies with "a", since every key that extends "a"'s bytes must
        for (Object value : VALUES) {
            byte[] key = Tuples.encode(STATUS, value);
            if (value instanceof String text && text.contains("\0") || value instanceof List<?> || value instanceof byte[]) {
                continue;
            }
            assertEquals(storedOf(BY_KEY, key), storedOf(BY_VALUE, key), Tuples.toString(key));
        }
        assertEquals(storedOf(BY_VALUE, Tuples.encode(STATUS, "a")), storedOf(BY_VALUE, Tuples.encode(STATUS, "a\0b")));
    }

    @Test
    void everyKeyOfARandomRangeLiesInABucketTheRangeAsks() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        List<byte[]> keys = new ArrayList<>();
        for (Object value : VALUES) {
            keys.add(Tuples.encode(STATUS, value));
            for (int i = 0; i < 5; i++) {
                keys.add(Tuples.encode(STATUS, value, (long) random.nextInt(100)));
                keys.add(Tuples.encode(STATUS, value, "s" + random.nextInt(100), (long) random.nextInt(9)));
            }
        }
        for (int i = 0; i < 40; i++) { // sort keys that are no tuple, or start one and stop
            byte[] raw = new byte[random.nextInt(6)];
            random.nextBytes(raw);
            keys.add(concat(PARTITION, raw));
        }
        keys.add(PARTITION.clone());
        keys.sort(Arrays::compareUnsigned);
        for (int round = 0; round < 3_000; round++) {
            byte[] a = bound(keys, random);
            byte[] b = bound(keys, random);
            KeyRange range = Arrays.compareUnsigned(a, b) <= 0 ? new KeyRange(a, b) : new KeyRange(b, a);
            PartitionRange within = PartitionRange.within(range);
            if (within == null) {
                continue;
            }
            Set<String> asked = new HashSet<>();
            BY_VALUE.storedPartitions(within).forEach(stored -> asked.add(HexFormat.of().formatHex(stored)));
            for (byte[] key : keys) {
                if (range.contains(key)) {
                    assertTrue(asked.contains(storedOf(BY_VALUE, key)), "seed " + seed + ": " + Tuples.toString(key)
                            + " lies in a bucket " + range + " does not ask");
                }
            }
        }
    }

    @Test
    void partitionsNotChosenByValueKeepTheirBucketsByKey() {
        Placement mixed = new Placement(BucketedPartitions.all(), BucketedPartitions.byValue(), BUCKETS);
        List<String> feed = List.of("User", "f");
        Set<String> stored = new HashSet<>();
        for (long id = 0; id < 200; id++) {
            stored.add(storedOf(mixed, Tuples.encode(feed, 7L, id)));
        }
        assertEquals(BUCKETS, stored.size(), "the change feed's entries spread by their whole key");
        byte[] index = Tuples.encode(List.of("User", "i", "status"), "active", 1L);
        assertNotEquals(-1, PartitionRange.firstElementLength(Arrays.copyOfRange(index, PARTITION.length, index.length)));
        assertTrue(BucketedPartitions.index("User", "status").test(PARTITION));
        assertTrue(!BucketedPartitions.index("User", "email").test(PARTITION));
    }

    /** A key of {@code keys}, or one just after or before it. */
    private static byte[] bound(List<byte[]> keys, Random random) {
        byte[] key = keys.get(random.nextInt(keys.size()));
        return switch (random.nextInt(4)) {
            case 0 -> KeyRange.successor(key);
            case 1 -> KeyRange.strinc(key);
            case 2 -> Arrays.copyOf(key, Math.max(PARTITION.length, key.length - 1));
            default -> key;
        };
    }

    private static String storedOf(Placement placement, byte[] key) {
        int length = PartitionRange.partitionLength(key);
        ByteBuffer stored = placement.stored(Arrays.copyOf(key, length), Arrays.copyOfRange(key, length, key.length));
        return HexFormat.of().formatHex(stored.array());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
