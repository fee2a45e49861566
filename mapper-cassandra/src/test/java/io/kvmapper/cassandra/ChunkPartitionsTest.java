package io.kvmapper.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kvmapper.tuple.Tuples;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** Which partitions of KV Mapper's key layout may hold chunked values, and so need chunk markers on writes. */
class ChunkPartitionsTest {
    @Test
    void onlyIndexEntriesCounterGroupsAndExpiryEntriesHoldNoLongValues() {
        Predicate<byte[]> chunks = ChunkPartitions.kvMapperLayout();
        assertEquals(true, chunks.test(Tuples.encode(List.of("User", "r", 1L))), "a record");
        assertEquals(true, chunks.test(Tuples.encode(List.of("User", "f"))), "a change feed: entities, any size");
        assertEquals(true, chunks.test(Tuples.encode(List.of("likes", "$multimap"))), "a multimap");
        assertEquals(false, chunks.test(Tuples.encode(List.of("User", "i", "email"))), "index entries");
        assertEquals(false, chunks.test(Tuples.encode(List.of("User", "c", "total"))), "counter groups");
        assertEquals(false, chunks.test(Tuples.encode(List.of("Session", "x", "expiresAt"))), "expiry entries");
    }
}
