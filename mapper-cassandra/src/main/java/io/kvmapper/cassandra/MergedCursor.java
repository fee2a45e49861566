package io.kvmapper.cassandra;

import io.kvmapper.KvMapperException;
import io.kvmapper.spi.KeyValue;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A scan of a range in a bucketed partition: one cursor per bucket, all started at once, their items merged
 * by key (each bucket returns its keys in order, and the buckets hold disjoint keys), so the partition reads
 * in key order as if it were one. Each bucket's query carries the scan's limit, since the first {@code n}
 * items of the merge are among the first {@code n} of every bucket.
 */
final class MergedCursor extends CursorBase {
    private final List<PartitionCursor> buckets;
    private final PriorityQueue<Head> heads;
    private boolean started;

    MergedCursor(List<PartitionCursor> buckets, boolean reverse, int limit, String description) {
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
        Head head = heads.poll();
        if (head == null) {
            return null;
        }
        advance(head.bucket());
        return head.item();
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
