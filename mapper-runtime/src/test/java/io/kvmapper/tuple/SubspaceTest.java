package io.kvmapper.tuple;

import static io.kvmapper.tuple.TupleAssertions.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.CorruptDataException;
import io.kvmapper.spi.KeyRange;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Subspaces: prefixes that pack, unpack, contain and range over keys, as FoundationDB's do. */
class SubspaceTest {
    private final Subspace users = Subspace.of("User", "r");

    @Test
    void packAppendsEncodedElementsToThePrefix() {
        assertArrayEquals(Tuples.encode("User", "r", 42L, "x"), users.pack(42L, "x"));
        assertArrayEquals(Tuples.encode("User", "r"), users.pack());
        assertArrayEquals(Tuples.encode("User", "r", new Descending(5L)), users.pack(new Descending(5L)));
    }

    @Test
    void unpackDecodesWhatFollowsThePrefix() {
        assertEquals(List.of(42L, "x"), users.unpack(users.pack(42L, "x")));
        assertEquals(List.of(), users.unpack(users.pack()));
    }

    @Test
    void unpackRejectsKeysOutsideTheSubspaceAndCorruptRests() {
        IllegalArgumentException outside = assertThrows(IllegalArgumentException.class, () -> users.unpack(Tuples.encode("Team", 1L)));
        assertTrue(outside.getMessage().contains("\"Team\""), outside.getMessage());
        byte[] corrupt = Arrays.copyOf(users.pack("x"), users.prefix().length + 2);
        assertThrows(CorruptDataException.class, () -> users.unpack(corrupt));
    }

    @Test
    void containsMeansStartsWithThePrefix() {
        assertTrue(users.contains(users.pack(1L)));
        assertTrue(users.contains(users.prefix()));
        assertFalse(users.contains(Tuples.encode("User")));
        assertFalse(users.contains(Tuples.encode("User", "s", 1L)));
        assertTrue(new Subspace(new byte[0]).contains(new byte[0]));
    }

    @Test
    void rangeHoldsEveryKeyStrictlyInsideTheSubspace() {
        KeyRange range = users.range();
        assertEquals(hex(users.prefix()) + " 00", hex(range.begin()));
        assertEquals(hex(users.prefix()) + " ff", hex(range.end()));
        assertTrue(range.contains(users.pack((Object) null)));
        assertTrue(range.contains(users.pack(Long.MIN_VALUE)));
        assertTrue(range.contains(users.pack(List.of("nested"), "more")));
        assertTrue(range.contains(users.pack(new java.util.UUID(-1, -1))));
        assertFalse(range.contains(users.prefix()), "the prefix itself is not strictly inside");
        assertFalse(range.contains(Tuples.encode("User", "r\0")));
        assertFalse(range.contains(Tuples.encode("User", "s")));
    }

    @Test
    void rangeOfElementsIsTheRangeOfTheChild() {
        assertEquals(users.child(7L).range(), users.range(7L));
        assertTrue(users.range(7L).contains(users.pack(7L, "a")));
        assertFalse(users.range(7L).contains(users.pack(8L, "a")));
    }

    @Test
    void childExtendsThePrefix() {
        Subspace child = users.child(42L);
        assertArrayEquals(users.pack(42L), child.prefix());
        assertArrayEquals(users.pack(42L, "x"), child.pack("x"));
        assertEquals(Subspace.of("User", "r", 42L), child);
        assertEquals(Subspace.of("User", "r", 42L).hashCode(), child.hashCode());
        assertNotEquals(users, child);
    }

    @Test
    void thePrefixIsCopiedInAndOut() {
        byte[] raw = {0x15, 0x01};
        Subspace subspace = new Subspace(raw);
        raw[1] = 0x02;
        byte[] prefix = subspace.prefix();
        prefix[1] = 0x03;
        assertEquals("15 01", hex(subspace.prefix()));
    }

    @Test
    void toStringShowsThePrefixAsATuple() {
        assertEquals("Subspace(\"User\", \"r\")", users.toString());
    }
}
