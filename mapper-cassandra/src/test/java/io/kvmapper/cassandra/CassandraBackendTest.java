package io.kvmapper.cassandra;

import io.kvmapper.RetryPolicy;
import io.kvmapper.internal.store.KvStoreImpl;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.StorageException;
import io.kvmapper.StoreClosedException;
import io.kvmapper.Transaction;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the conformance suite does not cover: how the backend lays data out in Cassandra (chunks, the
 * counter table, one partition per tuple partition), how many requests it makes (paging, one range
 * deletion), scans spanning partitions, and what its transactions do and do not guarantee. Against a real
 * node, in the KV Mapper key layout (counters only in counter and metadata partitions), with small chunks
 * and pages so that both show.
 */
@Timeout(120)
class CassandraBackendTest {
    private static final String KEYSPACE = "backend_test";
    private static final int CHUNK = 1_000;
    private static final int PAGE = 100;
    private static final RequestCounter REQUESTS = new RequestCounter();
    private static final String SELECT_DATA = "SELECT value FROM " + KEYSPACE + ".kv WHERE partition = ? AND key = ?";
    private static final String SELECT_COUNTER =
            "SELECT value, bases FROM " + KEYSPACE + ".kv_counters WHERE partition = ? AND key = ?";
    private static CqlSession session;

    private CassandraBackend backend;

    @BeforeAll
    static void connect() {
        session = CassandraTestServer.shared().newSession(REQUESTS);
        CassandraKvStore.openBackend(session, KEYSPACE, options()
                .keyspaceReplication(Map.of("class", "SimpleStrategy", "replication_factor", "1"))).close();
    }

    @AfterAll
    static void disconnect() {
        if (session != null) {
            session.close();
        }
    }

    private static CassandraKvStore.Options options() {
        // unbucketed, so that the tests can look at the tables' rows by partition (CassandraBucketTest: buckets)
        return CassandraKvStore.options().valueChunkSize(CHUNK).pageSize(PAGE).partitionBuckets(1);
    }

    @BeforeEach
    void openEmptyStore() {
        for (String table : new String[] {"kv", "kv_chunks", "kv_counters"}) {
            session.execute("TRUNCATE " + KEYSPACE + "." + table);
        }
        backend = CassandraKvStore.openBackend(session, KEYSPACE, options());
        REQUESTS.reset();
    }

    @AfterEach
    void closeStore() {
        backend.close();
    }

    // ---------------------------------------------------------------- chunked values

    @Test
    void valuesAboveTheChunkSizeAreStoredAsChunksAndReadBackWhole() {
        Map<byte[], byte[]> values = new LinkedHashMap<>();
        for (int size : new int[] {0, 1, CHUNK, CHUNK + 1, 25 * CHUNK, 25 * CHUNK + 7}) {
            values.put(record(size), randomBytes(size));
        }
        commit(tx -> values.forEach(tx::put));

        List<byte[]> keys = List.copyOf(values.keySet());
        List<byte[]> all = backend.getAll(keys);
        List<KeyValue> scanned = scan(backend, KeyRange.startingWith(recordPartition()), ScanOptions.FORWARD);
        assertEquals(values.size(), scanned.size());
        for (int i = 0; i < keys.size(); i++) {
            byte[] key = keys.get(i);
            byte[] expected = values.get(key);
            assertArrayEquals(expected, backend.get(key), "get of a value of " + expected.length + " bytes");
            assertArrayEquals(expected, all.get(i), "getAll");
            assertArrayEquals(expected, scanned.get(i).value(), "scan");
            try (KvTransaction tx = backend.beginTransaction()) {
                assertArrayEquals(expected, tx.get(key), "transactional get");
            }
            int chunks = expected.length > CHUNK ? (expected.length + CHUNK - 1) / CHUNK : 0;
            assertEquals(chunks, chunkRows(key), "chunk rows of a value of " + expected.length + " bytes");
        }
    }

