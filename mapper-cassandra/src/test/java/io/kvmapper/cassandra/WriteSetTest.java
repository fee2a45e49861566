package io.kvmapper.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A transaction's write buffer without a node: how each buffered write reads over each value the store may
 * hold, what a range deletion does to the writes it covers, and which writes of one key may follow which.
 */
class WriteSetTest {
    private static final int CHUNK = 16;
    private static final byte[] PARTITION = Tuples.encode("p");
    private static final byte[] KEY = key("k");
    private static final byte[] HOLDER = Tuples.encode("h1");
    private static final byte[] OTHER_HOLDER = Tuples.encode("h2");
    private static final byte[] VALUE = Tuples.encode("value");
    private static final byte[] COUNTER = Counters.encode(5);

    private final FakeCassandra cassandra = new FakeCassandra();
    private final Claims claims = new Claims(FakeCassandra.WHERE, cassandra, FakeCassandra.FAILURES);
    private final WriteSet writes = new WriteSet(FakeCassandra.WHERE, layout(), claims);
    private final Map<ByteBuffer, byte[]> store = new HashMap<>();
    private final List<String> storeReads = new ArrayList<>();

    // ---------------------------------------------------------------- reads through the buffer

    /**
     * One key: what the transaction wrote to it, what the store holds, what a read returns, and whether the
     * read asks the store.
     */
    record Case(String name, Consumer<WriteSet> written, byte[] stored, byte[] reads, boolean asksStore) {
        @Override
        public String toString() {
            return name + " over " + (stored == null ? "an absent key" : Tuples.toString(stored));
        }
    }

