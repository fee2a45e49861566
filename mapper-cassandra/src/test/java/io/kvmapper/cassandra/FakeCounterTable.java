package io.kvmapper.cassandra;

import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A counter table: it answers the reads from the sums put in it, by whole key, and records each request as
 * {@code IN partition [sort keys]} (the queries of one call joined by {@code +}) or
 * {@code SCAN partition from .. to ..}, a stored partition's bucket after {@code #}.
 */
final class FakeCounterTable implements ReplacedCounters.Reads {
    private final List<String> requests;
    private final TreeMap<byte[], Long> sums = new TreeMap<>(Arrays::compareUnsigned);

    FakeCounterTable() {
        this(new ArrayList<>());
    }

    /** A table that records its requests in {@code requests}, with those of other fakes. */
    FakeCounterTable(List<String> requests) {
        this.requests = requests;
    }

    /** Sets the sum of the counter of {@code key}, a whole key. */
    void put(byte[] key, long sum) {
        sums.put(key, sum);
    }

    /** The requests recorded, oldest first. */
    List<String> requests() {
        return List.copyOf(requests);
    }

    @Override
    public List<List<ReplacedCounters.CounterRow>> counterRows(List<ReplacedCounters.KeysQuery> queries) {
        List<String> described = new ArrayList<>();
        List<List<ReplacedCounters.CounterRow>> found = new ArrayList<>();
        for (ReplacedCounters.KeysQuery query : queries) {
            List<String> sortKeys = new ArrayList<>();
            List<ReplacedCounters.CounterRow> rows = new ArrayList<>();
            for (ByteBuffer sortKey : query.sortKeys()) {
                sortKeys.add(Tuples.decode(sortKey.array()).get(0).toString());
                Long sum = sums.get(CassandraBackend.concat(query.partition(), sortKey.array()));
                if (sum != null) {
                    rows.add(new ReplacedCounters.CounterRow(sortKey.array(), sum));
                }
            }
            described.add("IN " + stored(query.stored().array()) + " " + sortKeys);
            found.add(rows);
        }
        requests.add(String.join(" + ", described));
        return found;
    }

    @Override
    public List<ReplacedCounters.CounterRow> counterRowsIn(PartitionRange range, byte[] stored) {
        HexFormat hex = HexFormat.of();
        requests.add("SCAN " + stored(stored) + " from "
                + (range.from().length == 0 ? "0" : hex.formatHex(range.from())) + " to "
                + (range.to() == null ? "end" : hex.formatHex(range.to())));
        List<ReplacedCounters.CounterRow> rows = new ArrayList<>();
        for (Map.Entry<byte[], Long> counter : sums.entrySet()) {
            if (range.contains(counter.getKey())) {
                byte[] key = counter.getKey();
                rows.add(new ReplacedCounters.CounterRow(
                        Arrays.copyOfRange(key, range.partition().length, key.length), counter.getValue()));
            }
        }
        return rows;
    }

    private static String stored(byte[] stored) {
        int length = PartitionRange.partitionLength(stored);
        return Tuples.toString(Arrays.copyOf(stored, length))
                + (length < stored.length ? "#" + stored[length] : "");
    }
}
