package io.kvmapper.cassandra;

import io.kvmapper.internal.layout.Area;
import io.kvmapper.internal.layout.KeyLayout;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Which partitions are spread over buckets ({@link CassandraKvStore.Options#partitionBuckets}). A partition
 * that can grow without bound, such as the entries of an index whose value one record in three holds, would
 * become one ever wider Cassandra partition on one replica set; spread over {@code n} buckets, chosen by a hash
 * of the rest of each key, it becomes {@code n} partitions that each grow {@code n} times more slowly, and its
 * lightweight transactions (unique claims) contend on {@code n} Paxos partitions instead of one. A point read
 * or write goes to the one bucket its key hashes to; a scan asks every bucket and merges their sorted rows, so
 * it still returns keys in order. Where a partition's buckets are chosen by value
 * ({@link CassandraKvStore.Options#bucketsByValue}, by default index entries and counter groups), the hash is of
 * the first element after the partition alone, so every entry of one index value lies in one bucket and a finder of
 * one value asks that bucket alone.
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

    /**
     * The bucketed partitions of KV Mapper's key layout whose buckets are chosen by value
     * ({@link CassandraKvStore.Options#bucketsByValue}): each index's entries and each counter's groups. The
     * default. The expiry index and the change feed keep their buckets chosen by the whole key: their first
     * element is an instant or a commit stamp, which many keys can share and which no finder asks for alone.
     */
    public static Predicate<byte[]> byValue() {
        return partition -> {
            Area area = Area.ofPartition(partition);
            return area == Area.INDEXES || area == Area.COUNTERS;
        };
    }

    /**
     * The partition of one index's entries, {@code ((entity, "i", index))}: to leave an index out of
     * {@link #byValue()} (so {@code byValue().and(index("User", "status").negate())}) when few of its values each
     * hold a large share of the records.
     *
     * @param entity the entity's stored name ({@code @Entity(name)}, by default the class's simple name)
     * @param index the index's name ({@code @Index(name)}, by default the indexed field's name)
     */
    public static Predicate<byte[]> index(String entity, String index) {
        byte[] partition = new KeyLayout(Objects.requireNonNull(entity, "entity"), 0)
                .indexPrefix(Objects.requireNonNull(index, "index"));
        return candidate -> Arrays.equals(candidate, partition);
    }
}