    static Stream<Case> everyBufferedWriteOverEveryStoredValue() {
        List<Case> cases = new ArrayList<>();
        for (byte[] stored : Arrays.asList(null, VALUE, COUNTER)) {
            cases.add(new Case("nothing written", w -> { }, stored, stored, true));
            cases.add(new Case("put", w -> w.put(KEY, HOLDER), stored, HOLDER, false));
            cases.add(new Case("delete", w -> w.delete(KEY), stored, null, false));
            cases.add(new Case("add 3", w -> w.add(KEY, 3), stored,
                    Counters.encode(StoredValues.asCounter(stored) + 3), true));
            cases.add(new Case("add 3 twice", w -> { w.add(KEY, 3); w.add(KEY, 3); }, stored,
                    Counters.encode(StoredValues.asCounter(stored) + 6), true));
            cases.add(new Case("put of a counter value, add 3", w -> { w.put(KEY, Counters.encode(7)); w.add(KEY, 3); },
                    stored, Counters.encode(10), false));
            cases.add(new Case("put of another value, add 3", w -> { w.put(KEY, VALUE); w.add(KEY, 3); },
                    stored, Counters.encode(3), false));
            cases.add(new Case("delete, add 3", w -> { w.delete(KEY); w.add(KEY, 3); }, stored, Counters.encode(3),
                    false));
            cases.add(new Case("release", w -> w.release(KEY, HOLDER), stored, stored, true));
            cases.add(new Case("checked write", w -> w.writeIfUnchanged(KEY, stored, HOLDER), stored, HOLDER, false));
            cases.add(new Case("checked removal", w -> w.writeIfUnchanged(KEY, stored, null), stored, null, false));
            cases.add(new Case("release, claim for the same holder", w -> {
                w.release(KEY, HOLDER);
                assertTrue(w.settlesClaim(KEY, HOLDER));
            }, stored, stored, true));
            cases.add(new Case("release, claim for another holder", w -> {
                w.release(KEY, OTHER_HOLDER);
                assertTrue(w.settlesClaim(KEY, HOLDER));
            }, stored, HOLDER, false));
            cases.add(new Case("range deletion", w -> w.deleteRange(KeyRange.startingWith(PARTITION)), stored, null,
                    false));
            cases.add(new Case("put, range deletion", w -> {
                w.put(KEY, HOLDER);
                w.deleteRange(KeyRange.startingWith(PARTITION));
            }, stored, null, false));
            cases.add(new Case("range deletion, put", w -> {
                w.deleteRange(KeyRange.startingWith(PARTITION));
                w.put(KEY, HOLDER);
            }, stored, HOLDER, false));
            cases.add(new Case("add, range deletion", w -> {
                w.add(KEY, 3);
                w.deleteRange(KeyRange.startingWith(PARTITION));
            }, stored, null, false));
            cases.add(new Case("range deletion, add 3", w -> {
                w.deleteRange(KeyRange.startingWith(PARTITION));
                w.add(KEY, 3);
            }, stored, Counters.encode(3), false));
            cases.add(new Case("release, range deletion", w -> {
                w.release(KEY, HOLDER);
                w.deleteRange(KeyRange.startingWith(PARTITION));
            }, stored, null, false));
        }
        // a release reads the store's value unless the holder released is the one stored
        cases.add(new Case("release", w -> w.release(KEY, HOLDER), HOLDER, null, true));
        cases.add(new Case("release", w -> w.release(KEY, OTHER_HOLDER), HOLDER, HOLDER, true));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyBufferedWriteOverEveryStoredValue")
    void aReadThroughTheBufferAppliesTheKeysLastWriteToWhatTheStoreHolds(Case c) {
        if (c.stored() != null) {
            store.put(ByteBuffer.wrap(KEY), c.stored());
        }
        c.written().accept(writes);

        assertArrayEquals(c.reads(), writes.read(KEY, this::storeGet), "get");
        assertEquals(c.asksStore() ? List.of("get " + Tuples.toString(KEY)) : List.of(), storeReads, "get's reads");
        storeReads.clear();

        assertArrayEquals(c.reads(), writes.readAll(List.of(KEY), this::storeGetAll).get(0), "getAll");
        assertEquals(c.asksStore() ? List.of("getAll [" + Tuples.toString(KEY) + "]") : List.of(), storeReads,
                "getAll's reads");

        List<KeyValue> storedItems = c.stored() == null ? List.of() : List.of(new KeyValue(KEY, c.stored()));
        List<KeyValue> scanned = scan(storedItems);
        assertEquals(c.reads() == null ? 0 : 1, scanned.size(), "scan");
        if (c.reads() != null) {
            assertArrayEquals(c.reads(), scanned.get(0).value(), "scan");
        }
    }

    @Test
    void getAllAsksTheStoreOnceForJustTheKeysWhoseWritesNeedTheirStoredValue() {
        store.put(ByteBuffer.wrap(key("a")), COUNTER);
        store.put(ByteBuffer.wrap(key("b")), VALUE);
        store.put(ByteBuffer.wrap(key("c")), VALUE);
        writes.add(key("a"), 1);
        writes.put(key("b"), HOLDER);
        writes.deleteRange(new KeyRange(key("c"), key("d")));

        List<byte[]> values = writes.readAll(List.of(key("a"), key("b"), key("c"), key("e")), this::storeGetAll);

        assertEquals(List.of("getAll [(\"p\", \"a\"), (\"p\", \"e\")]"), storeReads);
        assertArrayEquals(Counters.encode(6), values.get(0));
        assertArrayEquals(HOLDER, values.get(1));
        assertNull(values.get(2));
        assertNull(values.get(3));
    }

    @Test
    void getAllAsksTheStoreNothingWhenTheBufferAnswersEveryKey() {
        writes.put(key("a"), VALUE);
        writes.delete(key("b"));

        List<byte[]> values = writes.readAll(List.of(key("a"), key("b")), this::storeGetAll);

        assertEquals(List.of(), storeReads);
        assertArrayEquals(VALUE, values.get(0));
        assertNull(values.get(1));
    }

    @Test
    void theBufferCopiesWhatItIsGivenAndWhatItReturns() {
        byte[] key = key("a");
        byte[] value = Tuples.encode("v");
        writes.put(key, value);
        key[key.length - 2] = 'z';
        value[1] = 'w';

        byte[] read = writes.read(key("a"), this::storeGet);
        assertArrayEquals(Tuples.encode("v"), read);
        read[1] = 'w';
        assertArrayEquals(Tuples.encode("v"), writes.read(key("a"), this::storeGet));
        assertNull(writes.read(key("z"), this::storeGet));
    }

    // ---------------------------------------------------------------- range deletions over buffered writes

    @Test
    void aRangeDeletionDropsTheWritesItCoversExceptReleases() {
        writes.put(key("a"), VALUE);
        writes.delete(key("b"));
        writes.add(key("c"), 1);
        writes.release(key("d"), HOLDER);
        writes.put(key("f"), VALUE);

        writes.deleteRange(new KeyRange(key("a"), key("f")));

        assertEquals(List.of(key("d"), key("f")).stream().map(Tuples::toString).toList(),
                writes.writes().keySet().stream().map(Tuples::toString).toList());
        assertInstanceOf(BufferedOp.Release.class, writes.get(key("d")));
        assertTrue(writes.isDeleted(key("a")));
        assertTrue(writes.isDeleted(key("e")));
        assertFalse(writes.isDeleted(key("f")), "the end is not in the range");
    }

    @Test
    void anEmptyRangeDeletionBuffersNothing() {
        writes.deleteRange(new KeyRange(key("b"), key("b")));

        assertTrue(writes.isEmpty());
        assertEquals(List.of(), writes.deletedRanges());
    }

    @Test
    void aRangeDeletionIsRefusedOverACheckedWriteOrAClaimOfTheTransaction() {
        writes.writeIfUnchanged(key("b"), null, VALUE);
        claims.claim(key("m"), HOLDER);

        assertMixed("deleteRange of key (\"p\", \"b\") in Cassandra table ks.kv after a writeIfUnchanged of it",
                () -> writes.deleteRange(new KeyRange(key("a"), key("c"))));
        assertMixed("deleteRange of key (\"p\", \"m\") in Cassandra table ks.kv after a claim of it",
                () -> writes.deleteRange(new KeyRange(key("l"), key("n"))));
        assertEquals(List.of(), writes.deletedRanges(), "nothing deleted");
    }

    // ---------------------------------------------------------------- which write may follow which

    @Test
    void aKeyIsWrittenThroughLightweightTransactionsOrPlainlyNeverBoth() {
        claims.claim(key("claimed"), HOLDER);
        assertMixed("put of key (\"p\", \"claimed\") in Cassandra table ks.kv after a claim of it",
                () -> writes.put(key("claimed"), VALUE));
        assertMixed("add of key (\"p\", \"claimed\") in Cassandra table ks.kv after a claim of it",
                () -> writes.add(key("claimed"), 1));
        assertMixed("writeIfUnchanged of key (\"p\", \"claimed\") in Cassandra table ks.kv after a claim of it",
                () -> writes.writeIfUnchanged(key("claimed"), HOLDER, VALUE));

        writes.release(key("released"), HOLDER);
        assertMixed("delete of key (\"p\", \"released\") in Cassandra table ks.kv after a release of it",
                () -> writes.delete(key("released")));
        assertMixed("writeIfUnchanged of key (\"p\", \"released\") in Cassandra table ks.kv after a release of it",
                () -> writes.writeIfUnchanged(key("released"), HOLDER, null));

        writes.writeIfUnchanged(key("checked"), null, VALUE);
        assertMixed("put of key (\"p\", \"checked\") in Cassandra table ks.kv after a writeIfUnchanged of it",
                () -> writes.put(key("checked"), VALUE));
        assertMixed("claim of key (\"p\", \"checked\") in Cassandra table ks.kv after a writeIfUnchanged of it",
                () -> writes.settlesClaim(key("checked"), HOLDER));
        assertMixed("release of key (\"p\", \"checked\") in Cassandra table ks.kv after a writeIfUnchanged of it",
                () -> writes.release(key("checked"), HOLDER));

        writes.put(key("plain"), VALUE);
        assertMixed("claim of key (\"p\", \"plain\") in Cassandra table ks.kv after a put of it",
                () -> writes.settlesClaim(key("plain"), HOLDER));
        assertMixed("release of key (\"p\", \"plain\") in Cassandra table ks.kv after a put of it",
                () -> writes.release(key("plain"), HOLDER));

        writes.deleteRange(new KeyRange(key("r"), key("s")));
        assertMixed("claim of key (\"p\", \"r1\") in Cassandra table ks.kv after a deleteRange of it",
                () -> writes.settlesClaim(key("r1"), HOLDER));
        assertMixed("writeIfUnchanged of key (\"p\", \"r1\") in Cassandra table ks.kv after a deleteRange of it",
                () -> writes.writeIfUnchanged(key("r1"), null, VALUE));
    }

    @Test
    void aClaimOfAKeyNotWrittenIsLeftToTheStore() {
        assertFalse(writes.settlesClaim(key("a"), HOLDER));
        assertTrue(writes.isEmpty());
    }

    @Test
    void aClaimAfterAReleaseTakesItBackOrBecomesACheckedWriteOfTheReleasedHolder() {
        writes.release(key("a"), HOLDER);
        writes.release(key("b"), OTHER_HOLDER);

        assertTrue(writes.settlesClaim(key("a"), HOLDER));
        assertTrue(writes.settlesClaim(key("b"), HOLDER));

        assertNull(writes.get(key("a")), "the release taken back");
        BufferedOp.Checked checked = assertInstanceOf(BufferedOp.Checked.class, writes.get(key("b")));
        assertArrayEquals(OTHER_HOLDER, checked.expected());
        assertArrayEquals(HOLDER, checked.value());
        assertEquals(List.of(), cassandra.requests(), "nothing asked of the store");
    }

    @Test
    void aSecondCheckedWriteOfAKeyKeepsTheFirstOnesExpectation() {
        writes.writeIfUnchanged(key("a"), VALUE, HOLDER);
        writes.writeIfUnchanged(key("a"), HOLDER, OTHER_HOLDER);

        BufferedOp.Checked checked = assertInstanceOf(BufferedOp.Checked.class, writes.get(key("a")));
        assertArrayEquals(VALUE, checked.expected());
        assertArrayEquals(OTHER_HOLDER, checked.value());
    }

    @Test
    void aClaimedOrCheckedValueIsOneCellNoLongerThanAChunkAndAClaimIsNotEmpty() {
        byte[] large = new byte[CHUNK + 1];
        InvalidRequestException checked = assertThrows(InvalidRequestException.class,
                () -> writes.writeIfUnchanged(key("a"), large, null));
        assertEquals("writeIfUnchanged of key (\"p\", \"a\") in Cassandra table ks.kv: its value of 17 bytes is"
                + " longer than the chunk size (16 bytes, CassandraKvStore.Options.valueChunkSize), and a lightweight"
                + " transaction checks a single cell; raise valueChunkSize or keep such values smaller",
                checked.getMessage());
        assertThrows(InvalidRequestException.class, () -> writes.settlesClaim(key("a"), large));
        writes.writeIfUnchanged(key("b"), null, new byte[CHUNK]);
        InvalidRequestException empty = assertThrows(InvalidRequestException.class,
                () -> writes.settlesClaim(key("a"), new byte[0]));
        assertEquals("claim of key (\"p\", \"a\") in Cassandra table ks.kv: a claim needs a non-empty value, its"
                + " holder", empty.getMessage());
    }

    @Test
    void anAddOutsideThePartitionsThatMayHoldCountersIsRefused() {
        WriteSet countersElsewhere = new WriteSet(FakeCassandra.WHERE, new StoreLayout(
                new Placement(BucketedPartitions.none(), 1), partition -> false, CHUNK, 100), claims);

        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> countersElsewhere.add(KEY, 1));
        assertEquals("add to key (\"p\", \"k\") in Cassandra table ks.kv: its partition may not hold counters"
                + " (CassandraKvStore.Options.counterPartitions says which may)", e.getMessage());
        assertTrue(countersElsewhere.isEmpty());
    }

