package io.kvmapper.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.kvmapper.StorageException;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How bucketed partitions lie in Cassandra (index entries and counter groups in 8 buckets). With buckets chosen by
 * value (the default), every entry of one index value lies in one bucket, so a finder of one value, a page of it and
 * its point reads are one query each, while a scan across values asks every bucket. With an index left out of
 * {@code bucketsByValue} (as for a status that a third of the records hold), the entries of one very common value
 * spread evenly over the buckets, each a Cassandra partition of its own, instead of growing one partition; a point
 * read asks one bucket, a scan asks all of them at once and merges their rows in key order. Records stay one
 * partition each; the number of buckets, recorded with the tables, cannot change under a store; and tables created
 * before buckets were chosen by value keep choosing them by key.
 */
@Timeout(120)
class CassandraBucketTest {
    private static final String KEYSPACE = "bucket_test";
    private static final int BUCKETS = CassandraKvStore.Options.DEFAULT_PARTITION_BUCKETS;
    private static final RequestCounter REQUESTS = new RequestCounter();
    private static final byte[] STATUS_INDEX = Tuples.encode(List.of("User", "i", "status"));
    /** The status index spread over every bucket: most tests here are about that spread. */
    private static final CassandraKvStore.Options SPREAD = CassandraKvStore.options().bucketsByValue(
            BucketedPartitions.byValue().and(BucketedPartitions.index("User", "status").negate()));
    private static CqlSession session;

    private CassandraBackend backend;

    @BeforeAll
    static void connect() {
        session = CassandraTestServer.shared().newSession(REQUESTS);
        CassandraKvStore.openBackend(session, KEYSPACE, CassandraKvStore.options()
                .keyspaceReplication(Map.of("class", "SimpleStrategy", "replication_factor", "1"))).close();
    }

    @AfterAll
    static void disconnect() {
        if (session != null) {
            session.close();
        }
    }

    @BeforeEach
    void openEmptyStore() {
        for (String table : new String[] {"kv", "kv_chunks", "kv_counters"}) {
            session.execute("TRUNCATE " + KEYSPACE + "." + table);
        }
        backend = CassandraKvStore.openBackend(session, KEYSPACE, SPREAD);
        REQUESTS.reset();
    }

    @AfterEach
    void closeStore() {
        backend.close();
    }

    @Test
    void theEntriesOfOneCommonValueSpreadEvenlyOverTheBucketsAndScanInOrder() {
        int entries = 4_000;
        List<byte[]> keys = new ArrayList<>();
        for (long id = 0; id < entries; id++) {
            keys.add(entry("active", id));
        }
        for (int from = 0; from < entries; from += 1_000) {
            List<byte[]> slice = keys.subList(from, from + 1_000);
            commit(tx -> slice.forEach(k -> tx.put(k, new byte[0])));
        }
        commit(tx -> tx.put(entry("closed", 1), new byte[0]));

        Map<String, Long> rowsPerPartition = new TreeMap<>();
        for (Row row : session.execute("SELECT partition, count(*) FROM " + KEYSPACE + ".kv GROUP BY partition")) {
            rowsPerPartition.put(HexFormat.of().formatHex(Statements.bytes(row.getByteBuffer(0))), row.getLong(1));
        }
        assertEquals(BUCKETS, rowsPerPartition.size(), "one Cassandra partition per bucket: " + rowsPerPartition);
        for (Map.Entry<String, Long> bucket : rowsPerPartition.entrySet()) {
            assertTrue(bucket.getKey().startsWith(HexFormat.of().formatHex(STATUS_INDEX)), bucket.getKey());
            long rows = bucket.getValue();
            assertTrue(rows > entries / BUCKETS * 0.8 && rows < entries / BUCKETS * 1.2 + 1,
                    "each bucket holds about an eighth: " + rowsPerPartition);
        }

        KeyRange active = KeyRange.startingWith(Tuples.encode(List.of("User", "i", "status"), "active"));
        assertEquals(hex(keys), hex(keys(scan(active, ScanOptions.FORWARD))), "merged in key order");
        List<byte[]> reversed = new ArrayList<>(keys);
        java.util.Collections.reverse(reversed);
        assertEquals(hex(reversed.subList(0, 10)), hex(keys(scan(active, ScanOptions.REVERSE.withLimit(10)))));
        assertEquals(hex(keys.subList(0, 3)), hex(keys(scan(active, ScanOptions.FORWARD.withLimit(3)))));
        KeyRange middle = new KeyRange(entry("active", 1_000), entry("active", 1_010));
        assertEquals(hex(keys.subList(1_000, 1_010)), hex(keys(scan(middle, ScanOptions.FORWARD))));
    }