    @Test
    void overwritingOrDeletingAChunkedValueLeavesNoStaleChunks() {
        byte[] key = record(1);
        commit(tx -> tx.put(key, randomBytes(25 * CHUNK)));
        byte[] shorter = randomBytes(2 * CHUNK - 1);
        commit(tx -> tx.put(key, shorter));
        assertArrayEquals(shorter, backend.get(key));
        assertEquals(2, chunkRows(key));

        byte[] small = randomBytes(10);
        commit(tx -> tx.put(key, small));
        assertArrayEquals(small, backend.get(key));
        assertEquals(0, chunkRows(key));

        commit(tx -> tx.put(key, randomBytes(5 * CHUNK)));
        commit(tx -> tx.delete(key));
        assertNull(backend.get(key));
        assertEquals(0, chunkRows(key));

        commit(tx -> tx.put(key, randomBytes(5 * CHUNK)));
        commit(tx -> tx.deleteRange(KeyRange.startingWith(recordPartition())));
        assertNull(backend.get(key));
        assertEquals(0, chunkRows(key));
    }

    @Test
    void aChunkedValueRewrittenInTheTransactionThatDeletedItsRangeSurvives() {
        byte[] key = record(1);
        commit(tx -> tx.put(key, randomBytes(3 * CHUNK)));
        byte[] replacement = randomBytes(4 * CHUNK);
        commit(tx -> {
            tx.deleteRange(KeyRange.startingWith(recordPartition()));
            tx.put(key, replacement);
        });
        assertArrayEquals(replacement, backend.get(key));
        assertEquals(4, chunkRows(key));
    }

    // ---------------------------------------------------------------- scans

    @Test
    void aScanInOnePartitionFetchesPagesAsTheCursorAdvances() {
        int count = 5_000;
        for (int first = 0; first < count; first += 1_000) {
            int from = first;
            commit(tx -> {
                for (int i = from; i < from + 1_000; i++) {
                    tx.put(record(i), Tuples.encode(i));
                }
            });
        }
        REQUESTS.reset();
        try (KvCursor cursor = backend.scan(KeyRange.startingWith(recordPartition()), ScanOptions.FORWARD)) {
            for (int i = 0; i < 150; i++) {
                assertArrayEquals(record(i), cursor.next().key());
            }
            assertEquals(2, REQUESTS.settled(2).size(), "150 items of pages of " + PAGE + ": " + REQUESTS.requests());
            int seen = 150;
            while (cursor.hasNext()) {
                assertArrayEquals(record(seen), cursor.next().key());
                seen++;
            }
            assertEquals(count, seen);
        }
        long pages = REQUESTS.settled(count / PAGE).size();
        assertTrue(pages >= count / PAGE && pages <= count / PAGE + 1, pages + " pages");

        List<KeyValue> newest = scan(backend, KeyRange.startingWith(recordPartition()),
                ScanOptions.REVERSE.withLimit(250));
        assertEquals(250, newest.size());
        assertArrayEquals(record(count - 1), newest.get(0).key());
        assertArrayEquals(record(count - 250), newest.get(249).key());
    }

    @Test
    void aScanSpanningPartitionsReturnsEveryKeyInRangeEachPartitionInOrder() {
        List<String> partitions = List.of("a", "b", "bz", "c");
        commit(tx -> {
            for (String partition : partitions) {
                for (int i = 0; i < 120; i++) {
                    tx.put(Tuples.encode(partition, i), Tuples.encode(partition, i));
                }
            }
        });
        assertFalse(backend.isGloballyOrdered());
        // ("a", 100) up to, not including, ("c"): the end of a, all of b and bz
        KeyRange range = new KeyRange(Tuples.encode("a", 100), Tuples.encode("c"));
        for (ScanOptions options : List.of(ScanOptions.FORWARD, ScanOptions.REVERSE)) {
            Map<String, List<Integer>> byPartition = new LinkedHashMap<>();
            for (KeyValue item : scan(backend, range, options)) {
                List<Object> key = Tuples.decode(item.key());
                assertEquals(key, Tuples.decode(item.value()));
                byPartition.computeIfAbsent((String) key.get(0), p -> new ArrayList<>())
                        .add(((Number) key.get(1)).intValue());
            }
            assertEquals(List.of("a", "b", "bz"), byPartition.keySet().stream().sorted().toList());
            assertEquals(ascending(100, 120, options.reverse()), byPartition.get("a"));
            assertEquals(ascending(0, 120, options.reverse()), byPartition.get("b"));
            assertEquals(ascending(0, 120, options.reverse()), byPartition.get("bz"));
        }
        assertEquals(150, scan(backend, range, ScanOptions.FORWARD.withLimit(150)).size());

        commit(tx -> tx.deleteRange(range));
        assertEquals(100, scan(backend, KeyRange.startingWith(Tuples.encode("a")), ScanOptions.FORWARD).size());
        assertEquals(List.of(), scan(backend, KeyRange.startingWith(Tuples.encode("b")), ScanOptions.FORWARD));
        assertEquals(120, scan(backend, KeyRange.startingWith(Tuples.encode("c")), ScanOptions.FORWARD).size());
    }