    @Test
    void aKeyThatIsNotATupleIsRefusedBeforeItIsBuffered() {
        assertThrows(InvalidRequestException.class, () -> writes.put(new byte[] {(byte) 0xEE}, VALUE));
        assertTrue(writes.isEmpty());
    }

    // ---------------------------------------------------------------- what a cursor merges next

    @Test
    void theNextWriteOfACursorIsTheNearestAfterItsLastKeyInsideItsRange() {
        for (String k : List.of("a", "c", "e", "g")) {
            writes.put(key(k), VALUE);
        }
        KeyRange range = new KeyRange(key("b"), key("g"));

        assertEquals("(\"p\", \"c\")", nextKey(range, null, false));
        assertEquals("(\"p\", \"e\")", nextKey(range, key("c"), false));
        assertEquals("(\"p\", \"e\")", nextKey(range, key("d"), false));
        assertNull(nextKey(range, key("e"), false), "g is the range's end, outside it");
        assertEquals("(\"p\", \"e\")", nextKey(range, null, true));
        assertEquals("(\"p\", \"c\")", nextKey(range, key("e"), true));
        assertNull(nextKey(range, key("c"), true), "a is before the range");
    }

    private String nextKey(KeyRange range, byte[] after, boolean reverse) {
        Map.Entry<byte[], BufferedOp> next = writes.nextWrite(range, after, reverse);
        return next == null ? null : Tuples.toString(next.getKey());
    }