    @Test
    void aPointReadAsksOneBucketAndAScanAsksEveryBucketAtOnce() {
        commit(tx -> {
            for (long id = 0; id < 100; id++) {
                tx.put(entry("active", id), new byte[0]);
            }
        });
        REQUESTS.reset();
        assertArrayEquals(new byte[0], backend.get(entry("active", 42)));
        assertNull(backend.get(entry("active", 4_200)));
        assertEquals(2, REQUESTS.settled(2).size(), "one query per point read: " + REQUESTS.requests());
        REQUESTS.reset();
        assertEquals(100, scan(KeyRange.startingWith(STATUS_INDEX), ScanOptions.FORWARD).size());
        assertEquals(BUCKETS, REQUESTS.settled(BUCKETS).size(), "one range query per bucket: " + REQUESTS.requests());
    }

    @Test
    void aLimitedScanFetchesEachBucketsShareAndMoreOnlyFromABucketThatRunsDry() {
        int entries = 3_000;
        List<byte[]> keys = new ArrayList<>();
        for (long id = 0; id < entries; id++) {
            keys.add(entry("active", id));
        }
        for (int from = 0; from < entries; from += 1_000) {
            List<byte[]> slice = keys.subList(from, from + 1_000);
            commit(tx -> slice.forEach(k -> tx.put(k, new byte[0])));
        }
        KeyRange active = KeyRange.startingWith(Tuples.encode(List.of("User", "i", "status"), "active"));
        List<byte[]> reversed = new ArrayList<>(keys);
        java.util.Collections.reverse(reversed);
        for (int n : new int[] {10, 100, 1_000}) {
            for (boolean reverse : new boolean[] {false, true}) {
                REQUESTS.reset();
                List<KeyValue> first = scan(active, (reverse ? ScanOptions.REVERSE : ScanOptions.FORWARD).withLimit(n));
                assertEquals(hex((reverse ? reversed : keys).subList(0, n)), hex(keys(first)), "the first " + n);
                REQUESTS.settled(BUCKETS);
                List<com.datastax.oss.driver.api.core.session.Request> sent = REQUESTS.sent();
                Map<String, Integer> pages = new TreeMap<>();
                for (com.datastax.oss.driver.api.core.session.Request request : sent) {
                    var bound = (com.datastax.oss.driver.api.core.cql.BoundStatement) request;
                    pages.merge(HexFormat.of().formatHex(Statements.bytes(bound.getByteBuffer(0))), 1, Integer::sum);
                }
                int pageRows = MergedCursor.pageRows(n, BUCKETS);
                int read = 0;
                for (Map.Entry<String, Integer> bucket : pages.entrySet()) {
                    read += (int) Math.min(Math.min(n, rowsIn(bucket.getKey())), (long) bucket.getValue() * pageRows);
                }
                System.out.printf("limited bucket scan: first %d %s: %d requests, %d entries read (pages of %d)%n",
                        n, reverse ? "reverse" : "forward", sent.size(), read, pageRows);
                assertEquals(BUCKETS, pages.size(), "every bucket is asked: " + pages);
                assertTrue(sent.size() <= BUCKETS + BUCKETS / 2, "a second page from a few buckets at most: " + pages);
                assertTrue(read < n * BUCKETS, "fewer entries read than the limit from every bucket: " + read);
                assertTrue(n < 100 || read <= 2 * n, "at most twice as many entries read as returned: " + read);
            }
        }
    }

    @Test
    void aBucketHoldingMostOfTheFirstEntriesFetchesItsNextPagesWhenTheMergeNeedsThem() {
        List<byte[]> keys = new ArrayList<>();
        byte[] crowded = null;
        for (long id = 0; keys.size() < 60; id++) { // the first 60 entries by key all lie in one bucket
            byte[] key = entry("active", id);
            int length = Tuples.partitionLength(key);
            byte[] stored = backend.placement().stored(Arrays.copyOf(key, length),
                    Arrays.copyOfRange(key, length, key.length)).array();
            crowded = crowded == null ? stored : crowded;
            if (Arrays.equals(stored, crowded)) {
                keys.add(key);
            }
        }
        for (long id = 1_000_000; id < 1_000_200; id++) { // then 200 over every bucket
            keys.add(entry("active", id));
        }
        commit(tx -> keys.forEach(k -> tx.put(k, new byte[0])));
        KeyRange active = KeyRange.startingWith(Tuples.encode(List.of("User", "i", "status"), "active"));

        REQUESTS.reset();
        assertEquals(hex(keys.subList(0, 100)), hex(keys(scan(active, ScanOptions.FORWARD.withLimit(100)))));
        List<String> sent = REQUESTS.settled(BUCKETS);
        int pageRows = MergedCursor.pageRows(100, BUCKETS);
        // the crowded bucket's pages: its 60 first entries and its share of the 40 after them; one page each from
        // the others
        int crowdedPages = (60 + 40 / BUCKETS + pageRows) / pageRows;
        assertTrue(sent.size() > BUCKETS && sent.size() <= BUCKETS - 1 + crowdedPages + 1,
                "more pages from the crowded bucket only: " + sent.size() + " requests, pages of " + pageRows);
    }