    @Test
    void keysThatExtendAPartitionsBytesLieInThatPartition() {
        byte[] p = Tuples.encode("p");
        byte[] nulInString = Tuples.encode("p\0"); // 02 70 00 FF 00
        byte[] continued = Arrays.copyOf(p, p.length + 1);
        continued[p.length] = (byte) 0xFF; // 02 70 00 FF: not a tuple, but a key in partition "p"
        byte[] plain = Tuples.encode("p", 1);
        commit(tx -> {
            tx.put(plain, plain);
            tx.put(nulInString, nulInString);
            tx.put(continued, continued);
            tx.put(p, p);
        });
        List<KeyValue> items = scan(backend, KeyRange.startingWith(p), ScanOptions.FORWARD);
        assertEquals(hex(List.of(p, plain, continued, nulInString)), hex(items.stream().map(KeyValue::key).toList()));
        assertEquals(1, session.execute("SELECT DISTINCT partition FROM " + KEYSPACE + ".kv").all().size());
    }

    // ---------------------------------------------------------------- counters

    @Test
    void addsGoToTheCounterTableAndReadsCombineTheTwoTables() {
        byte[] group = counterGroup("active");
        commit(tx -> tx.add(group, 5));
        commit(tx -> tx.add(group, 2));
        assertEquals(7, Counters.decode(group, backend.get(group)));
        assertEquals(7, Counters.decode(group, backend.getAll(List.of(group)).get(0)));
        assertEquals(7, Counters.decode(group, scan(backend, KeyRange.startingWith(counterPartition()),
                ScanOptions.FORWARD).get(0).value()));
        assertEquals(0, rows("kv", group), "an add writes no data row");
        assertEquals(1, rows("kv_counters", group));
    }

    @Test
    void aPutOrDeleteReplacesACounterAndLaterAddsBuildOnIt() {
        byte[] group = counterGroup("active");
        byte[] other = counterGroup("closed");
        commit(tx -> {
            tx.add(group, 5);
            tx.add(other, 9);
        });
        commit(tx -> tx.put(group, Counters.encode(40)));
        assertEquals(40, counter(group));
        commit(tx -> tx.add(group, 2));
        assertEquals(42, counter(group));

        commit(tx -> tx.delete(group));
        assertNull(backend.get(group));
        assertEquals(hex(List.of(other)),
                hex(keys(scan(backend, KeyRange.startingWith(counterPartition()), ScanOptions.FORWARD))));
        assertEquals(1, rows("kv_counters", group), "the counter row stays: Cassandra cannot reuse a deleted counter");
        commit(tx -> tx.add(group, 3));
        assertEquals(3, counter(group));

        commit(tx -> tx.deleteRange(KeyRange.startingWith(counterPartition())));
        assertNull(backend.get(group));
        assertNull(backend.getAll(List.of(other)).get(0));
        assertEquals(List.of(), scan(backend, KeyRange.startingWith(counterPartition()), ScanOptions.FORWARD));
        commit(tx -> tx.add(other, 1));
        assertEquals(1, counter(other));
        commit(tx -> tx.put(other, Counters.encode(0)));
        assertArrayEquals(Counters.encode(0), backend.get(other), "a counter put to zero is present, as on RocksDB");
    }

