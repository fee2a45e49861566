package io.kvmapper.cassandra;

import io.kvmapper.internal.layout.Area;
import java.util.function.Predicate;

/**
 * Which partitions may hold counters ({@link io.kvmapper.spi.KvWriter#add}). Cassandra keeps counters in a
 * table of their own, so a read of a partition that may hold counters consults the counter table (and the data
 * table too, unless the key is a counter key without a data row: {@link StoreLayout#countsFirst}), and a
 * {@code put} or {@code delete} there first reads the counter it overwrites. Saying which partitions can hold counters spares every other read
 * and write that work; an {@code add} elsewhere is refused.
 */
public final class CounterPartitions {
    private CounterPartitions() {
    }

    /** Every partition may hold counters: the general case, and what the storage SPI's own tests need. */
    public static Predicate<byte[]> all() {
        return partition -> true;
    }

    /**
     * The partitions where KV Mapper's key layout puts counters: an entity's counter groups
     * {@code ((entity, "c", counter))}, its metadata area {@code ((entity, "m"))} (the fences of online
     * counter builds), and multimap counts {@code (("$multimap", name, key))}. The default, for stores that
     * only generated repositories and {@link io.kvmapper.Multimap} write to.
     */
    public static Predicate<byte[]> kvMapperLayout() {
        return Area::mayHoldCounters;
    }
}
