package io.kvmapper.cassandra;

import io.kvmapper.spi.Counters;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The counters a commit replaces, and what it writes over them. Cassandra can neither set a counter nor safely
 * reuse one it deleted, so a put of an 8-byte value, a delete, or a range deletion of a key that has a counter
 * writes a base beside the counter instead ({@link StoredValues}): the key then reads as the value put, or as
 * absent, and later adds build on that. The counters are read at commit, before anything is written; an add that
 * races with that read is kept, as if it came after the put or delete.
 */
final class ReplacedCounters {
    /** What reading the counters asks of Cassandra ({@link CqlRequests} asks it), so that a test can fake it. */
    interface Reads {
        /**
         * The counter rows each query finds, in the order of the queries: one {@code IN} query on the counter
         * table per query, all sent before any is awaited.
         */
        List<List<CounterRow>> counterRows(List<KeysQuery> queries);

        /** The counter rows in {@code range} in one stored partition of it: one range query, all its pages. */
        List<CounterRow> counterRowsIn(PartitionRange range, byte[] stored);
    }

    /**
     * An {@code IN} query on the counter table.
     *
     * @param partition the partition of the keys asked for
     * @param stored the stored partition they lie in
     * @param sortKeys the keys asked for, at most {@link StoreLayout#keysPerRead()}
     */
    record KeysQuery(byte[] partition, ByteBuffer stored, List<ByteBuffer> sortKeys) {
    }

    /** A counter row found: its sort key and sum. */
    record CounterRow(byte[] sortKey, long sum) {
    }

    private final Map<ByteBuffer, Long> sums;

    private ReplacedCounters(Map<ByteBuffer, Long> sums) {
        this.sums = sums;
    }

    /**
     * Reads the counters that the buffered puts of 8-byte values and deletes replace, with one {@code IN} query
     * per stored partition and {@link StoreLayout#keysPerRead()} keys, all at once; then, with one query per
     * stored partition of each range deleted, every counter in the range. Partitions that may not hold counters
     * are not asked.
     *
     * @param ranges the commit's range deletions, each inside one partition
     */
    static ReplacedCounters read(WriteSet writes, List<PartitionRange> ranges, StoreLayout layout, Reads reads) {
        Map<ByteBuffer, KeysQuery> byStored = new LinkedHashMap<>();
        for (Map.Entry<byte[], BufferedOp> write : writes.writes().entrySet()) {
            BufferedOp op = write.getValue();
            boolean replaces = op instanceof BufferedOp.Delete
                    || op instanceof BufferedOp.Put put && put.value().length == Counters.SIZE;
            if (!replaces) {
                continue;
            }
            StoreLayout.Location at = layout.locate(write.getKey());
            if (layout.mayHoldCounters(at.partition())) {
                KeysQuery all = byStored.computeIfAbsent(at.stored(),
                        stored -> new KeysQuery(at.partition(), stored, new ArrayList<>()));
                all.sortKeys().add(at.sortKey());
            }
        }
        List<KeysQuery> queries = new ArrayList<>();
        for (KeysQuery all : byStored.values()) {
            List<ByteBuffer> sortKeys = all.sortKeys();
            for (int from = 0; from < sortKeys.size(); from += layout.keysPerRead()) {
                queries.add(new KeysQuery(all.partition(), all.stored(),
                        sortKeys.subList(from, Math.min(sortKeys.size(), from + layout.keysPerRead()))));
            }
        }
        Map<ByteBuffer, Long> sums = new HashMap<>();
        if (!queries.isEmpty()) {
            List<List<CounterRow>> found = reads.counterRows(queries);
            for (int i = 0; i < queries.size(); i++) {
                for (CounterRow row : found.get(i)) {
                    sums.put(ByteBuffer.wrap(CassandraBackend.concat(queries.get(i).partition(), row.sortKey())),
                            row.sum());
                }
            }
        }
        for (PartitionRange range : ranges) {
            if (!layout.mayHoldCounters(range.partition())) {
                continue;
            }
            for (byte[] stored : layout.placement().storedPartitions(range)) {
                for (CounterRow row : reads.counterRowsIn(range, stored)) {
                    sums.put(ByteBuffer.wrap(range.key(row.sortKey())), row.sum());
                }
            }
        }
        return new ReplacedCounters(sums);
    }

    /** Every counter replaced: its sum by key. */
    Map<ByteBuffer, Long> sums() {
        return Collections.unmodifiableMap(sums);
    }

    /**
     * What a put of {@code value} under {@code key} writes: over a counter, an 8-byte value less the counter's
     * sum, so that the key reads as {@code value}; otherwise {@code value} itself (a value of another length
     * put over a counter is a caller error that the SPI leaves undetected: the put wins).
     */
    byte[] putOver(byte[] key, byte[] value) {
        Long sum = sums.get(ByteBuffer.wrap(key));
        return sum != null && value.length == Counters.SIZE
                ? Counters.encode(StoredValues.asCounter(value) - sum) : value;
    }

    /**
     * What a delete of {@code key} writes: over a counter, the deleted base that makes the key read as absent
     * ({@link StoredValues#deletedBase}); otherwise {@code null}, for a plain deletion.
     */
    byte[] deleteOver(byte[] key) {
        Long sum = sums.get(ByteBuffer.wrap(key));
        return sum == null ? null : StoredValues.deletedBase(sum);
    }
}