    @Test
    void anAddOutsideThePartitionsThatMayHoldCountersIsRefused() {
        byte[] key = record(1);
        try (KvTransaction tx = backend.beginTransaction()) {
            InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> tx.add(key, 1));
            assertTrue(e.getMessage().contains(Tuples.toString(key)), e.getMessage());
            assertFalse(e.isRetryable());
        }
        byte[] fence = Tuples.encode(List.of("User", "m"), "counter-fence", "byStatus");
        byte[] multimap = Tuples.encode(List.of("$multimap", "tags", "bob"), "red");
        commit(tx -> {
            tx.add(fence, 1);
            tx.add(multimap, 2);
        });
        assertEquals(1, counter(fence));
        assertEquals(2, counter(multimap));
    }

    @Test
    void readsOfPartitionsThatCannotHoldCountersAskOnlyTheDataTable() {
        commit(tx -> {
            tx.put(record(1), Tuples.encode("record"));
            tx.add(counterGroup("active"), 1);
        });
        REQUESTS.reset();
        backend.get(record(1));
        assertEquals(List.of(SELECT_DATA), REQUESTS.settled(1));
    }

    @Test
    void aCounterThatOnlyTookAddsIsOneReadOfTheCounterTable() {
        assertTrue(backend.statements().marksBases(), "tables created now mark the data rows beside counters");
        commit(tx -> tx.add(counterGroup("active"), 1));
        commit(tx -> tx.add(counterGroup("active"), 2));
        REQUESTS.reset();
        assertEquals(3, counter(counterGroup("active")));
        assertEquals(List.of(SELECT_COUNTER), REQUESTS.settled(1), "one request: " + REQUESTS.requests());
        REQUESTS.reset();
        assertNull(backend.get(counterGroup("closed")));
        assertEquals(List.of(SELECT_COUNTER), REQUESTS.settled(1), "an absent key too: " + REQUESTS.requests());
        REQUESTS.reset();
        assertEquals(3, Counters.decode(counterGroup("active"), backend.getAll(List.of(counterGroup("active"),
                counterGroup("closed"))).get(0)));
        assertEquals(1, REQUESTS.settled(1).size(), "one IN query: " + REQUESTS.requests());
    }

    @Test
    void aCounterKeyWithADataRowIsMarkedSoItsReadsAskTheDataTableTooAndOtherKeysReadBothTablesAtOnce() {
        byte[] group = counterGroup("active");
        byte[] fence = Tuples.encode(List.of("User", "m"), "counter-fence", "byStatus");
        byte[] gone = Tuples.encode(List.of("User", "m"), "counter-fence", "byName");
        byte[] schema = Tuples.encode(List.of("User", "m"), "schema");
        commit(tx -> tx.add(group, 5));
        commit(tx -> tx.put(group, Counters.encode(40))); // a base beside the counter
        commit(tx -> tx.put(fence, Counters.encode(7))); // a plain value, no counter yet...
        commit(tx -> tx.add(fence, 1)); // ...which a later add makes a base
        commit(tx -> tx.put(schema, Tuples.encode("schema")));
        for (byte[] key : List.of(group, fence)) {
            assertEquals(1, marks(key), Tuples.toString(key));
        }
        assertEquals(0, marks(schema), "not a counter key: read in both tables at once, so not marked");
        REQUESTS.reset();
        assertEquals(40, counter(group));
        assertEquals(List.of(SELECT_COUNTER, SELECT_DATA), REQUESTS.settled(2), "the mark, then the data row");
        assertEquals(8, counter(fence));
        REQUESTS.reset();
        assertArrayEquals(Tuples.encode("schema"), backend.get(schema));
        assertEquals(List.of(SELECT_DATA, SELECT_COUNTER).stream().sorted().toList(),
                REQUESTS.settled(2).stream().sorted().toList());
        List<byte[]> all = backend.getAll(List.of(group, fence, schema, counterGroup("closed"), record(1)));
        assertEquals(40, Counters.decode(group, all.get(0)));
        assertEquals(8, Counters.decode(fence, all.get(1)));
        assertArrayEquals(Tuples.encode("schema"), all.get(2));
        assertNull(all.get(3));
        assertNull(all.get(4));
        assertEquals(hex(List.of(fence, schema)),
                hex(keys(scan(backend, KeyRange.startingWith(Tuples.encode(List.of("User", "m"))),
                        ScanOptions.FORWARD))));

        commit(tx -> tx.delete(schema));
        commit(tx -> tx.delete(group)); // a deleted base
        assertNull(backend.get(schema));
        assertNull(backend.get(group));
        assertEquals(2, marks(group), "a mark only grows");
        commit(tx -> tx.add(group, 3));
        assertEquals(3, counter(group));

        commit(tx -> tx.put(gone, Counters.encode(1)));
        commit(tx -> tx.delete(gone)); // no counter: the data row goes, its mark stays
        assertEquals(1, marks(gone));
        assertNull(backend.get(gone));
        assertNull(backend.getAll(List.of(gone)).get(0));
        assertEquals(List.of(), scan(backend, KeyRange.startingWith(Tuples.encode(List.of("User", "m"),
                "counter-fence", "byName")), ScanOptions.FORWARD), "a row holding only a mark is no item");
    }

    @Test
    void tablesCreatedBeforeMarksAreReadInBothTablesAtOnceUntilMarkCounterBasesMarksThem() {
        String table = KEYSPACE + ".unmarked";
        for (String name : List.of("", "_chunks", "_counters")) {
            session.execute("DROP TABLE IF EXISTS " + table + name);
        }
        // the tables as an earlier version created them
        session.execute("CREATE TABLE IF NOT EXISTS " + table + " (partition blob, key blob, value blob,"
                + " PRIMARY KEY (partition, key)) WITH CLUSTERING ORDER BY (key ASC)"
                + " AND comment = 'kvmapper layout: partitionBuckets=1'");
        session.execute("CREATE TABLE IF NOT EXISTS " + table + "_chunks (partition blob, key blob, chunk int,"
                + " chunks int, value blob, PRIMARY KEY (partition, key, chunk))");
        session.execute("CREATE TABLE IF NOT EXISTS " + table + "_counters (partition blob, key blob,"
                + " value counter, PRIMARY KEY (partition, key))");
        byte[] group = counterGroup("active");
        byte[] fence = Tuples.encode(List.of("User", "m"), "counter-fence", "byStatus");
        try (CassandraBackend unmarked = CassandraKvStore.openBackend(session, KEYSPACE, options().table("unmarked"))) {
            assertFalse(unmarked.statements().marksBases());
            commitOn(unmarked, tx -> tx.add(group, 5));
            commitOn(unmarked, tx -> tx.put(group, Counters.encode(40)));
            commitOn(unmarked, tx -> tx.put(fence, Counters.encode(7)));
            commitOn(unmarked, tx -> tx.add(fence, 1));
            REQUESTS.reset();
            assertEquals(40, Counters.decode(group, unmarked.get(group)));
            assertEquals(List.of("SELECT value FROM " + table + " WHERE partition = ? AND key = ?",
                    "SELECT value FROM " + table + "_counters WHERE partition = ? AND key = ?"),
                    REQUESTS.settled(2).stream().sorted().toList());
            assertEquals(8, Counters.decode(fence, unmarked.get(fence)));
            assertEquals(8, Counters.decode(fence, unmarked.getAll(List.of(fence)).get(0)));
            commitOn(unmarked, tx -> tx.add(counterGroup("closed"), 2));
        }

        assertEquals(2, CassandraKvStore.markCounterBases(session, KEYSPACE, options().table("unmarked")),
                "the base beside the counter and the value a later add built on");
        assertEquals(0, CassandraKvStore.markCounterBases(session, KEYSPACE, options().table("unmarked")));
        try (CassandraBackend marked = CassandraKvStore.openBackend(session, KEYSPACE, options().table("unmarked"))) {
            assertTrue(marked.statements().marksBases());
            REQUESTS.reset();
            assertEquals(2, Counters.decode(counterGroup("closed"), marked.get(counterGroup("closed"))));
            assertEquals(1, REQUESTS.settled(1).size(), "a counter that only took adds: " + REQUESTS.requests());
            assertEquals(40, Counters.decode(group, marked.get(group)));
            assertEquals(8, Counters.decode(fence, marked.get(fence)));
            assertEquals(8, Counters.decode(fence, marked.getAll(List.of(fence)).get(0)));
            commitOn(marked, tx -> tx.put(fence, Counters.encode(1)));
            assertEquals(1, Counters.decode(fence, marked.get(fence)));
        }
    }

    // ---------------------------------------------------------------- writes and transactions

    @Test
    void aRangeDeletionInOnePartitionIsOneStatementWhateverItHolds() {
        commit(tx -> {
            for (int i = 0; i < 2_000; i++) {
                tx.put(record(i), Tuples.encode(i));
            }
        });
        REQUESTS.reset();
        commit(tx -> tx.deleteRange(new KeyRange(record(10), record(1_990))));
        assertEquals(List.of("BATCH of 2"), REQUESTS.settled(1), "one range deletion each on the data and chunk tables");
        assertEquals(20, scan(backend, KeyRange.startingWith(recordPartition()), ScanOptions.FORWARD).size());
    }

    @Test
    void writesWherePartitionsHoldNoChunksDeleteNoChunks() {
        byte[] entry = Tuples.encode(List.of("User", "i", "status"), "ACTIVE", 1L);
        REQUESTS.reset();
        commit(tx -> tx.put(entry, new byte[0]));
        List<String> put = REQUESTS.settled(1);
        assertEquals(1, put.size(), () -> "requests: " + put);
        assertFalse(put.get(0).startsWith("BATCH") || put.get(0).contains("kv_chunks"),
                () -> "an index entry's put is its INSERT alone: " + put);
        assertArrayEquals(new byte[0], backend.get(entry));

        REQUESTS.reset();
        commit(tx -> tx.delete(entry));
        List<String> delete = REQUESTS.settled(1);
        assertEquals(1, delete.size(), () -> "requests: " + delete);
        assertFalse(delete.get(0).startsWith("BATCH") || delete.get(0).contains("kv_chunks"),
                () -> "an index entry's delete is its DELETE alone: " + delete);
        assertNull(backend.get(entry));

        REQUESTS.reset();
        commit(tx -> tx.put(record(1), Tuples.encode("v")));
        assertEquals(List.of("BATCH of 2"), REQUESTS.settled(1), "a record's put also deletes the chunks it replaces");

        try (KvTransaction tx = backend.beginTransaction()) {
            InvalidRequestException refused =
                    assertThrows(InvalidRequestException.class, () -> tx.put(entry, randomBytes(CHUNK + 1)));
            assertTrue(refused.getMessage().contains("chunkPartitions"), refused.getMessage());
        }
    }

    @Test
    void transactionsDetectNoConflictsAndTheLaterCommitWins() {
        byte[] key = record(1);
        commit(tx -> tx.put(key, Tuples.encode("v")));
        try (KvTransaction first = backend.beginTransaction(); KvTransaction second = backend.beginTransaction()) {
            assertArrayEquals(Tuples.encode("v"), first.get(key));
            second.put(key, Tuples.encode("second"));
            second.commit();
            assertArrayEquals(Tuples.encode("second"), first.get(key), "no snapshot: a read sees the latest commit");
            first.put(key, Tuples.encode("first"));
            first.commit();
        }
        assertArrayEquals(Tuples.encode("first"), backend.get(key));
    }

    @Test
    void aTransactionWritingSeveralPartitionsIsOneLoggedBatchAndAllOrNothing() {
        byte[] a = Tuples.encode("a", 1);
        byte[] b = Tuples.encode("b", 1);
        REQUESTS.reset();
        commit(tx -> {
            tx.put(a, Tuples.encode("a"));
            tx.put(b, Tuples.encode("b"));
        });
        assertEquals(List.of("BATCH of 4"), REQUESTS.settled(1));
        assertArrayEquals(Tuples.encode("a"), backend.get(a));

        // The test node refuses logged batches above 4 MiB (batch_size_fail_threshold).
        byte[] big = randomBytes(3 << 20);
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> commit(tx -> {
            tx.put(Tuples.encode("a", 2), big);
            tx.put(Tuples.encode("b", 2), big);
        }));
        assertTrue(e.getMessage().contains("batch_size_fail_threshold"), e.getMessage());
        assertNull(backend.get(Tuples.encode("a", 2)));
        assertNull(backend.get(Tuples.encode("b", 2)));
    }

    @Test
    void aKvStoreOnCassandraRunsUnitsOfWork() {
        KvStore store = KvStoreImpl.open(backend, RetryPolicy.DEFAULT);
        String result = store.transactResult(tx -> {
            tx.unwrap(KvTransaction.class).put(record(1), Tuples.encode("one"));
            tx.unwrap(KvTransaction.class).add(counterGroup("active"), 1);
            return "done";
        });
        assertEquals("done", result);
        assertArrayEquals(Tuples.encode("one"), backend.get(record(1)));
        assertEquals(1, counter(counterGroup("active")));
    }

    @Test
    void aMultimapKeepsItsCountsInTheCounterTableRemovesWithoutReadingAndReusesThemAfterRemoval() {
        KvStore store = KvStoreImpl.open(backend, RetryPolicy.DEFAULT);
        io.kvmapper.Multimap<String, String> tags = store.multimap("tags", String.class, String.class);
        tags.add("bob", "red");
        tags.add("bob", "red");
        tags.add("bob", "blue");
        assertEquals(Map.of("blue", 1L, "red", 2L), tags.counts("bob"));
        io.kvmapper.InvalidRequestException refused =
                assertThrows(io.kvmapper.InvalidRequestException.class, () -> tags.remove("bob", "blue"));
        assertTrue(refused.getMessage().contains("allowingNegativeCounts"), refused.getMessage());
        assertTrue(tags.allowingNegativeCounts().remove("bob", "blue"));
        assertFalse(tags.contains("bob", "blue"));
        assertEquals(List.of("red"), tags.get("bob"));
        tags.removeAll("bob");
        assertEquals(List.of(), tags.get("bob"));
        tags.add("bob", "blue", 3);
        assertEquals(Map.of("blue", 3L), tags.counts("bob"));
    }

    // ---------------------------------------------------------------- opening and closing

    @Test
    void closingIsIdempotentAndLeavesTheCallersSessionOpen() {
        backend.close();
        backend.close();
        assertThrows(StoreClosedException.class, () -> backend.get(record(1)));
        assertFalse(session.isClosed());
    }

    @Test
    void aBackendThatConnectedItselfClosesItsSession() {
        CassandraBackend own = CassandraKvStore.openBackend(List.of(CassandraTestServer.shared().address()),
                CassandraTestServer.DATACENTER, KEYSPACE, options().requestTimeout(java.time.Duration.ofSeconds(30)));
        byte[] key = record(1);
        try (KvTransaction tx = own.beginTransaction()) {
            tx.put(key, Tuples.encode("own"));
            tx.commit();
        }
        assertArrayEquals(Tuples.encode("own"), backend.get(key));
        own.close();
        assertTrue(own.session().isClosed());
        own.close();
        assertThrows(StoreClosedException.class, () -> own.get(key));
    }

    @Test
    void openingAKeyspaceThatDoesNotExistFailsUnlessItsReplicationIsGiven() {
        StorageException e = assertThrows(StorageException.class,
                () -> CassandraKvStore.openBackend(session, "no_such_keyspace", options()));
        assertTrue(e.getMessage().contains("no_such_keyspace"), e.getMessage());
        assertFalse(e.isRetryable());
    }

    // ---------------------------------------------------------------- helpers

    private static byte[] recordPartition() {
        return Tuples.encode(List.of("User", "r", 1L));
    }

    private static byte[] record(int i) {
        return Tuples.encode(List.of("User", "r", 1L), i);
    }

    private static byte[] counterPartition() {
        return Tuples.encode(List.of("User", "c", "byStatus"));
    }

    private static byte[] counterGroup(String status) {
        return Tuples.encode(List.of("User", "c", "byStatus"), status);
    }

    private long counter(byte[] key) {
        return Counters.decode(key, backend.get(key));
    }

    private void commit(Consumer<KvTransaction> work) {
        commitOn(backend, work);
    }

    private static void commitOn(CassandraBackend on, Consumer<KvTransaction> work) {
        try (KvTransaction tx = on.beginTransaction()) {
            work.accept(tx);
            tx.commit();
        }
    }

    /** How many rows of {@code table} hold {@code key}, asked of Cassandra directly. */
    private static long rows(String table, byte[] key) {
        int length = PartitionRange.partitionLength(key);
        Row row = session.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(
                "SELECT count(*) FROM " + KEYSPACE + "." + table + " WHERE partition = ? AND key = ?",
                ByteBuffer.wrap(Arrays.copyOf(key, length)),
                ByteBuffer.wrap(Arrays.copyOfRange(key, length, key.length)))).one();
        return row.getLong(0);
    }

    /** The mark of {@code key}'s data row in the counter table, 0 if none. */
    private static long marks(byte[] key) {
        int length = PartitionRange.partitionLength(key);
        Row row = session.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(
                "SELECT bases FROM " + KEYSPACE + ".kv_counters WHERE partition = ? AND key = ?",
                ByteBuffer.wrap(Arrays.copyOf(key, length)),
                ByteBuffer.wrap(Arrays.copyOfRange(key, length, key.length)))).one();
        return row == null || row.isNull(0) ? 0 : row.getLong(0);
    }

    private static long chunkRows(byte[] key) {
        return rows("kv_chunks", key);
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

    private static List<Integer> ascending(int from, int to, boolean reverse) {
        List<Integer> numbers = new ArrayList<>();
        for (int i = from; i < to; i++) {
            numbers.add(i);
        }
        if (reverse) {
            java.util.Collections.reverse(numbers);
        }
        return numbers;
    }

    private static byte[] randomBytes(int size) {
        byte[] bytes = new byte[size];
        new Random(size).nextBytes(bytes);
        return bytes;
    }

    private static List<String> hex(List<byte[]> keys) {
        return keys.stream().map(HexFormat.of()::formatHex).toList();
    }
}
