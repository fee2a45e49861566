package io.kvmapper.spi;

import io.kvmapper.internal.store.KvStoreImpl;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.KvStore;
import io.kvmapper.RetryPolicy;
import io.kvmapper.StoreClosedException;
import io.kvmapper.Transaction;
import io.kvmapper.TransactionConflictException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The storage SPI contract, as tests. A backend's test extends this class and says how to open the
 * backend; every test then runs against it:
 *
 * <pre>{@code
 * class MyBackendConformanceTest extends KvBackendConformanceTest {
 *     @TempDir Path dir;
 *     protected KvBackend openBackend() { return MyBackend.open(dir); }
 *     protected KvBackend reopenBackend() { return MyBackend.open(dir); }
 * }
 * }</pre>
 *
 * <p>Test keys live in one partition, the tuple {@code ("p")}, followed by raw sort-key bytes, so the
 * order tests hold on every backend; the cross-partition order test runs only on backends that
 * report {@link KvBackend#isGloballyOrdered()}, the conflict and snapshot tests only on backends that
 * say they have them ({@link #detectsConflicts()}, {@link #readsFromSnapshots()}); the tests of claims
 * and checked writes run on every backend. Concurrency tests bound their running time and assert only
 * outcomes that hold under every interleaving.
 */
@Timeout(120)
public abstract class KvBackendConformanceTest {
    /** The tuple {@code ("p")}: the FoundationDB encoding of the byte string "p". */
    private static final byte[] PARTITION = {0x01, 'p', 0x00};
    private static final KeyRange WHOLE_PARTITION = KeyRange.startingWith(PARTITION);
    private static final RetryPolicy PATIENT = new RetryPolicy(100_000, Duration.ofNanos(50_000), Duration.ofMillis(2));

    /** The backend under test, opened fresh for each test and closed after it. */
    protected KvBackend backend;

    /** Opens a new, empty store, for one test. */
    protected abstract KvBackend openBackend();

    /**
     * Opens again the store that the last {@link #openBackend()} opened, after the test closed it: the
     * persistence tests expect every committed write back. Called only when {@link #survivesReopen()}.
     */
    protected abstract KvBackend reopenBackend();

    /**
     * Whether the store outlives its backend, so that {@link #reopenBackend()} finds every committed write
     * again. True by default; an in-memory backend, whose data ends with it, says false and skips the
     * persistence tests (every other test of close still runs).
     */
    protected boolean survivesReopen() {
        return true;
    }

    /**
     * Whether the backend's transactions detect conflicts, as {@link KvTransaction} describes: what
     * {@link KvBackend#detectsConflicts()} says. A backend that says no (Cassandra) skips the tests of
     * conflicts of plain reads and writes and of {@link KvStore#transact}'s retries of them; the tests of
     * claims and checked writes run everywhere.
     */
    protected boolean detectsConflicts() {
        return backend.detectsConflicts();
    }

    /**
     * Whether reads come from a snapshot, as {@link KvBackend#readsFromSnapshots()} says. A backend that
     * says no (Cassandra) skips the tests of snapshots.
     */
    protected boolean readsFromSnapshots() {
        return backend.readsFromSnapshots();
    }

    @BeforeEach
    void openFreshBackend() {
        backend = openBackend();
    }

    @AfterEach
    void closeBackend() {
        if (backend != null) {
            backend.close();
        }
    }

    // ---------------------------------------------------------------- keys, order and point reads

    @Test
    void emptyStoreHasNothing() {
        assertNull(backend.get(key(1)));
        assertEquals(Arrays.asList((byte[]) null), backend.getAll(List.of(key(1))));
        assertEquals(List.of(), scan(backend, WHOLE_PARTITION, ScanOptions.FORWARD));
    }

    @Test
    void keysSortAsUnsignedBytesWithPrefixesFirst() {
        List<byte[]> ordered = List.of(key(), key(0x00), key(0x00, 0x00), key(0x00, 0xFF), key(0x01), key(0x7F),
                key(0x7F, 0xFF, 0xFF), key(0x80), key(0x80, 0x00), key(0xFE, 0xFF), key(0xFF), key(0xFF, 0x00),
                key(0xFF, 0xFF), key(0xFF, 0xFF, 0xFF));
        List<byte[]> shuffled = new ArrayList<>(ordered);
        Collections.shuffle(shuffled, new Random(7));
        commit(tx -> shuffled.forEach(k -> tx.put(k, k)));

        assertEquals(hex(ordered), hex(keys(scan(backend, WHOLE_PARTITION, ScanOptions.FORWARD))));
        List<byte[]> reversed = new ArrayList<>(ordered);
        Collections.reverse(reversed);
        assertEquals(hex(reversed), hex(keys(scan(backend, WHOLE_PARTITION, ScanOptions.REVERSE))));
        for (byte[] k : ordered) {
            assertArrayEquals(k, backend.get(k), "value of " + HexFormat.of().formatHex(k));
        }
    }

    @Test
    void keysOfDifferentPartitionsAreGloballyOrderedWhenTheBackendSaysSo() {
        assumeTrue(backend.isGloballyOrdered(), "the backend orders keys only within a partition");
        byte[] a = {0x01, 'a', 0x00, 0x05};
        byte[] b = {0x01, 'b', 0x00, 0x01};
        byte[] c = {0x01, 'b', 0x00, 0x02};
        commit(tx -> {
            tx.put(c, c);
            tx.put(a, a);
            tx.put(b, b);
        });
        assertEquals(hex(List.of(a, b, c)),
                hex(keys(scan(backend, new KeyRange(new byte[] {0x01}, new byte[] {0x02}), ScanOptions.FORWARD))));
    }

    @Test
    void putReplacesAndDeleteRemovesAndDeletingAnAbsentKeyIsNoError() {
        commit(tx -> tx.put(key(1), value("first")));
        commit(tx -> tx.put(key(1), value("second")));
        assertArrayEquals(value("second"), backend.get(key(1)));
        commit(tx -> {
            tx.delete(key(1));
            tx.delete(key(2));
        });
        assertNull(backend.get(key(1)));
    }

    @Test
    void emptyValuesAreStoredAndDistinctFromAbsentKeys() {
        commit(tx -> tx.put(key(1), new byte[0]));
        assertArrayEquals(new byte[0], backend.get(key(1)));
        assertNull(backend.get(key(2)));
    }

    @Test
    void getAllReturnsValuesInRequestOrderWithNullForAbsentAndRepeatsDuplicates() {
        commit(tx -> {
            tx.put(key(1), value("one"));
            tx.put(key(3), value("three"));
        });
        List<byte[]> values = backend.getAll(List.of(key(3), key(2), key(1), key(3)));
        assertEquals(4, values.size());
        assertArrayEquals(value("three"), values.get(0));
        assertNull(values.get(1));
        assertArrayEquals(value("one"), values.get(2));
        assertArrayEquals(value("three"), values.get(3));
        assertEquals(List.of(), backend.getAll(List.of()));
    }

    @Test
    void returnedArraysBelongToTheCaller() {
        commit(tx -> tx.put(key(1), value("v")));
        backend.get(key(1))[0] = 'x';
        backend.getAll(List.of(key(1))).get(0)[0] = 'x';
        try (KvCursor cursor = backend.scan(WHOLE_PARTITION, ScanOptions.FORWARD)) {
            KeyValue item = cursor.next();
            item.key()[item.key().length - 1] = 9;
            item.value()[0] = 'x';
        }
        assertArrayEquals(value("v"), backend.get(key(1)));
        assertEquals(hex(List.of(key(1))), hex(keys(scan(backend, WHOLE_PARTITION, ScanOptions.FORWARD))));
    }

    // ---------------------------------------------------------------- scans

    @Test
    void scanReturnsTheRangeForwardOrReverseUpToTheLimit() {
        commit(tx -> {
            for (int i = 0; i < 10; i++) {
                tx.put(key(i), value("v" + i));
            }
        });
        KeyRange range = new KeyRange(key(2), key(8));
        assertEquals(hex(keys(2, 3, 4, 5, 6, 7)), hex(keys(scan(backend, range, ScanOptions.FORWARD))));
        assertEquals(hex(keys(7, 6, 5, 4, 3, 2)), hex(keys(scan(backend, range, ScanOptions.REVERSE))));
        assertEquals(hex(keys(2, 3, 4)), hex(keys(scan(backend, range, ScanOptions.FORWARD.withLimit(3)))));
        assertEquals(hex(keys(7, 6, 5)), hex(keys(scan(backend, range, ScanOptions.REVERSE.withLimit(3)))));
        assertEquals(hex(keys(2, 3, 4, 5, 6, 7)),
                hex(keys(scan(backend, range, ScanOptions.FORWARD.withLimit(100)))));
        List<KeyValue> items = scan(backend, range, ScanOptions.FORWARD);
        for (KeyValue item : items) {
            int i = item.key()[item.key().length - 1];
            assertArrayEquals(value("v" + i), item.value());
        }
    }

    @Test
    void aKeysOnlyScanReturnsTheSameKeysWithEmptyValuesAlsoResumedAndInATransaction() {
        List<byte[]> keys = new ArrayList<>();
        for (char partition : new char[] {'a', 'b', 'c'}) {
            for (int i = 0; i < 5; i++) {
                keys.add(new byte[] {0x01, (byte) partition, 0x00, (byte) i});
            }
        }
        commit(tx -> keys.forEach(k -> tx.put(k, value("stored " + HexFormat.of().formatHex(k)))));
        KeyRange spanning = new KeyRange(new byte[] {0x01}, new byte[] {0x02});
        KeyRange onePartition = KeyRange.startingWith(new byte[] {0x01, 'b', 0x00});
        for (KeyRange range : List.of(spanning, onePartition)) {
            for (ScanOptions options : List.of(ScanOptions.FORWARD, ScanOptions.REVERSE,
                    ScanOptions.FORWARD.withLimit(4), ScanOptions.REVERSE.withLimit(2))) {
                String what = range + " " + options;
                List<KeyValue> full = scan(backend, range, options);
                List<KeyValue> keysOnly = scan(backend, range, options.withKeysOnly());
                assertEquals(hex(keys(full)), hex(keys(keysOnly)), what);
                assertFalse(keysOnly.isEmpty(), what);
                keysOnly.forEach(item -> assertArrayEquals(new byte[0], item.value(), what));
                full.forEach(item -> assertTrue(item.value().length > 0, what));
                byte[] after = full.get(0).key();
                List<KeyValue> resumed = new ArrayList<>();
                try (KvCursor cursor = backend.resume(range, options.withKeysOnly(), after)) {
                    cursor.forEachRemaining(resumed::add);
                }
                List<KeyValue> resumedFull = new ArrayList<>();
                try (KvCursor cursor = backend.resume(range, options, after)) {
                    cursor.forEachRemaining(resumedFull::add);
                }
                assertEquals(hex(keys(resumedFull)), hex(keys(resumed)), "resumed " + what);
                resumed.forEach(item -> assertArrayEquals(new byte[0], item.value(), "resumed " + what));
            }
        }
        byte[] own = new byte[] {0x01, 'b', 0x00, 9};
        try (KvTransaction tx = backend.beginTransaction()) {
            tx.put(own, value("own write"));
            tx.delete(keys.get(5));
            List<KeyValue> seen = scan(tx, onePartition, ScanOptions.FORWARD.withKeysOnly());
            List<byte[]> expected = new ArrayList<>(keys.subList(6, 10));
            expected.add(own);
            assertEquals(hex(expected), hex(keys(seen)));
            seen.forEach(item -> assertArrayEquals(new byte[0], item.value()));
        }
    }

    @Test
    void scanIncludesBeginAndExcludesEnd() {
        commit(tx -> {
            for (byte[] k : List.of(key(1), key(1, 0), key(2), key(2, 0), key(3))) {
                tx.put(k, k);
            }
        });
        KeyRange range = new KeyRange(key(1, 0), key(2, 0));
        assertEquals(hex(List.of(key(1, 0), key(2))), hex(keys(scan(backend, range, ScanOptions.FORWARD))));
        assertEquals(hex(List.of(key(2), key(1, 0))), hex(keys(scan(backend, range, ScanOptions.REVERSE))));
    }

    @Test
    void scanOfAnEmptyOrUnpopulatedRangeReturnsNothing() {
        commit(tx -> {
            tx.put(key(1), value("a"));
            tx.put(key(5), value("b"));
        });
        for (ScanOptions options : List.of(ScanOptions.FORWARD, ScanOptions.REVERSE)) {
            assertEquals(List.of(), scan(backend, new KeyRange(key(2), key(5)), options));
            assertEquals(List.of(), scan(backend, new KeyRange(key(3), key(3)), options));
            assertEquals(List.of(), scan(backend, new KeyRange(key(5), key(1)), options));
        }
    }

    @Test
    void prefixRangeHoldsThePrefixAndEveryExtensionOfIt() {
        List<byte[]> inside = List.of(key(0x01, 0xFF), key(0x01, 0xFF, 0x00), key(0x01, 0xFF, 0xFF, 0xFF));
        List<byte[]> outside = List.of(key(0x01, 0xFE, 0xFF), key(0x01), key(0x02), key(0x02, 0x00));
        commit(tx -> {
            inside.forEach(k -> tx.put(k, k));
            outside.forEach(k -> tx.put(k, k));
        });
        KeyRange range = KeyRange.startingWith(key(0x01, 0xFF));
        assertEquals(hex(inside), hex(keys(scan(backend, range, ScanOptions.FORWARD))));
        List<byte[]> reversed = new ArrayList<>(inside);
        Collections.reverse(reversed);
        assertEquals(hex(reversed), hex(keys(scan(backend, range, ScanOptions.REVERSE))));
    }

    @Test
    void aScanResumedAfterEachPageReturnsEveryItemOnceInScanOrder() {
        List<byte[]> keys = new ArrayList<>();
        for (char partition : new char[] {'a', 'b', 'c', 'd', 'e'}) {
            for (int i = 0; i < 4; i++) {
                keys.add(new byte[] {0x01, (byte) partition, 0x00, (byte) i});
            }
        }
        List<byte[]> shuffled = new ArrayList<>(keys);
        Collections.shuffle(shuffled, new Random(3));
        commit(tx -> shuffled.forEach(k -> tx.put(k, k)));
        KeyRange spanning = new KeyRange(new byte[] {0x01}, new byte[] {0x02});
        KeyRange onePartition = KeyRange.startingWith(new byte[] {0x01, 'c', 0x00});
        for (KeyRange range : List.of(spanning, onePartition)) {
            for (ScanOptions options : List.of(ScanOptions.FORWARD, ScanOptions.REVERSE)) {
                List<String> whole = hex(keys(scan(backend, range, options)));
                List<String> paged = new ArrayList<>();
                List<KeyValue> page = scan(backend, range, options.withLimit(3));
                while (!page.isEmpty() && paged.size() <= keys.size()) {
                    page.forEach(item -> paged.add(HexFormat.of().formatHex(item.key())));
                    byte[] last = page.get(page.size() - 1).key();
                    try (KvCursor cursor = backend.resume(range, options.withLimit(3), last)) {
                        page = new ArrayList<>();
                        cursor.forEachRemaining(page::add);
                    }
                }
                assertEquals(whole, paged, "pages of " + range + " " + options);
                assertEquals(range == spanning ? keys.size() : 4, whole.size());
            }
        }
    }

    @Test
    void compareInScanOrderIsTheOrderOfAScanSpanningPartitions() {
        List<byte[]> keys = new ArrayList<>();
        for (int partition = 0; partition < 20; partition++) {
            for (int i = 0; i < 3; i++) {
                keys.add(new byte[] {0x01, (byte) ('a' + partition), 0x00, (byte) i});
            }
        }
        commit(tx -> keys.forEach(k -> tx.put(k, k)));
        List<byte[]> scanned = keys(scan(backend, new KeyRange(new byte[] {0x01}, new byte[] {0x02}), ScanOptions.FORWARD));
        assertEquals(keys.size(), scanned.size());
        for (int i = 1; i < scanned.size(); i++) {
            assertTrue(backend.compareInScanOrder(scanned.get(i - 1), scanned.get(i)) < 0,
                    "item " + i + " comes after item " + (i - 1) + " in scan order");
            assertTrue(backend.compareInScanOrder(scanned.get(i), scanned.get(i - 1)) > 0);
        }
        assertEquals(0, backend.compareInScanOrder(scanned.get(5), scanned.get(5).clone()));
    }

    @Test
    void largeRangesStreamInOrder() {
        int count = 50_000;
        for (int first = 0; first < count; first += 5_000) {
            int from = first;
            commit(tx -> {
                for (int i = from; i < from + 5_000; i++) {
                    tx.put(intKey(i), intValue(i));
                }
            });
        }
        assertStreamsInOrder(ScanOptions.FORWARD, count, 0, 1);
        assertStreamsInOrder(ScanOptions.REVERSE, count, count - 1, -1);
        assertStreamsInOrder(ScanOptions.FORWARD.withLimit(20_001), 20_001, 0, 1);
        assertStreamsInOrder(ScanOptions.REVERSE.withLimit(777), 777, count - 1, -1);
    }

    private void assertStreamsInOrder(ScanOptions options, int expectedCount, int first, int step) {
        int seen = 0;
        int expected = first;
        try (KvCursor cursor = backend.scan(WHOLE_PARTITION, options)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                assertArrayEquals(intKey(expected), item.key(), "item " + seen + " of " + options);
                assertArrayEquals(intValue(expected), item.value());
                expected += step;
                seen++;
            }
        }
        assertEquals(expectedCount, seen, "items in a scan with " + options);
    }

    @Test
    void cursorSeesTheStoreAsItWasWhenOpened() {
        assumeTrue(readsFromSnapshots(), "the backend reads no snapshots");
        int count = 10_000;
        commit(tx -> {
            for (int i = 0; i < count; i++) {
                tx.put(intKey(i), intValue(i));
            }
        });
        try (KvCursor cursor = backend.scan(WHOLE_PARTITION, ScanOptions.FORWARD)) {
            assertArrayEquals(intKey(0), cursor.next().key());
            commit(tx -> {
                tx.put(intKey(5_000), value("changed"));
                tx.delete(intKey(9_999));
                tx.put(intKey(count + 1), value("added"));
                tx.deleteRange(new KeyRange(intKey(100), intKey(200)));
            });
            int expected = 1;
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                assertArrayEquals(intKey(expected), item.key());
                assertArrayEquals(intValue(expected), item.value());
                expected++;
            }
            assertEquals(count, expected, "the cursor ends where the store ended when it opened");
        }
        assertEquals(count - 1 - 100 + 1, scan(backend, WHOLE_PARTITION, ScanOptions.FORWARD).size(),
                "a new scan sees the commit");
    }

    @Test
    void closedCursorHasNoNextAndCloseIsIdempotent() {
        commit(tx -> {
            for (int i = 0; i < 100; i++) {
                tx.put(key(i), value("v"));
            }
        });
        KvCursor cursor = backend.scan(WHOLE_PARTITION, ScanOptions.FORWARD);
        assertTrue(cursor.hasNext());
        cursor.next();
        cursor.close();
        assertFalse(cursor.hasNext());
        assertThrows(NoSuchElementException.class, cursor::next);
        cursor.close();
        assertFalse(cursor.hasNext());
    }

    @Test
    void nextAfterTheLastItemThrowsNoSuchElement() {
        commit(tx -> tx.put(key(1), value("v")));
        try (KvCursor cursor = backend.scan(WHOLE_PARTITION, ScanOptions.FORWARD)) {
            cursor.next();
            assertFalse(cursor.hasNext());
            assertThrows(NoSuchElementException.class, cursor::next);
        }
        try (KvCursor cursor = backend.scan(new KeyRange(key(2), key(3)), ScanOptions.FORWARD)) {
            assertThrows(NoSuchElementException.class, cursor::next);
        }
    }

    // ---------------------------------------------------------------- transactions

    @Test
    void commitMakesEveryWriteVisibleAtOnceAndNothingBefore() {
        commit(tx -> {
            tx.put(key(1), value("old"));
            tx.put(key(9), value("doomed"));
        });
        try (KvTransaction tx = backend.beginTransaction()) {
            tx.put(key(1), value("new"));
            tx.put(key(2), value("two"));
            tx.delete(key(9));
            tx.add(key(3), 5);

            assertArrayEquals(value("old"), backend.get(key(1)));
            assertNull(backend.get(key(2)));
            assertArrayEquals(value("doomed"), backend.get(key(9)));
            assertNull(backend.get(key(3)));
            assertEquals(hex(keys(1, 9)), hex(keys(scan(backend, WHOLE_PARTITION, ScanOptions.FORWARD))));

            tx.commit();
        }
        assertArrayEquals(value("new"), backend.get(key(1)));
        assertArrayEquals(value("two"), backend.get(key(2)));
        assertNull(backend.get(key(9)));
        assertEquals(5, Counters.decode(key(3), backend.get(key(3))));
    }

    @Test
    void readsInATransactionSeeItsOwnWrites() {
        commit(tx -> {
            tx.put(key(1), value("one"));
            tx.put(key(2), value("two"));
            tx.put(key(4), value("four"));
        });
        try (KvTransaction tx = backend.beginTransaction()) {
            tx.put(key(1), value("uno"));
            tx.delete(key(2));
            tx.put(key(3), value("three"));

            assertArrayEquals(value("uno"), tx.get(key(1)));
            assertNull(tx.get(key(2)));
            assertArrayEquals(value("three"), tx.get(key(3)));
            List<byte[]> values = tx.getAll(List.of(key(3), key(2), key(1), key(4)));
            assertArrayEquals(value("three"), values.get(0));
            assertNull(values.get(1));
            assertArrayEquals(value("uno"), values.get(2));
            assertArrayEquals(value("four"), values.get(3));

            List<KeyValue> forward = scan(tx, WHOLE_PARTITION, ScanOptions.FORWARD);
            assertEquals(hex(keys(1, 3, 4)), hex(keys(forward)));
            assertArrayEquals(value("uno"), forward.get(0).value());
            assertEquals(hex(keys(4, 3, 1)), hex(keys(scan(tx, WHOLE_PARTITION, ScanOptions.REVERSE))));
            assertEquals(hex(keys(3)), hex(keys(scan(tx, new KeyRange(key(2), key(4)), ScanOptions.FORWARD))));
            assertEquals(hex(keys(4, 3)),
                    hex(keys(scan(tx, WHOLE_PARTITION, ScanOptions.REVERSE.withLimit(2)))));
            tx.put(key(5), value("own, at the end of the next range"));
            KeyRange ownAtBothEdges = new KeyRange(key(1, 0), key(5));
            assertEquals(hex(keys(3, 4)), hex(keys(scan(tx, ownAtBothEdges, ScanOptions.FORWARD))));
            assertEquals(hex(keys(4, 3)), hex(keys(scan(tx, ownAtBothEdges, ScanOptions.REVERSE))));
        }
    }

    @Test
    void updatingEachItemAsItIsScannedVisitsEveryItemOnceInOrder() {
        int count = 5_000;
        commit(tx -> {
            for (int i = 0; i < count; i++) {
                tx.put(intKey(i), intValue(i));
            }
        });
        byte[] elsewhere = {0x01, 'q', 0x00};
        try (KvTransaction tx = backend.beginTransaction()) {
            int expected = 0;
            try (KvCursor cursor = tx.scan(WHOLE_PARTITION, ScanOptions.FORWARD)) {
                while (cursor.hasNext()) {
                    KeyValue item = cursor.next();
                    assertArrayEquals(intKey(expected), item.key());
                    tx.put(item.key(), value("updated"));
                    tx.put(ByteBuffer.allocate(elsewhere.length + 4).put(elsewhere).putInt(expected).array(),
                            item.value());
                    expected++;
                }
            }
            assertEquals(count, expected);
            tx.commit();
        }
        assertArrayEquals(value("updated"), backend.get(intKey(count - 1)));
    }

    @Test
    void readsInATransactionSeeTheStoreAsItWasWhenItBegan() {
        assumeTrue(readsFromSnapshots(), "the backend reads no snapshots");
        commit(tx -> tx.put(key(1), value("before")));
        try (KvTransaction reader = backend.beginTransaction()) {
            commit(tx -> {
                tx.put(key(1), value("after"));
                tx.put(key(2), value("new"));
            });
            assertNull(reader.get(key(2)));
            assertArrayEquals(value("before"), reader.getAll(List.of(key(1))).get(0));
            assertEquals(hex(keys(1)), hex(keys(scan(reader, WHOLE_PARTITION, ScanOptions.FORWARD))));
        }
    }

    @Test
    void closingWithoutCommitRollsBack() {
        commit(tx -> tx.put(key(1), value("kept")));
        KvTransaction tx = backend.beginTransaction();
        tx.put(key(1), value("discarded"));
        tx.put(key(2), value("discarded"));
        tx.add(key(3), 1);
        tx.deleteRange(WHOLE_PARTITION);
        tx.close();
        tx.close();
        assertArrayEquals(value("kept"), backend.get(key(1)));
        assertNull(backend.get(key(2)));
        assertNull(backend.get(key(3)));
    }

    @Test
    void useAfterCommitThrowsStoreClosed() {
        KvTransaction tx = backend.beginTransaction();
        tx.put(key(1), value("v"));
        tx.commit();
        assertEndedTransactionRejectsUse(tx);
        tx.close();
        tx.close();
        assertArrayEquals(value("v"), backend.get(key(1)));
    }

    @Test
    void useAfterCloseThrowsStoreClosed() {
        KvTransaction tx = backend.beginTransaction();
        tx.put(key(1), value("v"));
        tx.close();
        assertEndedTransactionRejectsUse(tx);
        assertNull(backend.get(key(1)));
    }

    private static void assertEndedTransactionRejectsUse(KvTransaction tx) {
        assertThrows(StoreClosedException.class, () -> tx.get(key(1)));
        assertThrows(StoreClosedException.class, () -> tx.getAll(List.of(key(1))));
        assertThrows(StoreClosedException.class, () -> tx.scan(WHOLE_PARTITION, ScanOptions.FORWARD));
        assertThrows(StoreClosedException.class, () -> tx.put(key(2), value("v")));
        assertThrows(StoreClosedException.class, () -> tx.delete(key(1)));
        assertThrows(StoreClosedException.class, () -> tx.deleteRange(WHOLE_PARTITION));
        assertThrows(StoreClosedException.class, () -> tx.add(key(3), 1));
        assertThrows(StoreClosedException.class, tx::commit);
    }

    @Test
    void cursorOfATransactionEndsWithTheTransaction() {
        commit(tx -> {
            for (int i = 0; i < 100; i++) {
                tx.put(key(i), value("v"));
            }
        });
        KvTransaction tx = backend.beginTransaction();
        KvCursor cursor = tx.scan(WHOLE_PARTITION, ScanOptions.FORWARD);
        cursor.next();
        tx.commit();
        assertThrows(StoreClosedException.class, cursor::hasNext, "a scan cut short must not look complete");
        cursor.close();
        assertFalse(cursor.hasNext());
        tx.close();
    }

    @Test
    void deleteRangeRemovesStoredAndOwnKeysFromBeginUpToEnd() {
        commit(tx -> {
            for (int i = 0; i < 10; i++) {
                tx.put(key(i), value("v"));
            }
            tx.put(key(5, 0), value("v"));
        });
        try (KvTransaction tx = backend.beginTransaction()) {
            tx.put(key(4, 0xFF), value("own, inside"));
            tx.put(key(7), value("own, exactly the end"));
            tx.put(key(7, 0), value("own, after the end"));
            tx.put(key(2, 0xFF), value("own, before the begin"));
            tx.deleteRange(new KeyRange(key(3), key(7)));
            assertEquals(hex(List.of(key(0), key(1), key(2), key(2, 0xFF), key(7), key(7, 0), key(8), key(9))),
                    hex(keys(scan(tx, WHOLE_PARTITION, ScanOptions.FORWARD))));
            assertNull(tx.get(key(3)));
            tx.put(key(4), value("written after the deletion"));
            tx.deleteRange(new KeyRange(key(9), key(8)));
            tx.commit();
        }
        assertEquals(hex(List.of(key(0), key(1), key(2), key(2, 0xFF), key(4), key(7), key(7, 0), key(8), key(9))),
                hex(keys(scan(backend, WHOLE_PARTITION, ScanOptions.FORWARD))));
    }

    @Test
    void deleteRangeRemovesManyKeys() {
        commit(tx -> {
            for (int i = 0; i < 5_000; i++) {
                tx.put(intKey(i), intValue(i));
            }
        });
        commit(tx -> tx.deleteRange(new KeyRange(intKey(10), intKey(4_990))));
        List<KeyValue> left = scan(backend, WHOLE_PARTITION, ScanOptions.FORWARD);
        assertEquals(20, left.size());
        assertArrayEquals(intKey(9), left.get(9).key());
        assertArrayEquals(intKey(4_990), left.get(10).key());
    }

    // ---------------------------------------------------------------- conflicts

    @Test
    void writesToTheSameKeyConflict() {
        assumeTrue(detectsConflicts(), "the backend detects no conflicts");
        KvTransaction first = backend.beginTransaction();
        try (KvTransaction second = backend.beginTransaction()) {
            second.put(key(1), value("second"));
            second.commit();
        }
        assertConflict(first, tx -> {
            tx.put(key(1), value("first"));
            tx.put(key(2), value("first"));
        });
        assertArrayEquals(value("second"), backend.get(key(1)));
        assertNull(backend.get(key(2)), "a conflicting transaction applies nothing");
    }

    @Test
    void deleteConflictsWithAConcurrentWrite() {
        assumeTrue(detectsConflicts(), "the backend detects no conflicts");
        commit(tx -> tx.put(key(1), value("v")));
        KvTransaction first = backend.beginTransaction();
        commit(tx -> tx.put(key(1), value("w")));
        assertConflict(first, tx -> tx.delete(key(1)));
        assertArrayEquals(value("w"), backend.get(key(1)));
    }

    @Test
    void aKeyReadThenWrittenConcurrentlyConflicts() {
        assumeTrue(detectsConflicts(), "the backend detects no conflicts");
        commit(tx -> tx.put(key(1), value("v")));
        KvTransaction reader = backend.beginTransaction();
        assertArrayEquals(value("v"), reader.get(key(1)));
        commit(tx -> tx.put(key(1), value("w")));
        assertConflict(reader, tx -> tx.put(key(2), value("derived from v")));
        assertNull(backend.get(key(2)));
    }

    @Test
    void aKeyReadWithGetAllThenDeletedConcurrentlyConflicts() {
        assumeTrue(detectsConflicts(), "the backend detects no conflicts");
        commit(tx -> tx.put(key(1), value("v")));
        KvTransaction reader = backend.beginTransaction();
        reader.getAll(List.of(key(5), key(1)));
        commit(tx -> tx.delete(key(1)));
        assertConflict(reader, tx -> tx.put(key(2), value("derived")));
    }

    @Test
    void anAbsentKeyReadThenInsertedConcurrentlyConflicts() {
        assumeTrue(detectsConflicts(), "the backend detects no conflicts");
        KvTransaction claim = backend.beginTransaction();
        assertNull(claim.get(key(1)), "the value is free");
        commit(tx -> tx.put(key(1), value("claimed by another")));
        assertConflict(claim, tx -> tx.put(key(1), value("claimed")));
        assertArrayEquals(value("claimed by another"), backend.get(key(1)));
    }

    @Test
    void aReadOnlyTransactionWhoseReadWentStaleConflicts() {
        assumeTrue(detectsConflicts(), "the backend detects no conflicts");
        KvTransaction reader = backend.beginTransaction();
        reader.get(key(1));
        commit(tx -> tx.put(key(1), value("v")));
        assertConflict(reader, tx -> { });
    }

    @Test
    void transactionsOnDifferentKeysBothCommit() {
        commit(tx -> tx.put(key(9), value("shared, read by both")));
        try (KvTransaction first = backend.beginTransaction(); KvTransaction second = backend.beginTransaction()) {
            first.get(key(9));
            second.get(key(9));
            first.put(key(1), value("first"));
            second.put(key(2), value("second"));
            second.get(key(3));
            first.commit();
            second.commit();
        }
        assertArrayEquals(value("first"), backend.get(key(1)));
        assertArrayEquals(value("second"), backend.get(key(2)));
    }

    @Test
    void writesCommittedBeforeATransactionBeganDoNotConflictWithIt() {
        commit(tx -> tx.put(key(1), value("v")));
        try (KvTransaction tx = backend.beginTransaction()) {
            assertArrayEquals(value("v"), tx.get(key(1)));
            tx.put(key(1), value("w"));
            tx.commit();
        }
        assertArrayEquals(value("w"), backend.get(key(1)));
    }

    @Test
    void scansAreNotConflictChecked() {
        commit(tx -> tx.put(key(1), value("v")));
        try (KvTransaction scanner = backend.beginTransaction()) {
            assertEquals(1, scan(scanner, WHOLE_PARTITION, ScanOptions.FORWARD).size());
            commit(tx -> {
                tx.put(key(2), value("inserted into the scanned range"));
                tx.put(key(1), value("changed in the scanned range"));
            });
            scanner.put(key(7), value("elsewhere"));
            scanner.commit();
        }
        assertArrayEquals(value("elsewhere"), backend.get(key(7)));
    }

    @Test
    void deleteRangeConflictsWithAConcurrentWriteOfAKeyItDeletes() {
        assumeTrue(detectsConflicts(), "the backend detects no conflicts");
        commit(tx -> {
            for (int i = 0; i < 5; i++) {
                tx.put(key(i), value("v"));
            }
        });
        KvTransaction clearing = backend.beginTransaction();
        commit(tx -> tx.put(key(3), value("changed meanwhile")));
        assertConflict(clearing, tx -> tx.deleteRange(new KeyRange(key(1), key(4))));
        assertArrayEquals(value("changed meanwhile"), backend.get(key(3)));
        assertArrayEquals(value("v"), backend.get(key(1)), "a conflicting deleteRange deletes nothing");
    }

    @Test
    void aCommitThatConflictedMakesNoOtherTransactionConflict() {
        assumeTrue(detectsConflicts(), "the backend detects no conflicts");
        commit(tx -> tx.put(key(1), value("v")));
        KvTransaction bystander = backend.beginTransaction();
        KvTransaction loser = backend.beginTransaction();
        assertArrayEquals(value("v"), loser.get(key(1)));
        commit(tx -> tx.put(key(1), value("w")));
        assertConflict(loser, tx -> tx.put(key(2), value("from the loser")));
        try (bystander) {
            assertNull(bystander.get(key(2)));
            bystander.put(key(2), value("from the bystander"));
            bystander.commit();
        }
        assertArrayEquals(value("from the bystander"), backend.get(key(2)));
    }

    @Test
    void aTransactionThatBeganAfterACommitDoesNotConflictWithItButWithTheNextOne() {
        assumeTrue(detectsConflicts(), "the backend detects no conflicts");
        commit(tx -> tx.put(key(1), value("v")));
        try (KvTransaction later = backend.beginTransaction()) {
            assertArrayEquals(value("v"), later.get(key(1)));
            later.put(key(1), value("w"));
            later.commit();
        }
        KvTransaction stale = backend.beginTransaction();
        assertArrayEquals(value("w"), stale.get(key(1)));
        commit(tx -> tx.put(key(1), value("x")));
        assertConflict(stale, tx -> tx.put(key(1), value("y")));
        assertArrayEquals(value("x"), backend.get(key(1)));
    }

    // ---------------------------------------------------------------- atomic adds

    @Test
    void addStartsFromZeroAcceptsNegativeDeltasAndWrapsAround() {
        commit(tx -> tx.add(key(1), 5));
        assertEquals(5, counter(key(1)));
        commit(tx -> tx.add(key(1), -7));
        assertEquals(-2, counter(key(1)));
        commit(tx -> {
            tx.add(key(2), Long.MAX_VALUE);
            tx.add(key(2), 1);
            tx.add(key(3), Long.MIN_VALUE);
            tx.add(key(3), -1);
        });
        assertEquals(Long.MIN_VALUE, counter(key(2)));
        assertEquals(Long.MAX_VALUE, counter(key(3)));
        assertEquals(0, counter(key(4)), "an absent counter is zero");
    }

    @Test
    void addBuildsOnAValuePutInCounterFormat() {
        commit(tx -> tx.put(key(1), Counters.encode(40)));
        commit(tx -> tx.add(key(1), 2));
        assertArrayEquals(Counters.encode(42), backend.get(key(1)));
    }

    @Test
    void counterValuesAreEightBytesLittleEndian() {
        commit(tx -> tx.add(key(1), 0x0102030405060708L));
        assertArrayEquals(new byte[] {8, 7, 6, 5, 4, 3, 2, 1}, backend.get(key(1)));
    }

    @Test
    void readsInATransactionSeeItsOwnAdds() {
        commit(tx -> tx.add(key(1), 10));
        try (KvTransaction tx = backend.beginTransaction()) {
            tx.add(key(1), 5);
            tx.add(key(2), 3);
            tx.add(key(2), 4);
            assertEquals(15, Counters.decode(key(1), tx.get(key(1))));
            assertEquals(7, Counters.decode(key(2), tx.getAll(List.of(key(2))).get(0)));
            List<KeyValue> items = scan(tx, WHOLE_PARTITION, ScanOptions.FORWARD);
            assertEquals(2, items.size());
            assertEquals(15, Counters.decode(key(1), items.get(0).value()));
            assertEquals(7, Counters.decode(key(2), items.get(1).value()));
            tx.commit();
        }
        assertEquals(15, counter(key(1)));
        assertEquals(7, counter(key(2)));
    }

    @Test
    void overlappingAddsToOneKeyNeverConflict() {
        int transactions = 20;
        List<KvTransaction> open = new ArrayList<>();
        try {
            for (int i = 0; i < transactions; i++) {
                KvTransaction tx = backend.beginTransaction();
                open.add(tx);
                tx.add(key(0), 1);
                tx.add(key(0), 10);
                tx.put(key(1, i), value("own key"));
            }
            for (KvTransaction tx : open) {
                tx.commit();
            }
        } finally {
            open.forEach(KvTransaction::close);
        }
        assertEquals(11L * transactions, counter(key(0)));
    }

    @Test
    void aPeekSeesOwnAddsButRegistersNoConflict() {
        commit(tx -> tx.add(key(1), 1));
        KvTransaction peeker = backend.beginTransaction();
        peeker.add(key(1), -1);
        assertEquals(0, Counters.decode(key(1), peeker.peek(key(1))));
        assertEquals(null, peeker.peek(key(9)));
        commit(tx -> tx.add(key(1), 5));
        peeker.put(key(2), value("unrelated"));
        peeker.commit();
        assertEquals(5, counter(key(1)));
    }

    @Test
    void aDeleteAfterAPeekConflictsWithAConcurrentAdd() {
        assumeTrue(detectsConflicts(), "the backend detects no conflicts");
        commit(tx -> tx.add(key(1), 1));
        KvTransaction decrement = backend.beginTransaction();
        decrement.add(key(1), -1);
        assertEquals(0, Counters.decode(key(1), decrement.peek(key(1))));
        commit(tx -> tx.add(key(1), 1));
        assertConflict(decrement, tx -> tx.delete(key(1)));
        assertEquals(2, counter(key(1)), "the concurrent add survives and the failed decrement left nothing");
    }

    @Test
    void aCounterReadThenAddedToConcurrentlyConflicts() {
        assumeTrue(detectsConflicts(), "the backend detects no conflicts");
        commit(tx -> tx.add(key(1), 1));
        KvTransaction reader = backend.beginTransaction();
        assertEquals(1, Counters.decode(key(1), reader.get(key(1))));
        commit(tx -> tx.add(key(1), 1));
        assertConflict(reader, tx -> tx.put(key(2), Counters.encode(1)));
        assertEquals(2, counter(key(1)));
    }

    @Test
    void manyThreadsAddingToOneKeyNeverConflictAndTheSumIsExact() throws Exception {
        int threads = 4;
        int perThread = 500;
        AtomicInteger conflicts = new AtomicInteger();
        runConcurrently(threads, thread -> {
            for (int i = 0; i < perThread; i++) {
                try (KvTransaction tx = backend.beginTransaction()) {
                    tx.add(key(0), 1);
                    tx.add(key(1), thread + 1);
                    tx.put(key(2, thread), intValue(i));
                    tx.commit();
                } catch (TransactionConflictException e) {
                    conflicts.incrementAndGet();
                }
            }
        });
        assertEquals(0, conflicts.get(), "adds must never conflict");
        assertEquals((long) threads * perThread, counter(key(0)));
        assertEquals((long) perThread * (1 + 2 + 3 + 4), counter(key(1)));
    }

    @Test
    void decodingACounterThatIsNotEightBytesIsCorruptData() {
        commit(tx -> tx.put(key(1), new byte[] {1, 2, 3}));
        CorruptDataException e =
                assertThrows(CorruptDataException.class, () -> Counters.decode(key(1), backend.get(key(1))));
        assertTrue(e.getMessage().contains(HexFormat.of().formatHex(key(1))), e.getMessage());
        assertFalse(e.isRetryable());
    }

    // ---------------------------------------------------------------- claims and checked writes

    @Test
    void aClaimTakesAnAbsentKeyAndReportsTheHolderOfATakenOne() {
        try (KvTransaction tx = backend.beginTransaction()) {
            assertNull(tx.claim(key(1), value("a")), "an absent key is claimed");
            assertArrayEquals(value("a"), tx.get(key(1)), "the transaction sees its claim");
            assertNull(tx.claim(key(1), value("a")), "claiming one's own key again changes nothing");
            tx.commit();
        }
        assertArrayEquals(value("a"), backend.get(key(1)));
        try (KvTransaction tx = backend.beginTransaction()) {
            assertArrayEquals(value("a"), tx.claim(key(1), value("b")), "a taken key names its holder");
            assertNull(tx.claim(key(1), value("a")), "the holder's claim still holds");
            tx.commit();
        }
        assertArrayEquals(value("a"), backend.get(key(1)), "a failed claim changed nothing");
    }

    @Test
    void aClaimOfATransactionThatDoesNotCommitIsWithdrawn() {
        KvTransaction tx = backend.beginTransaction();
        assertNull(tx.claim(key(1), value("a")));
        tx.put(key(2), value("rolled back"));
        tx.close();
        assertNull(backend.get(key(1)), "closing without commit withdraws the claim");
        commit(other -> assertNull(other.claim(key(1), value("b")), "the key is free again"));
        assertArrayEquals(value("b"), backend.get(key(1)));
    }

    @Test
    void releaseRemovesTheClaimWhenTheTransactionCommits() {
        commit(tx -> tx.claim(key(1), value("a")));
        try (KvTransaction tx = backend.beginTransaction()) {
            tx.release(key(1), value("a"));
            assertNull(tx.get(key(1)), "the transaction sees its release");
            assertArrayEquals(value("a"), backend.get(key(1)), "others see the claim until the commit");
            tx.commit();
        }
        assertNull(backend.get(key(1)));
        commit(tx -> assertNull(tx.claim(key(1), value("b"))));
        assertArrayEquals(value("b"), backend.get(key(1)));
    }

    @Test
    void releasingAndClaimingAgainInOneTransactionKeepsTheClaim() {
        commit(tx -> tx.claim(key(1), value("a")));
        commit(tx -> {
            tx.release(key(1), value("a"));
            assertNull(tx.claim(key(1), value("a")));
        });
        assertArrayEquals(value("a"), backend.get(key(1)));
        commit(tx -> {
            assertNull(tx.claim(key(2), value("b")));
            tx.release(key(2), value("b"));
        });
        assertNull(backend.get(key(2)), "a claim made and given up in one transaction leaves nothing");
    }

    @Test
    void aReleaseNeverRemovesAClaimThatChangedHands() {
        commit(tx -> tx.claim(key(1), value("a")));
        try (KvTransaction late = backend.beginTransaction()) {
            assertArrayEquals(value("a"), late.get(key(1)));
            commit(tx -> tx.release(key(1), value("a")));
            commit(tx -> assertNull(tx.claim(key(1), value("b"))));
            late.release(key(1), value("a"));
            try {
                late.commit();
            } catch (TransactionConflictException conflict) {
                // a backend that detects conflicts refuses the whole commit
            }
        }
        assertArrayEquals(value("b"), backend.get(key(1)), "the new holder keeps the key");
    }

    @Test
    void concurrentClaimsOfOneKeyHaveExactlyOneWinner() throws Exception {
        int threads = 4;
        int rounds = 25;
        KvStore store = KvStoreImpl.open(backend, PATIENT);
        AtomicInteger[] winners = new AtomicInteger[rounds];
        for (int round = 0; round < rounds; round++) {
            winners[round] = new AtomicInteger();
        }
        byte[][] won = new byte[rounds][];
        runConcurrently(threads, thread -> {
            for (int r = 0; r < rounds; r++) {
                int round = r;
                byte[] claimant = value("thread " + thread);
                byte[] holder = store.transactResult(tx -> tx.unwrap(KvTransaction.class).claim(key(round), claimant));
                if (holder == null) {
                    winners[round].incrementAndGet();
                    won[round] = claimant;
                }
            }
        });
        for (int round = 0; round < rounds; round++) {
            assertEquals(1, winners[round].get(), "winners of round " + round);
            assertArrayEquals(won[round], backend.get(key(round)), "the key holds the winner of round " + round);
        }
    }

    @Test
    void writeIfUnchangedInsertsReplacesAndRemoves() {
        commit(tx -> {
            assertNull(tx.get(key(1)));
            tx.writeIfUnchanged(key(1), null, value("one"));
            assertArrayEquals(value("one"), tx.get(key(1)), "the transaction sees its checked write");
        });
        assertArrayEquals(value("one"), backend.get(key(1)));
        commit(tx -> tx.writeIfUnchanged(key(1), tx.get(key(1)), value("two")));
        assertArrayEquals(value("two"), backend.get(key(1)));
        commit(tx -> tx.writeIfUnchanged(key(1), tx.get(key(1)), null));
        assertNull(backend.get(key(1)));
    }

    @Test
    void writeIfUnchangedFailsTheWholeCommitWhenTheKeyChanged() {
        commit(tx -> {
            tx.writeIfUnchanged(key(1), null, value("first"));
            tx.writeIfUnchanged(key(2), null, value("first"));
        });
        try (KvTransaction stale = backend.beginTransaction()) {
            byte[] one = stale.get(key(1));
            byte[] two = stale.get(key(2));
            commit(tx -> tx.writeIfUnchanged(key(2), tx.get(key(2)), value("changed meanwhile")));
            assertNull(stale.claim(key(3), value("claimed by the stale one")));
            stale.writeIfUnchanged(key(1), one, value("stale"));
            stale.writeIfUnchanged(key(2), two, value("stale"));
            stale.put(key(4), value("stale"));
            TransactionConflictException e = assertThrows(TransactionConflictException.class, stale::commit);
            assertTrue(e.isRetryable());
        }
        assertArrayEquals(value("first"), backend.get(key(1)), "no checked write of a failed commit stays");
        assertArrayEquals(value("changed meanwhile"), backend.get(key(2)));
        assertNull(backend.get(key(3)), "the claims of a failed commit are withdrawn");
        assertNull(backend.get(key(4)), "nor do its other writes apply");
    }

    @Test
    void writeIfUnchangedOfAnAbsentKeyFailsWhenItWasWrittenMeanwhile() {
        try (KvTransaction stale = backend.beginTransaction()) {
            assertNull(stale.get(key(1)));
            commit(tx -> tx.writeIfUnchanged(key(1), tx.get(key(1)), value("first")));
            stale.writeIfUnchanged(key(1), null, value("second"));
            assertThrows(TransactionConflictException.class, stale::commit);
        }
        assertArrayEquals(value("first"), backend.get(key(1)));
    }

    @Test
    void transactRetriesCheckedWritesSoConcurrentReadModifyWritesAreExact() throws Exception {
        KvStore store = KvStoreImpl.open(backend, PATIENT);
        int threads = 4;
        int perThread = 25;
        commit(tx -> tx.writeIfUnchanged(key(0), null, value("0")));
        runConcurrently(threads, thread -> {
            for (int i = 0; i < perThread; i++) {
                store.transact(tx -> {
                    byte[] current = tx.unwrap(KvTransaction.class).get(key(0));
                    int next = Integer.parseInt(new String(current, StandardCharsets.UTF_8)) + 1;
                    tx.unwrap(KvTransaction.class).writeIfUnchanged(key(0), current, value(Integer.toString(next)));
                });
            }
        });
        assertArrayEquals(value(Integer.toString(threads * perThread)), backend.get(key(0)));
    }

    // ---------------------------------------------------------------- KvStore.transact

    @Test
    void transactRetriesConflictsSoConcurrentReadModifyWritesAreExact() throws Exception {
        assumeTrue(detectsConflicts(), "the backend detects no conflicts");
        KvStore store = KvStoreImpl.open(backend, PATIENT);
        int threads = 4;
        int perThread = 100;
        AtomicInteger attempts = new AtomicInteger();
        runConcurrently(threads, thread -> {
            for (int i = 0; i < perThread; i++) {
                store.transact(tx -> {
                    attempts.incrementAndGet();
                    KvTransaction kv = tx.unwrap(KvTransaction.class);
                    long current = Counters.decode(key(0), kv.get(key(0)));
                    kv.put(key(0), Counters.encode(current + 1));
                });
            }
        });
        assertEquals((long) threads * perThread, counter(key(0)));
        assertTrue(attempts.get() >= threads * perThread);
    }

    @Test
    void transactGivesUpAfterTheRetryPolicysAttempts() {
        assumeTrue(detectsConflicts(), "the backend detects no conflicts");
        KvStore store = KvStoreImpl.open(backend, new RetryPolicy(3, Duration.ZERO, Duration.ZERO));
        AtomicInteger attempts = new AtomicInteger();
        TransactionConflictException e = assertThrows(TransactionConflictException.class,
                () -> store.transact(tx -> {
                    int attempt = attempts.incrementAndGet();
                    tx.unwrap(KvTransaction.class).get(key(1));
                    commit(other -> other.put(key(1), intValue(attempt)));
                    tx.unwrap(KvTransaction.class).put(key(2), value("never applied"));
                }));
        assertEquals(3, attempts.get());
        assertTrue(e.isRetryable());
        assertNull(backend.get(key(2)));
        assertArrayEquals(intValue(3), backend.get(key(1)));
    }

    @Test
    void transactDoesNotRetryAFailureThatIsNotRetryable() {
        KvStore store = KvStoreImpl.open(backend, PATIENT);
        AtomicInteger attempts = new AtomicInteger();
        assertThrows(CorruptDataException.class, () -> store.transactResult(tx -> {
            attempts.incrementAndGet();
            tx.unwrap(KvTransaction.class).put(key(1), value("rolled back"));
            throw new CorruptDataException("test");
        }));
        assertEquals(1, attempts.get());
        assertNull(backend.get(key(1)));
    }

    @Test
    void transactReturnsTheResultOfACommittedUnitOfWork() {
        KvStore store = KvStoreImpl.open(backend, PATIENT);
        String result = store.transactResult(tx -> {
            tx.unwrap(KvTransaction.class).put(key(1), value("v"));
            return "done";
        });
        assertEquals("done", result);
        assertArrayEquals(value("v"), backend.get(key(1)));
    }

    // ---------------------------------------------------------------- lifetime and persistence

    @Test
    void closeIsIdempotentAndEveryLaterUseThrowsStoreClosed() {
        backend.close();
        backend.close();
        assertThrows(StoreClosedException.class, () -> backend.get(key(1)));
        assertThrows(StoreClosedException.class, () -> backend.getAll(List.of(key(1))));
        assertThrows(StoreClosedException.class, () -> backend.scan(WHOLE_PARTITION, ScanOptions.FORWARD));
        assertThrows(StoreClosedException.class, backend::beginTransaction);
    }

    @Test
    void closingTheBackendEndsOpenTransactionsAndCursors() {
        commit(tx -> {
            for (int i = 0; i < 100; i++) {
                tx.put(intKey(i), intValue(i));
            }
        });
        KvTransaction tx = backend.beginTransaction();
        tx.put(key(1), value("uncommitted"));
        KvCursor ownCursor = tx.scan(WHOLE_PARTITION, ScanOptions.FORWARD);
        KvCursor cursor = backend.scan(WHOLE_PARTITION, ScanOptions.FORWARD);
        cursor.next();

        backend.close();

        assertThrows(StoreClosedException.class, cursor::hasNext);
        assertThrows(StoreClosedException.class, ownCursor::hasNext);
        assertThrows(StoreClosedException.class, () -> tx.get(key(1)));
        assertThrows(StoreClosedException.class, tx::commit);
        cursor.close();
        ownCursor.close();
        tx.close();
    }

    @Test
    void aTransactionOpenWhenTheBackendClosesIsRolledBackAndCommittedWritesRemain() {
        assumeTrue(survivesReopen(), "the store does not outlive its backend");
        commit(tx -> {
            for (int i = 0; i < 100; i++) {
                tx.put(intKey(i), intValue(i));
            }
        });
        KvTransaction tx = backend.beginTransaction();
        tx.put(key(1), value("uncommitted"));

        backend.close();
        tx.close();

        backend = reopenBackend();
        assertNull(backend.get(key(1)), "an open transaction is rolled back by close");
        assertEquals(100, scan(backend, WHOLE_PARTITION, ScanOptions.FORWARD).size());
    }

    @Test
    void committedWritesSurviveCloseAndReopen() {
        assumeTrue(survivesReopen(), "the store does not outlive its backend");
        commit(tx -> {
            for (int i = 0; i < 1_000; i++) {
                tx.put(intKey(i), intValue(i));
            }
            tx.add(key(0xFF), 41);
        });
        commit(tx -> {
            tx.add(key(0xFF), 1);
            tx.deleteRange(new KeyRange(intKey(0), intKey(500)));
            tx.delete(intKey(999));
        });
        backend.close();
        backend = reopenBackend();
        assertEquals(42, counter(key(0xFF)));
        assertNull(backend.get(intKey(0)));
        assertNull(backend.get(intKey(999)));
        assertArrayEquals(intValue(500), backend.get(intKey(500)));
        assertEquals(499 + 1, scan(backend, WHOLE_PARTITION, ScanOptions.FORWARD).size());
    }

    // ---------------------------------------------------------------- stamped puts (change feeds)

    /** The prefix of the stamped keys of the tests: the test partition, then the tuple element "log". */
    private static final byte[] LOG = key(0x02, 'l', 'o', 'g', 0x00);

    @Test
    void stampedPutsSortInCommitOrderAndInPutOrderWithinACommit() {
        List<byte[]> told = Collections.synchronizedList(new ArrayList<>());
        commit(tx -> {
            tx.putStamped(LOG, value("a1"), told::add);
            tx.put(key(1), value("a record"));
            tx.putStamped(LOG, value("a2"), told::add);
        });
        assertEquals(2, told.size(), "each stamped put is told its key once its commit is applied");
        commit(tx -> tx.putStamped(LOG, value("b1"), told::add));
        commit(tx -> tx.putStamped(LOG, value("c1"), null));

        List<KeyValue> log = scan(backend, KeyRange.startingWith(LOG), ScanOptions.FORWARD);
        assertEquals(List.of("a1", "a2", "b1", "c1"), log.stream().map(item -> text(item.value())).toList());
        assertEquals(hex(keys(log.subList(0, 3))), hex(told));
        for (KeyValue item : log) {
            assertArrayEquals(LOG, Arrays.copyOf(item.key(), LOG.length), "the key is the prefix, then the stamp");
            assertArrayEquals(item.value(), backend.get(item.key()));
        }
        assertEquals(List.of(), scan(backend, WHOLE_PARTITION, ScanOptions.FORWARD).stream()
                .filter(item -> !KeyRange.startingWith(LOG).contains(item.key()) && !Arrays.equals(item.key(), key(1)))
                .toList(), "nothing else is written");
    }

    @Test
    void aStampedPutOfATransactionThatDoesNotCommitLeavesNothingAndIsNotTold() {
        List<byte[]> told = Collections.synchronizedList(new ArrayList<>());
        try (KvTransaction tx = backend.beginTransaction()) {
            tx.putStamped(LOG, value("rolled back"), told::add);
            tx.put(key(1), value("rolled back"));
            assertNull(tx.get(key(2)));
        }
        if (detectsConflicts()) {
            commit(tx -> tx.put(key(2), value("first")));
            KvTransaction loser = backend.beginTransaction();
            loser.get(key(3));
            commit(tx -> tx.put(key(3), value("meanwhile")));
            assertConflict(loser, tx -> tx.putStamped(LOG, value("conflicted"), told::add));
        }
        assertEquals(List.of(), scan(backend, KeyRange.startingWith(LOG), ScanOptions.FORWARD));
        assertEquals(List.of(), told);
    }

    /** Every commit increments one counter, read and written tracked: conflicts put the commits in one order. */
    @Test
    void stampsFollowTheOrderOfConflictingCommitsAcrossThreads() throws Exception {
        assumeTrue(detectsConflicts(), "the backend does not order conflicting commits");
        KvStore store = KvStoreImpl.open(backend, PATIENT);
        List<byte[]> told = Collections.synchronizedList(new ArrayList<>());
        runConcurrently(4, thread -> {
            for (int i = 0; i < 50; i++) {
                store.transact(tx -> {
                    KvTransaction kv = tx.unwrap(KvTransaction.class);
                    byte[] stored = kv.get(key(1));
                    int next = stored == null ? 1 : ByteBuffer.wrap(stored).getInt() + 1;
                    kv.put(key(1), ByteBuffer.allocate(4).putInt(next).array());
                    kv.putStamped(LOG, ByteBuffer.allocate(4).putInt(next).array(), told::add);
                });
            }
        });
        List<KeyValue> log = scan(backend, KeyRange.startingWith(LOG), ScanOptions.FORWARD);
        List<Integer> counts = log.stream().map(item -> ByteBuffer.wrap(item.value()).getInt()).toList();
        List<Integer> expected = new ArrayList<>();
        for (int i = 1; i <= 200; i++) {
            expected.add(i);
        }
        assertEquals(expected, counts, "in stamp order, the commits in the order their conflicts decided");
        assertEquals(hex(keys(log)), hex(told), "callbacks are told in commit order");
    }

    /** On every backend the callbacks of one backend instance's commits are told in stamp order. */
    @Test
    void concurrentCommitsTellTheirStampedKeysInStampOrder() throws Exception {
        List<byte[]> told = Collections.synchronizedList(new ArrayList<>());
        runConcurrently(4, thread -> {
            for (int i = 0; i < 25; i++) {
                String change = thread + "/" + i;
                commit(tx -> {
                    tx.put(key(0x10 + thread), value("record of " + thread));
                    tx.putStamped(LOG, value(change), told::add);
                });
            }
        });
        List<byte[]> sorted = new ArrayList<>(told);
        sorted.sort(Arrays::compareUnsigned);
        assertEquals(hex(sorted), hex(told));
        assertEquals(100, scan(backend, KeyRange.startingWith(LOG), ScanOptions.FORWARD).size());
    }

    @Test
    void stampsAfterAReopenSortAfterEveryEarlierOne() {
        assumeTrue(survivesReopen(), "the store does not outlive its backend");
        for (int i = 0; i < 3; i++) {
            int round = i;
            commit(tx -> tx.putStamped(LOG, value("before " + round), null));
        }
        backend.close();
        backend = reopenBackend();
        commit(tx -> tx.putStamped(LOG, value("after"), null));
        assertEquals(List.of("before 0", "before 1", "before 2", "after"),
                scan(backend, KeyRange.startingWith(LOG), ScanOptions.FORWARD).stream()
                        .map(item -> text(item.value())).toList());
    }

    // ---------------------------------------------------------------- helpers

    /** A key in the test partition: the tuple ("p") followed by {@code sortKey}, as raw bytes. */
    protected static byte[] key(int... sortKey) {
        byte[] key = Arrays.copyOf(PARTITION, PARTITION.length + sortKey.length);
        for (int i = 0; i < sortKey.length; i++) {
            key[PARTITION.length + i] = (byte) sortKey[i];
        }
        return key;
    }

    private static List<byte[]> keys(int... lastBytes) {
        List<byte[]> keys = new ArrayList<>();
        for (int b : lastBytes) {
            keys.add(key(b));
        }
        return keys;
    }

    private static byte[] intKey(int i) {
        return ByteBuffer.allocate(PARTITION.length + 4).put(PARTITION).putInt(i).array();
    }

    private static byte[] intValue(int i) {
        return ("value " + i).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] value(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] value) {
        return new String(value, StandardCharsets.UTF_8);
    }

    /** Runs {@code work} in one transaction and commits it. */
    protected final void commit(Consumer<KvTransaction> work) {
        try (KvTransaction tx = backend.beginTransaction()) {
            work.accept(tx);
            tx.commit();
        }
    }

    private long counter(byte[] key) {
        return Counters.decode(key, backend.get(key));
    }

    /**
     * Runs {@code work} on {@code tx} and commits; the conflict must surface either on a call (a
     * backend may detect it early) or at commit. The transaction is closed afterwards.
     */
    private static void assertConflict(KvTransaction tx, Consumer<KvTransaction> work) {
        try (tx) {
            assertThrows(TransactionConflictException.class, () -> {
                work.accept(tx);
                tx.commit();
            });
        }
    }

    private static List<KeyValue> scan(KvReader reader, KeyRange range, ScanOptions options) {
        List<KeyValue> items = new ArrayList<>();
        try (KvCursor cursor = reader.scan(range, options)) {
            cursor.forEachRemaining(items::add);
        }
        return items;
    }

    private static List<byte[]> keys(List<KeyValue> items) {
        return items.stream().map(KeyValue::key).toList();
    }

    private static List<String> hex(List<byte[]> keys) {
        return keys.stream().map(HexFormat.of()::formatHex).toList();
    }

    /** A task run by one of several threads, given its index. */
    private interface ThreadWork {
        void run(int thread) throws Exception;
    }

    /** Runs {@code work} on {@code threads} threads at once and waits, within a bound, for all of them. */
    private static void runConcurrently(int threads, ThreadWork work) throws Exception {
        ExecutorService executor = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Void>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                Callable<Void> task = () -> {
                    work.run(thread);
                    return null;
                };
                futures.add(executor.submit(task));
            }
            for (Future<Void> future : futures) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            executor.shutdownNow();
            assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS), "worker threads did not stop");
        }
    }
}