    /** How many rows the stored partition (hex) holds in the data table. */
    private static long rowsIn(String stored) {
        return session.execute("SELECT count(*) FROM " + KEYSPACE + ".kv WHERE partition = ?",
                ByteBuffer.wrap(HexFormat.of().parseHex(stored))).one().getLong(0);
    }

    @Test
    void recordsAndTheMetadataAreaStayOnePartitionEach() {
        byte[] record = Tuples.encode(List.of("User", "r", 7L));
        byte[] meta = Tuples.encode(List.of("User", "m"), "index", "status");
        commit(tx -> {
            tx.put(record, Tuples.encode("seven"));
            tx.put(meta, Tuples.encode("status", "READY", ""));
        });
        for (byte[] key : List.of(record, meta)) {
            int length = Tuples.partitionLength(key);
            Row row = session.execute("SELECT value FROM " + KEYSPACE + ".kv WHERE partition = ? AND key = ?",
                    ByteBuffer.wrap(Arrays.copyOf(key, length)),
                    ByteBuffer.wrap(Arrays.copyOfRange(key, length, key.length))).one();
            assertTrue(row != null, Tuples.toString(key) + " lies under its own partition");
        }
    }

    @Test
    void theNumberOfBucketsIsRecordedWithTheTablesAndCannotChange() {
        StorageException e = assertThrows(StorageException.class, () -> CassandraKvStore.openBackend(session, KEYSPACE,
                CassandraKvStore.options().partitionBuckets(BUCKETS * 2)));
        assertTrue(e.getMessage().contains("partitionBuckets(" + BUCKETS + ")"), e.getMessage());
    }

    @Test
    void byValueTheEntriesOfOneValueLieInOneBucketAndItsFinderIsOneQuery() {
        try (CassandraBackend byValue = CassandraKvStore.openBackend(session, KEYSPACE,
                CassandraKvStore.options().table("by_value"))) {
            truncate("by_value");
            List<String> statuses = List.of("active", "closed", "new", "suspended");
            List<byte[]> keys = new ArrayList<>();
            for (String status : statuses) {
                for (long id = 0; id < 250; id++) {
                    keys.add(entry(status, id));
                }
            }
            commit(byValue, tx -> keys.forEach(k -> tx.put(k, new byte[0])));

            Map<String, Long> rowsPerPartition = rowsPerPartition("by_value");
            assertTrue(rowsPerPartition.values().stream().allMatch(rows -> rows % 250 == 0),
                    "each value's 250 entries in one bucket: " + rowsPerPartition);
            assertTrue(rowsPerPartition.size() > 1, "the values spread over the buckets: " + rowsPerPartition);

            for (String status : statuses) {
                KeyRange value = KeyRange.tuplePrefix(Tuples.encode(List.of("User", "i", "status"), status));
                List<byte[]> expected = keys.stream().filter(value::contains).toList();
                REQUESTS.reset();
                assertEquals(hex(expected), hex(keys(scan(byValue, value, ScanOptions.FORWARD))), status);
                assertEquals(hex(expected.subList(0, 10)),
                        hex(keys(scan(byValue, value, ScanOptions.FORWARD.withLimit(10)))));
                List<byte[]> reversed = new ArrayList<>(expected);
                java.util.Collections.reverse(reversed);
                assertEquals(hex(reversed.subList(0, 100)),
                        hex(keys(scan(byValue, value, ScanOptions.REVERSE.withLimit(100)))));
                List<KeyValue> rest = new ArrayList<>();
                try (KvCursor cursor = byValue.resume(value, ScanOptions.FORWARD.withLimit(20), expected.get(99))) {
                    cursor.forEachRemaining(rest::add);
                }
                assertEquals(hex(expected.subList(100, 120)), hex(keys(rest)), "a page resumed inside the value");
                assertEquals(4, REQUESTS.settled(4).size(), "one query per scan of one value: " + REQUESTS.requests());
            }

            REQUESTS.reset();
            assertEquals(hex(keys.stream().sorted(Arrays::compareUnsigned).toList()),
                    hex(keys(scan(byValue, KeyRange.startingWith(STATUS_INDEX), ScanOptions.FORWARD))));
            assertEquals(BUCKETS, REQUESTS.settled(BUCKETS).size(), "a scan across values asks every bucket");

            // a range deletion inside one value deletes there, and only there
            KeyRange some = new KeyRange(entry("new", 10), entry("new", 20));
            commit(byValue, tx -> tx.deleteRange(some));
            assertEquals(keys.size() - 10, scan(byValue, KeyRange.startingWith(STATUS_INDEX), ScanOptions.FORWARD)
                    .size());
            assertEquals(hex(keys.stream().filter(k -> KeyRange.tuplePrefix(Tuples.encode(List.of("User", "i",
                    "status"), "new")).contains(k) && !some.contains(k)).toList()), hex(keys(scan(byValue,
                    KeyRange.tuplePrefix(Tuples.encode(List.of("User", "i", "status"), "new")), ScanOptions.FORWARD))));
        }
    }

