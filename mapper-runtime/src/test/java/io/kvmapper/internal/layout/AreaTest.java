package io.kvmapper.internal.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.tuple.Tuples;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which area of the key layout a partition or key lies in, told by its tag and shape; anything else (another shape,
 * a tag that is no string, bytes that are no tuple, more than one element) lies outside the layout.
 */
class AreaTest {
    @Test
    void eachAreaIsToldByItsTagAndShape() {
        assertEquals(Area.RECORDS, Area.ofPartition(Tuples.encode(List.of("User", "r"))));
        assertEquals(Area.RECORDS, Area.ofPartition(Tuples.encode(List.of("User", "r", 42L, "eu", List.of(1L)))));
        assertEquals(Area.RECORDS, Area.ofPartition(Tuples.encode(Arrays.asList("User", "r", null, "a\0b"))));
        assertEquals(Area.INDEXES, Area.ofPartition(Tuples.encode(List.of("User", "i", "status"))));
        assertEquals(Area.COUNTERS, Area.ofPartition(Tuples.encode(List.of("User", "c", "byStatus"))));
        assertEquals(Area.META, Area.ofPartition(Tuples.encode(List.of("User", "m"))));
        assertEquals(Area.EXPIRY, Area.ofPartition(Tuples.encode(List.of("User", "x", "expiresAt"))));
        assertEquals(Area.FEED, Area.ofPartition(Tuples.encode(List.of("User", "f"))));
        assertEquals(Area.MULTIMAP, Area.ofPartition(Tuples.encode(List.of("$multimap", "tags", 7L))));
        assertEquals(Area.MULTIMAP, Area.ofPartition(Tuples.encode(List.of("$multimap"))));
        assertEquals(Area.INDEXES, Area.ofKey(Tuples.encode(List.of("User", "i", "status"), "ACTIVE", 7L)));
    }

    @Test
    void anyOtherShapeLiesOutsideTheLayout() {
        assertNull(Area.ofPartition(Tuples.encode(List.of("User", "i"))), "an index without its name");
        assertNull(Area.ofPartition(Tuples.encode(List.of("User", "i", "status", "extra"))));
        assertNull(Area.ofPartition(Tuples.encode(List.of("User", "m", "extra"))));
        assertNull(Area.ofPartition(Tuples.encode(List.of("User", "f", 1L))));
        assertNull(Area.ofPartition(Tuples.encode(List.of("User", "q", "status"))), "an unknown tag");
        assertNull(Area.ofPartition(Tuples.encode(List.of("User", 7L, "status"))), "a tag that is no string");
        assertNull(Area.ofPartition(Tuples.encode(List.of("User"))), "no tag");
        assertNull(Area.ofPartition(Tuples.encode(List.of(7L, "i", "status"))), "no entity name");
        assertNull(Area.ofPartition(Tuples.encode("User", "i", "status")), "not nested");
        assertNull(Area.ofPartition(Tuples.encode(List.of("User", "i", "status"), "ACTIVE")), "two elements");
        byte[] index = Tuples.encode(List.of("User", "i", "status"));
        assertNull(Area.ofPartition(Arrays.copyOf(index, index.length - 1)), "unterminated");
        assertNull(Area.ofPartition(new byte[] {0x05, 0x02}), "cut");
        assertNull(Area.ofPartition(new byte[0]));
        assertTrue(Area.growsWithRecords(index));
        assertFalse(Area.growsWithRecords(Tuples.encode(List.of("User", "r", 1L))));
        assertTrue(Area.isCounterKey(Tuples.encode(List.of("User", "c", "byStatus"), "ACTIVE")));
        assertTrue(Area.mayHoldCounters(Tuples.encode(List.of("$multimap", "r", 7L))), "a multimap named r");
        assertTrue(Area.isCounterKey(Tuples.encode(List.of("$multimap", "r", 7L), "v")));
        assertTrue(Area.growsWithRecords(Tuples.encode(List.of("r\0", "i", "status"))), "an entity named r\\0");
        assertTrue(Area.mayHoldCounters(Tuples.encode(List.of("User\0r", "c", "n"))), "an entity named User\\0r");
        assertTrue(Area.mayHoldCounters(Tuples.encode(List.of("User", "m"))));
        assertFalse(Area.mayHoldCounters(Tuples.encode(List.of("User", "r", 1L))));
        assertFalse(Area.mayHoldCounters(Tuples.encode(List.of("User", "r"))));
        assertFalse(Area.isCounterKey(Tuples.encode(List.of("User", "r", 1L), "x")));
        assertFalse(Area.isCounterKey(Tuples.encode(List.of("User", "i", "status"), "ACTIVE", 7L)));
    }
}
