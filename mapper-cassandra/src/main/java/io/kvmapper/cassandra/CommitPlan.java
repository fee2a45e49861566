package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchType;
import io.kvmapper.InvalidRequestException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a commit sends, built from its write set without a node, in the order it is sent ({@link Commit}): the
 * checked writes, the batch of puts, deletes and range deletions, the releases, and the counter adds.
 *
 * <p>The batch's writes carry one timestamp, its range deletions and its deletions of earlier chunks the one
 * before, so the commit's own writes survive them. A value longer than the chunk size is a data row without a
 * value and one row per chunk. A put or delete over a counter writes what {@link ReplacedCounters} says, and a
 * range deletion gives each counter in it that the commit does not write a deleted base. Every data row the batch
 * writes under a key that reads count first ({@link StoreLayout#countsFirst}) is first marked, with a counter batch
 * sent before anything else: a marked key without a row costs a reader one read too many, a row without a mark
 * would be missed.
 *
 * @param checked the checked writes, by key in key order
 * @param batch the puts, deletes and range deletions, as one batch
 * @param partitions how many stored partitions the batch touches
 * @param releases the releases, by key in key order
 * @param counterAdds the adds, as one counter batch
 * @param description the batch, for messages
 * @param baseMarks the marks of the data rows the batch writes in partitions that may hold counters, as one counter
 *     batch sent first
 */
record CommitPlan(List<Map.Entry<byte[], BufferedOp.Checked>> checked, List<CqlWrite> batch, int partitions,
        List<Map.Entry<byte[], BufferedOp.Release>> releases, List<CqlWrite> counterAdds, String description,
        List<CqlWrite> baseMarks) {
    /** The most statements one batch may hold (the native protocol counts them in 16 bits). */
    static final int MAX_BATCH_STATEMENTS = 65_535;

    /**
     * @param ranges the write set's range deletions, each inside one partition
     * @param deletedAt the timestamp of the deletions; the writes take the next one
     */
    static CommitPlan of(WriteSet writes, List<PartitionRange> ranges, ReplacedCounters replaced, StoreLayout layout,
            long deletedAt) {
        long writtenAt = deletedAt + 1;
        Placement placement = layout.placement();
        List<CqlWrite> batch = new ArrayList<>();
        List<CqlWrite> counterAdds = new ArrayList<>();
        List<CqlWrite> baseMarks = new ArrayList<>();
        List<Map.Entry<byte[], BufferedOp.Checked>> checked = new ArrayList<>();
        List<Map.Entry<byte[], BufferedOp.Release>> releases = new ArrayList<>();
        Set<ByteBuffer> partitions = new LinkedHashSet<>();
        Set<ByteBuffer> zeroed = new LinkedHashSet<>();
        for (PartitionRange range : ranges) {
            for (byte[] stored : placement.storedPartitions(range)) {
                partitions.add(ByteBuffer.wrap(stored));
                batch.add(rangeDeletion(false, range, stored, deletedAt));
                batch.add(rangeDeletion(true, range, stored, deletedAt));
            }
            for (Map.Entry<ByteBuffer, Long> counter : replaced.sums().entrySet()) {
                byte[] key = counter.getKey().array();
                if (range.contains(key) && writes.get(key) == null && zeroed.add(counter.getKey())) {
                    ByteBuffer sortKey = ByteBuffer.wrap(Arrays.copyOfRange(key, range.partition().length, key.length));
                    ByteBuffer stored = placement.stored(range.partition(), sortKey.array());
                    batch.add(new CqlWrite.InsertData(stored, sortKey,
                            Statements.buffer(StoredValues.deletedBase(counter.getValue())), writtenAt));
                    if (layout.countsFirst(key, range.partition())) {
                        baseMarks.add(new CqlWrite.MarkBase(stored, sortKey));
                    }
                }
            }
        }
        for (Map.Entry<byte[], BufferedOp> write : writes.writes().entrySet()) {
            byte[] key = write.getKey();
            StoreLayout.Location at = layout.locate(key);
            BufferedOp op = write.getValue();
            if (op instanceof BufferedOp.Add add) {
                counterAdds.add(new CqlWrite.AddCounter(at.stored(), at.sortKey(), add.delta()));
                continue;
            }
            if (op instanceof BufferedOp.Checked check) {
                checked.add(Map.entry(key, check));
                continue;
            }
            if (op instanceof BufferedOp.Release release) {
                releases.add(Map.entry(key, release));
                continue;
            }
            partitions.add(at.stored());
            boolean marks = layout.countsFirst(key, at.partition());
            if (op instanceof BufferedOp.Put put) {
                if (marks) {
                    baseMarks.add(new CqlWrite.MarkBase(at.stored(), at.sortKey()));
                }
                writeValue(batch, at, replaced.putOver(key, put.value()), layout.chunkSize(),
                        layout.mayHoldChunks(at.partition()), deletedAt, writtenAt);
            } else {
                byte[] base = replaced.deleteOver(key);
                if (base != null && marks) {
                    baseMarks.add(new CqlWrite.MarkBase(at.stored(), at.sortKey()));
                }
                batch.add(base != null
                        ? new CqlWrite.InsertData(at.stored(), at.sortKey(), Statements.buffer(base), writtenAt)
                        : new CqlWrite.DeleteData(at.stored(), at.sortKey(), writtenAt));
                if (layout.mayHoldChunks(at.partition())) {
                    batch.add(new CqlWrite.DeleteChunks(at.stored(), at.sortKey(), deletedAt));
                }
            }
        }
        String description = "commit of " + writes.writes().size() + " writes and " + writes.deletedRanges().size()
                + " range deletions to " + partitions.size() + " partitions";
        return new CommitPlan(checked, batch, partitions.size(), releases, counterAdds, description, baseMarks);
    }

    /**
     * Unlogged for one stored partition, which Cassandra applies atomically and in isolation; logged for several,
     * all of which are eventually applied or none.
     */
    BatchType batchType() {
        return partitions > 1 ? BatchType.LOGGED : BatchType.UNLOGGED;
    }

    /**
     * Refuses a batch or counter batch of more statements than one batch may hold.
     *
     * @throws InvalidRequestException if one is too large
     */
    void requireFits(String where) {
        requireFits(where, batch, description);
        requireFits(where, counterAdds, "counter adds of a commit");
        requireFits(where, baseMarks, "marks of the data rows a commit writes under counter keys");
    }

    private static void requireFits(String where, List<CqlWrite> statements, String what) {
        if (statements.size() > MAX_BATCH_STATEMENTS) {
            throw new InvalidRequestException(where + ": " + what + " needs " + statements.size()
                    + " statements; one Cassandra batch holds at most " + MAX_BATCH_STATEMENTS
                    + " (a put is two, a chunked value one more per chunk): write less per transaction");
        }
    }

    /** The deletion of a range in one stored partition (the range's partition, or one of its buckets). */
    private static CqlWrite rangeDeletion(boolean chunkTable, PartitionRange range, byte[] stored, long deletedAt) {
        return new CqlWrite.DeleteRange(chunkTable, Statements.buffer(stored), Statements.buffer(range.from()),
                range.to() == null ? null : Statements.buffer(range.to()), deletedAt);
    }

    /**
     * A value as one data row, or as a null data row and chunks when it is longer than the chunk size; in a
     * partition that may hold chunks, after the deletion of the chunks of the value it replaces.
     */
    private static void writeValue(List<CqlWrite> batch, StoreLayout.Location at, byte[] value, int chunkSize,
            boolean mayHoldChunks, long deletedAt, long writtenAt) {
        // Chunks of an earlier value go in any case; new chunks, written later, survive the deletion. A partition
        // that may not hold chunks has none to delete (WriteSet refuses a long value there).
        if (mayHoldChunks) {
            batch.add(new CqlWrite.DeleteChunks(at.stored(), at.sortKey(), deletedAt));
        }
        if (value.length <= chunkSize) {
            batch.add(new CqlWrite.InsertData(at.stored(), at.sortKey(), Statements.buffer(value), writtenAt));
            return;
        }
        batch.add(new CqlWrite.InsertData(at.stored(), at.sortKey(), null, writtenAt));
        int chunks = (value.length + chunkSize - 1) / chunkSize;
        for (int i = 0; i < chunks; i++) {
            int from = i * chunkSize;
            ByteBuffer chunk = ByteBuffer.wrap(value, from, Math.min(chunkSize, value.length - from)).slice();
            batch.add(new CqlWrite.InsertChunk(at.stored(), at.sortKey(), i, chunks, chunk, writtenAt));
        }
    }
}
