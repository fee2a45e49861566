package io.kvmapper.cassandra;

import io.kvmapper.internal.layout.Area;
import java.util.function.Predicate;

/**
 * Which partitions may hold values longer than the chunk size ({@link CassandraKvStore.Options#valueChunkSize}),
 * which are stored as chunks in a table of their own. A {@code put} or {@code delete} in such a partition
 * cannot know whether the value it replaces was chunked, so it also deletes the key's chunks: a tombstone in the
 * chunk table on every write. Saying which partitions can hold long values spares every write elsewhere that
 * tombstone; a {@code put} of a long value elsewhere is refused.
 */
public final class ChunkPartitions {
    private ChunkPartitions() {
    }

    /** Every partition may hold long values: the general case, and what the storage SPI's own tests need. */
    public static Predicate<byte[]> all() {
        return partition -> true;
    }

    /**
     * Every partition but those where KV Mapper's key layout only puts short values: an entity's index entries
     * {@code ((entity, "i", index))} (a record's key at most, never longer than a chunk: Cassandra keeps a
     * key within 64 KB and refuses a claim of a longer value) and its counter groups
     * {@code ((entity, "c", counter))} (8 or 9 bytes), and its expiry entries {@code ((entity, "x", field))}
     * (empty). The default, for stores that only generated repositories and {@link io.kvmapper.Multimap} write to.
     */
    public static Predicate<byte[]> kvMapperLayout() {
        return partition -> {
            Area area = Area.ofPartition(partition);
            return area != Area.INDEXES && area != Area.COUNTERS && area != Area.EXPIRY;
        };
    }
}
