package io.kvmapper.cassandra;

import io.kvmapper.internal.layout.Area;
import java.util.function.Predicate;

/**
 * Which partitions are spread over buckets ({@link CassandraKvStore.Options#partitionBuckets}). A partition
 * that can grow without bound, such as the entries of an index whose value one record in three holds, would
 * become one ever wider Cassandra partition on one replica set; spread over {@code n} buckets, chosen by a hash
 * of the rest of each key, it becomes {@code n} partitions that each grow {@code n} times more slowly, and its
 * lightweight transactions (unique claims) contend on {@code n} Paxos partitions instead of one. A point read
 * or write goes to the one bucket its key hashes to; a scan asks every bucket and merges their sorted rows, so
 * it still returns keys in order.
 *
 * <p>The choice is part of a store's layout: open a store with the same predicate every time.
 */
public final class BucketedPartitions {
    private BucketedPartitions() {
    }

    /** No partition: every partition is one Cassandra partition. */
    public static Predicate<byte[]> none() {
        return partition -> false;
    }

    /** Every partition: for tests of the bucketing itself. */
    public static Predicate<byte[]> all() {
        return partition -> true;
    }

    /**
     * The partitions of KV Mapper's key layout that grow with the number of records: each index's entries
     * {@code ((entity, "i", index))} and each counter's groups {@code ((entity, "c", counter))}. The default.
     * Records, the metadata area and multimap keys keep one partition each.
     */
    public static Predicate<byte[]> kvMapperLayout() {
        return Area::growsWithRecords;
    }
}
