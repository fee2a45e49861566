package io.kvmapper.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.datastax.oss.driver.api.core.cql.BatchType;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Building a commit's batch without a node: the statements of each write, their timestamps, chunks, counter
 * bases, the batch's type, and the limit on its size.
 */
class CommitPlanTest {
    private static final int CHUNK = 16;
    private static final long DELETED_AT = 100;
    private static final long WRITTEN_AT = 101;
    private static final byte[] P = Tuples.encode("p");
    private static final byte[] Q = Tuples.encode("q");

    private final FakeCounterTable counters = new FakeCounterTable();
    private StoreLayout layout = layout(new Placement(BucketedPartitions.none(), 1));
    private WriteSet writes = writes();

    // ---------------------------------------------------------------- the statements of each write

    @Test
    void aPutDeletesEarlierChunksAndWritesItsDataRowAtTheLaterTimestamp() {
        writes.put(key(P, "a"), value(CHUNK));

        assertEquals(List.of(
                new CqlWrite.DeleteChunks(buffer(P), sortKey("a"), DELETED_AT),
                new CqlWrite.InsertData(buffer(P), sortKey("a"), ByteBuffer.wrap(value(CHUNK)), WRITTEN_AT)),
                plan().batch());
    }

    @Test
    void aDeleteRemovesTheDataRowAndEveryChunk() {
        writes.delete(key(P, "a"));

        assertEquals(List.of(
                new CqlWrite.DeleteData(buffer(P), sortKey("a"), WRITTEN_AT),
                new CqlWrite.DeleteChunks(buffer(P), sortKey("a"), DELETED_AT)),
                plan().batch());
    }

    @Test
    void aValueLongerThanTheChunkSizeIsADataRowWithoutValueAndOneRowPerChunk() {
        byte[] value = value(2 * CHUNK + 8);
        writes.put(key(P, "a"), value);

        assertEquals(List.of(
                new CqlWrite.DeleteChunks(buffer(P), sortKey("a"), DELETED_AT),
                new CqlWrite.InsertData(buffer(P), sortKey("a"), null, WRITTEN_AT),
                new CqlWrite.InsertChunk(buffer(P), sortKey("a"), 0, 3, chunk(value, 0, CHUNK), WRITTEN_AT),
                new CqlWrite.InsertChunk(buffer(P), sortKey("a"), 1, 3, chunk(value, CHUNK, CHUNK), WRITTEN_AT),
                new CqlWrite.InsertChunk(buffer(P), sortKey("a"), 2, 3, chunk(value, 2 * CHUNK, 8), WRITTEN_AT)),
                plan().batch());
    }

    @Test
    void aRangeDeletionIsOneStatementPerTableAtTheEarlierTimestampSoTheCommitsOwnWritesSurviveIt() {
        writes.deleteRange(new KeyRange(key(P, "a"), key(P, "m")));
        writes.deleteRange(KeyRange.startingWith(Q));
        writes.put(key(P, "b"), value(1));

        assertEquals(List.of(
                new CqlWrite.DeleteRange(false, buffer(P), sortKey("a"), sortKey("m"), DELETED_AT),
                new CqlWrite.DeleteRange(true, buffer(P), sortKey("a"), sortKey("m"), DELETED_AT),
                new CqlWrite.DeleteRange(false, buffer(Q), ByteBuffer.allocate(0), null, DELETED_AT),
                new CqlWrite.DeleteRange(true, buffer(Q), ByteBuffer.allocate(0), null, DELETED_AT),
                new CqlWrite.DeleteChunks(buffer(P), sortKey("b"), DELETED_AT),
                new CqlWrite.InsertData(buffer(P), sortKey("b"), ByteBuffer.wrap(value(1)), WRITTEN_AT)),
                plan().batch());
    }

    @Test
    void aRangeDeletionOfABucketedPartitionDeletesInEveryBucket() {
        layout = layout(new Placement(BucketedPartitions.all(), 3));
        writes = writes();
        writes.deleteRange(KeyRange.startingWith(P));

        CommitPlan plan = plan();

        List<CqlWrite> expected = new ArrayList<>();
        for (int bucket = 0; bucket < 3; bucket++) {
            ByteBuffer stored = buffer(bucketOf(P, bucket));
            expected.add(new CqlWrite.DeleteRange(false, stored, ByteBuffer.allocate(0), null, DELETED_AT));
            expected.add(new CqlWrite.DeleteRange(true, stored, ByteBuffer.allocate(0), null, DELETED_AT));
        }
        assertEquals(expected, plan.batch());
        assertEquals(3, plan.partitions());
        assertEquals(BatchType.LOGGED, plan.batchType(), "three Cassandra partitions");
    }