    @Test
    void tablesCreatedBeforeBucketsWereChosenByValueKeepChoosingThemByKey() {
        CassandraKvStore.openBackend(session, KEYSPACE, CassandraKvStore.options().table("by_key")).close();
        truncate("by_key");
        String comment = session.execute("SELECT comment FROM system_schema.tables WHERE keyspace_name = ? AND"
                + " table_name = 'by_key'", KEYSPACE).one().getString(0);
        assertTrue(comment.contains(StoreSchema.PLACED_BY_VALUE), comment);
        // as an earlier version created them: the comment records the buckets and the marks, not the placement
        session.execute("ALTER TABLE " + KEYSPACE + ".by_key WITH comment = '"
                + comment.replace(", " + StoreSchema.PLACED_BY_VALUE, "") + "'");
        try (CassandraBackend earlier = CassandraKvStore.openBackend(session, KEYSPACE,
                CassandraKvStore.options().table("by_key"))) {
            List<byte[]> keys = new ArrayList<>();
            for (long id = 0; id < 400; id++) {
                keys.add(entry("active", id));
            }
            commit(earlier, tx -> keys.forEach(k -> tx.put(k, new byte[0])));
            assertEquals(BUCKETS, rowsPerPartition("by_key").size(), "one value spread over every bucket");
            KeyRange active = KeyRange.tuplePrefix(Tuples.encode(List.of("User", "i", "status"), "active"));
            assertEquals(hex(keys), hex(keys(scan(earlier, active, ScanOptions.FORWARD))));
            assertArrayEquals(new byte[0], earlier.get(entry("active", 7)));
        }
    }

    private static void truncate(String table) {
        for (String name : new String[] {table, table + "_chunks", table + "_counters"}) {
            session.execute("TRUNCATE " + KEYSPACE + "." + name);
        }
    }

    /** How many rows each stored partition (hex) of {@code table} holds. */
    private static Map<String, Long> rowsPerPartition(String table) {
        Map<String, Long> rows = new TreeMap<>();
        for (Row row : session.execute("SELECT partition, count(*) FROM " + KEYSPACE + "." + table
                + " GROUP BY partition")) {
            rows.put(HexFormat.of().formatHex(Statements.bytes(row.getByteBuffer(0))), row.getLong(1));
        }
        return rows;
    }

    private static byte[] entry(String status, long id) {
        return Tuples.encode(List.of("User", "i", "status"), status, id);
    }

    private void commit(java.util.function.Consumer<KvTransaction> work) {
        commit(backend, work);
    }

    private static void commit(CassandraBackend backend, java.util.function.Consumer<KvTransaction> work) {
        try (KvTransaction tx = backend.beginTransaction()) {
            work.accept(tx);
            tx.commit();
        }
    }

    private List<KeyValue> scan(KeyRange range, ScanOptions options) {
        return scan(backend, range, options);
    }

    private static List<KeyValue> scan(CassandraBackend backend, KeyRange range, ScanOptions options) {
        List<KeyValue> items = new ArrayList<>();
        try (KvCursor cursor = backend.scan(range, options)) {
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
}
