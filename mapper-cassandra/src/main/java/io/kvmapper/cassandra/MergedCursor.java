package io.kvmapper.cassandra;

import io.kvmapper.KvMapperException;
import io.kvmapper.spi.KeyValue;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Supplier;

/**
 * A scan of a range in a bucketed partition: one cursor per bucket, all started at once, their items merged
 * by key (each bucket returns its keys in order, and the buckets hold disjoint keys), so the partition reads
 * in key order as if it were one. Each bucket's query carries the scan's limit, since the first {@code n}
 * items of the merge are among the first {@code n} of every bucket; with a limit, each fetches pages of
 * {@link #pageRows} rows, its share of the limit and a margin, and a bucket fetches its next page only when the
 * merge needs its next item, so a limited scan reads about as many rows as it returns.
 */
final class MergedCursor extends CursorBase {
    private final List<PartitionCursor> buckets;
    private final PriorityQueue<Head> heads;
    /** The bucket whose item was returned last: its next item is fetched when the merge needs it. */
    private PartitionCursor due;
    private boolean started;

    MergedCursor(List<PartitionCursor> buckets, boolean reverse, int limit, Supplier<String> description) {
        super(limit, description);
        this.buckets = List.copyOf(buckets);
        Comparator<Head> byKey = (a, b) -> Arrays.compareUnsigned(a.item().key(), b.item().key());
        this.heads = new PriorityQueue<>(Math.max(1, buckets.size()), reverse ? byKey.reversed() : byKey);
    }

    @Override
    KeyValue fetch() {
        if (!started) {
            started = true;
            buckets.forEach(PartitionCursor::start);
            for (PartitionCursor bucket : buckets) {
                advance(bucket);
            }
        }
        if (due != null) {
            advance(due);
            due = null;
        }
        Head head = heads.poll();
        if (head == null) {
            return null;
        }
        due = head.bucket();
        return head.item();
    }

    /**
     * The rows a page of each of {@code buckets} bucket queries fetches for a scan limited to {@code limit} items (0:
     * the backend's page size): the bucket's share of the limit, and a margin of about two standard deviations of
     * that share (keys spread over the buckets by hash; the number in one bucket is binomial, its deviation about
     * the share's square root), so that a bucket rarely needs a second page, which costs a round trip in turn.
     * With one deviation, the first 100 in 8 buckets cost 0.6 requests more on average (CassandraShopBenchmark).
     */
    static int pageRows(int limit, int buckets) {
        if (limit <= 0) {
            return 0;
        }
        int share = (limit + buckets - 1) / buckets;
        return Math.min(limit, share + 2 * (int) Math.ceil(Math.sqrt(share)) + 1);
    }

    private void advance(PartitionCursor bucket) {
        if (bucket.hasNext()) {
            heads.add(new Head(bucket.next(), bucket));
        }
    }

    @Override
    void releaseResources() {
        buckets.forEach(PartitionCursor::close);
    }

    @Override
    KvMapperException failure(String what, RuntimeException e) {
        return buckets.get(0).failure(what, e);
    }

    private record Head(KeyValue item, PartitionCursor bucket) {
    }
}