    private List<KeyValue> scan(List<KeyValue> storedItems) {
        List<KeyValue> items = new ArrayList<>();
        try (OverlayCursor cursor = new OverlayCursor(writes, new ListCursor(storedItems),
                KeyRange.startingWith(PARTITION), ScanOptions.FORWARD, FakeCassandra.FAILURES)) {
            cursor.forEachRemaining(items::add);
        }
        return items;
    }

    private byte[] storeGet(byte[] key) {
        storeReads.add("get " + Tuples.toString(key));
        byte[] value = store.get(ByteBuffer.wrap(key));
        return value == null ? null : value.clone();
    }

    private Map<ByteBuffer, byte[]> storeGetAll(List<byte[]> keys) {
        storeReads.add("getAll " + keys.stream().map(Tuples::toString).toList());
        Map<ByteBuffer, byte[]> found = new HashMap<>();
        for (byte[] key : keys) {
            byte[] value = store.get(ByteBuffer.wrap(key));
            if (value != null) {
                found.put(ByteBuffer.wrap(key), value);
            }
        }
        return found;
    }

    private static void assertMixed(String start, Executable write) {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, write);
        assertTrue(e.getMessage().startsWith(start + " in the same transaction: a key is written either with"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("never both"), e.getMessage());
    }

    static StoreLayout layout() {
        return new StoreLayout(new Placement(BucketedPartitions.none(), 1), CounterPartitions.all(), CHUNK, 100);
    }

    private static byte[] key(String sortKey) {
        return Tuples.encode("p", sortKey);
    }
}