    @Test
    void checkedWritesReleasesAndAddsStayOutOfTheBatch() {
        writes.writeIfUnchanged(key(P, "checked"), null, value(1));
        writes.release(key(P, "released"), value(2));
        writes.add(key(Q, "added"), 5);
        writes.add(key(Q, "added"), 2);
        writes.put(key(P, "put"), value(3));

        CommitPlan plan = plan();

        assertEquals(2, plan.batch().size(), "the put's two statements: " + plan.batch());
        assertEquals(1, plan.partitions(), "only the batch's partitions count");
        assertEquals(List.of("(\"p\", \"checked\")"), keys(plan.checked()));
        assertArrayEquals(value(1), plan.checked().get(0).getValue().value());
        assertEquals(List.of("(\"p\", \"released\")"), keys(plan.releases()));
        assertEquals(List.of(new CqlWrite.AddCounter(buffer(Q), sortKey("added"), 7)), plan.counterAdds());
        assertEquals("commit of 4 writes and 0 range deletions to 1 partitions", plan.description());
    }

    @Test
    void checkedWritesAreInKeyOrder() {
        writes.writeIfUnchanged(key(P, "c"), null, value(1));
        writes.writeIfUnchanged(key(P, "a"), null, value(1));
        writes.writeIfUnchanged(key(P, "b"), null, value(1));

        assertEquals(List.of("(\"p\", \"a\")", "(\"p\", \"b\")", "(\"p\", \"c\")"), keys(plan().checked()));
    }

    // ---------------------------------------------------------------- counters replaced

    @Test
    void aPutOrDeleteOverACounterWritesItsBaseAndARangeDeletionZeroesEachCounterItDoesNotRewrite() {
        counters.put(key(P, "put"), 5);
        counters.put(key(P, "deleted"), 7);
        counters.put(key(P, "r-zeroed"), 3);
        counters.put(key(P, "r-put"), 4);
        writes.put(key(P, "put"), Counters.encode(42));
        writes.delete(key(P, "deleted"));
        writes.deleteRange(new KeyRange(key(P, "r"), key(P, "s")));
        writes.deleteRange(new KeyRange(key(P, "r-z"), key(P, "s"))); // covers r-zeroed again: zeroed once
        writes.put(key(P, "r-put"), Counters.encode(10));

        List<CqlWrite> batch = plan().batch();

        assertEquals(List.of(
                new CqlWrite.DeleteRange(false, buffer(P), sortKey("r"), sortKey("s"), DELETED_AT),
                new CqlWrite.DeleteRange(true, buffer(P), sortKey("r"), sortKey("s"), DELETED_AT),
                new CqlWrite.InsertData(buffer(P), sortKey("r-zeroed"), ByteBuffer.wrap(StoredValues.deletedBase(3)),
                        WRITTEN_AT),
                new CqlWrite.DeleteRange(false, buffer(P), sortKey("r-z"), sortKey("s"), DELETED_AT),
                new CqlWrite.DeleteRange(true, buffer(P), sortKey("r-z"), sortKey("s"), DELETED_AT),
                new CqlWrite.InsertData(buffer(P), sortKey("deleted"), ByteBuffer.wrap(StoredValues.deletedBase(7)),
                        WRITTEN_AT),
                new CqlWrite.DeleteChunks(buffer(P), sortKey("deleted"), DELETED_AT),
                new CqlWrite.DeleteChunks(buffer(P), sortKey("put"), DELETED_AT),
                new CqlWrite.InsertData(buffer(P), sortKey("put"), ByteBuffer.wrap(Counters.encode(37)), WRITTEN_AT),
                new CqlWrite.DeleteChunks(buffer(P), sortKey("r-put"), DELETED_AT),
                new CqlWrite.InsertData(buffer(P), sortKey("r-put"), ByteBuffer.wrap(Counters.encode(6)), WRITTEN_AT)),
                batch);
    }

    @Test
    void whereTheTablesMarkThemEveryDataRowWrittenUnderACounterKeyIsMarkedAndNoOtherWrite() {
        byte[] groups = Tuples.encode(List.of("User", "c", "byStatus"));
        assertEquals(List.of(), plan().baseMarks(), "tables that do not mark");
        layout = new StoreLayout(new Placement(BucketedPartitions.none(), 1), CounterPartitions.kvMapperLayout(),
                CHUNK, 100, ChunkPartitions.all(), true);
        writes = writes();
        counters.put(key(groups, "deleted"), 7);
        counters.put(key(groups, "r-zeroed"), 3);
        writes.put(key(groups, "put"), Counters.encode(42)); // no counter yet: a plain value a later add builds on
        writes.delete(key(groups, "deleted")); // a deleted base
        writes.delete(key(groups, "plain")); // no counter: no row left
        writes.deleteRange(new KeyRange(key(groups, "r"), key(groups, "s"))); // zeroes r-zeroed: a deleted base
        writes.add(key(groups, "added"), 1);
        writes.put(Tuples.encode(List.of("User", "m"), "schema"), value(1)); // beside counters, not a counter key
        writes.put(key(P, "elsewhere"), value(1)); // a partition that holds no counters

        assertEquals(List.of(
                new CqlWrite.MarkBase(buffer(groups), sortKey("r-zeroed")),
                new CqlWrite.MarkBase(buffer(groups), sortKey("deleted")),
                new CqlWrite.MarkBase(buffer(groups), sortKey("put"))), plan().baseMarks());
    }

