package io.kvmapper.cassandra;

import io.kvmapper.tuple.Tuples;
import java.util.List;

/**
 * Reads a partition of KV Mapper's key layout: a tuple holding one nested tuple whose first element is a
 * string, such as {@code ((entity, "i", index))} or {@code (("$multimap", name, key))}. Shared by the
 * predicates that pick partitions by their place in that layout ({@link BucketedPartitions},
 * {@link CounterPartitions}).
 */
final class LayoutPartition {
    private LayoutPartition() {
    }

    /** The elements of the nested tuple {@code partition} holds, or null if it is not such a partition. */
    static List<?> elements(byte[] partition) {
        // A nested tuple starts with type code 0x05; its elements follow, strings with 0x02. Checking these
        // two bytes first spares a decode for every other partition.
        if (partition.length < 2 || partition[0] != 0x05 || partition[1] != 0x02) {
            return null;
        }
        List<Object> elements;
        try {
            elements = Tuples.decode(partition);
        } catch (RuntimeException notATuple) {
            return null;
        }
        return elements.size() == 1 && elements.get(0) instanceof List<?> nested ? nested : null;
    }
}