    // ---------------------------------------------------------------- the batch's type and size

    @Test
    void oneStoredPartitionIsAnUnloggedBatchAndSeveralALoggedOne() {
        writes.put(key(P, "a"), value(1));
        writes.delete(key(P, "b"));
        assertEquals(BatchType.UNLOGGED, plan().batchType(), "applied atomically and in isolation");

        writes.put(key(Q, "a"), value(1));
        assertEquals(BatchType.LOGGED, plan().batchType(), "two partitions");
        assertEquals("commit of 3 writes and 0 range deletions to 2 partitions", plan().description());
    }

    @Test
    void keysOfOnePartitionInTwoBucketsAreALoggedBatch() {
        layout = layout(new Placement(BucketedPartitions.all(), 8));
        writes = writes();
        String first = "a";
        String other = "b";
        while (Placement.bucket(Tuples.encode(other), 8) == Placement.bucket(Tuples.encode(first), 8)) {
            other = other + "b";
        }
        writes.put(key(P, first), value(1));
        assertEquals(BatchType.UNLOGGED, plan().batchType());

        writes.put(key(P, other), value(1));
        assertEquals(BatchType.LOGGED, plan().batchType(), "two Cassandra partitions");
    }

    @Test
    void aCommitOfOnlyLightweightWritesHasAnEmptyBatch() {
        writes.writeIfUnchanged(key(P, "a"), null, value(1));
        writes.release(key(Q, "b"), value(1));

        CommitPlan plan = plan();

        assertEquals(List.of(), plan.batch());
        assertEquals(0, plan.partitions());
        assertEquals(BatchType.UNLOGGED, plan.batchType());
    }

    @Test
    void aBatchHoldsAtMost65535Statements() {
        for (int i = 0; i < 32_765; i++) {
            writes.put(key(P, i), value(1)); // two statements each: 65,530
        }
        writes.put(key(Q, "chunked"), value(3 * CHUNK)); // five: three chunks
        plan().requireFits(FakeCassandra.WHERE);
        assertEquals(65_535, plan().batch().size());

        writes.put(key(Q, "chunked"), value(4 * CHUNK)); // six
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> plan().requireFits(FakeCassandra.WHERE));
        assertEquals("Cassandra table ks.kv: commit of 32766 writes and 0 range deletions to 2 partitions needs 65536"
                + " statements; one Cassandra batch holds at most 65535 (a put is two, a chunked value one more per"
                + " chunk): write less per transaction", e.getMessage());
    }

    @Test
    void aCounterBatchHoldsAtMost65535Adds() {
        for (int i = 0; i < 65_535; i++) {
            writes.add(key(P, i), 1);
        }
        plan().requireFits(FakeCassandra.WHERE);

        writes.add(key(Q, "one more"), 1);
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> plan().requireFits(FakeCassandra.WHERE));
        assertEquals("Cassandra table ks.kv: counter adds of a commit needs 65536 statements; one Cassandra batch"
                + " holds at most 65535 (a put is two, a chunked value one more per chunk): write less per"
                + " transaction", e.getMessage());
    }

    private CommitPlan plan() {
        List<PartitionRange> ranges = writes.deletedRanges().stream().map(PartitionRange::within).toList();
        return CommitPlan.of(writes, ranges, ReplacedCounters.read(writes, ranges, layout, counters), layout,
                DELETED_AT);
    }

    private WriteSet writes() {
        return new WriteSet(FakeCassandra.WHERE, layout,
                new Claims(FakeCassandra.WHERE, new FakeCassandra(), FakeCassandra.FAILURES));
    }

    private static StoreLayout layout(Placement placement) {
        return new StoreLayout(placement, CounterPartitions.all(), CHUNK, 100);
    }

    private static List<String> keys(List<? extends Map.Entry<byte[], ?>> writes) {
        return writes.stream().map(write -> Tuples.toString(write.getKey())).toList();
    }

    private static byte[] bucketOf(byte[] partition, int bucket) {
        byte[] stored = Arrays.copyOf(partition, partition.length + 1);
        stored[partition.length] = (byte) bucket;
        return stored;
    }

    private static byte[] key(byte[] partition, Object sortKey) {
        return CassandraBackend.concat(partition, Tuples.encode(sortKey));
    }

    private static ByteBuffer sortKey(Object sortKey) {
        return ByteBuffer.wrap(Tuples.encode(sortKey));
    }

    /** A chunk as a fresh array: equal to the plan's slice of the value only by content. */
    private static ByteBuffer chunk(byte[] value, int from, int length) {
        return ByteBuffer.wrap(Arrays.copyOfRange(value, from, from + length));
    }

    private static ByteBuffer buffer(byte[] bytes) {
        return ByteBuffer.wrap(bytes);
    }

    /** A value of {@code length} bytes, each its index. */
    private static byte[] value(int length) {
        byte[] value = new byte[length];
        for (int i = 0; i < length; i++) {
            value[i] = (byte) i;
        }
        return value;
    }
}
