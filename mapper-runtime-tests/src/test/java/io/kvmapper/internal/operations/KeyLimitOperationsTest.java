package io.kvmapper.internal.operations;

import static io.kvmapper.internal.fixtures.MemberMapping.key;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.Multimap;
import io.kvmapper.internal.fixtures.Member;
import io.kvmapper.internal.fixtures.MemberMapping;
import io.kvmapper.internal.fixtures.Raw;
import io.kvmapper.internal.layout.Area;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.tuple.Tuples;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link KvStore#MAX_KEY_BYTES} on every kind of key that index and counter upkeep and multimaps build: an index
 * entry, a unique claim, an entry per element of a collection, a counter group, a multimap item. A key of exactly
 * the limit is written; one byte more is an {@link InvalidRequestException} naming the entity, the index or
 * counter and the key, and nothing is written, not even the claims made before it in the same unit of work.
 */
class KeyLimitOperationsTest {
    private KvStore store = MemoryKvStore.open();
    private EntityOperations<Member> members = new EntityOperations<>(store, MemberMapping.full());
    private Raw raw = new Raw(store);

    @AfterEach
    void closeStore() {
        store.close();
    }

    /** The operations of "Member" with only {@code indexes} and {@code counters}, on a store of their own. */
    private EntityOperations<Member> only(List<io.kvmapper.internal.mapping.IndexDefinition<Member>> indexes,
            List<io.kvmapper.internal.mapping.CounterDefinition<Member>> counters) {
        store.close();
        store = MemoryKvStore.open();
        raw = new Raw(store);
        members = new EntityOperations<>(store, MemberMapping.of(indexes, counters));
        return members;
    }

    /** A string whose {@code key} is exactly {@code length} bytes long. */
    private static String sizedFor(Function<String, byte[]> key, int length) {
        String text = "x".repeat(length - key.apply("").length);
        assertEquals(length, key.apply(text).length);
        return text;
    }

    /** Every item of the store, as text. */
    private List<String> everything() {
        return Raw.keys(raw.scan(new KeyRange(new byte[0], new byte[] {(byte) 0xFF})));
    }

    private InvalidRequestException refusedAndNothingWritten(Runnable write) {
        List<String> before = everything();
        InvalidRequestException e = assertThrows(InvalidRequestException.class, write::run);
        assertEquals(before, everything(), "a refused write writes nothing");
        assertTrue(e.getMessage().length() < 600, "the key is abbreviated: " + e.getMessage());
        assertTrue(e.getMessage().contains("bytes KV Mapper writes in a key on every backend (KvStore.MAX_KEY_BYTES)"),
                e.getMessage());
        return e;
    }

    @Test
    void anIndexEntryOfTheLimitIsWrittenAndOneByteMoreIsRefused() {
        only(List.of(MemberMapping.BY_TEAM), List.of());
        String team = sizedFor(t -> Raw.entry("team", t, 2), KvStore.MAX_KEY_BYTES);
        members.save(Member.of(2, "bo", "bo@x", team, 1));
        assertEquals(1, members.findByIndex("team", Tuples.encode(team)).size());

        String longer = team + "x";
        InvalidRequestException e = refusedAndNothingWritten(
                () -> members.save(Member.of(1, "ada", "ada@x", longer, 1)));
        assertTrue(e.getMessage().startsWith("Member: index 'team': the entry ((\"Member\", \"i\", \"team\"), \"xxx"),
                e.getMessage());
        assertTrue(e.getMessage().contains("... is 10,001 bytes, over the 10,000 bytes"), e.getMessage());
        assertTrue(e.getMessage().endsWith("shorten the indexed values, or the key components, which an entry holds"
                + " too; to look up long texts, index a hash of them"), e.getMessage());
        // an update to such a value is refused the same way, and leaves the stored entity as it was
        refusedAndNothingWritten(() -> members.update(key(2), m -> m.withTeam(team + "y")));
        assertEquals(team, members.find(key(2)).orElseThrow().team());
        assertTrue(members.verify(progress -> { }).isClean());
    }

    @Test
    void aUniqueClaimTooLongIsRefusedAndTheClaimsBeforeItAreWithdrawn() {
        String email = sizedFor(v -> Raw.uniqueEntry("email", v), KvStore.MAX_KEY_BYTES + 1);
        store.transact(tx -> {
            EntityOperations<Member> inTx = members.with(tx);
            // "handle" is claimed before "email" is refused: the claim must not survive
            InvalidRequestException e = assertThrows(InvalidRequestException.class,
                    () -> inTx.save(Member.of(1, "ada", email, "red", 1)));
            assertTrue(e.getMessage().startsWith("Member: index 'email': the entry ((\"Member\", \"i\", \"email\"), "
                    + "\"xxx"), e.getMessage());
            inTx.save(Member.of(2, "bo", "bo@x", "red", 1));
        });
        assertNull(raw.get(Raw.uniqueEntry("handle", "ada")));
        assertEquals(Optional.empty(), members.find(key(1)));
        members.save(Member.of(3, "ada", sizedFor(v -> Raw.uniqueEntry("email", v), KvStore.MAX_KEY_BYTES), "red", 1));
        assertEquals(2, members.counter("byTeam", Tuples.encode("red")));
        assertTrue(members.verify(progress -> { }).isClean());
    }

    @Test
    void oneElementOfACollectionTooLongRefusesTheWholeWrite() {
        members.save(Member.of(1, "ada", "ada@x", "red", 1));
        String tag = sizedFor(t -> Raw.entry("tags", t, 1), KvStore.MAX_KEY_BYTES + 1);
        InvalidRequestException e = refusedAndNothingWritten(
                () -> members.update(key(1), m -> m.withTags(List.of("c", tag, "d"))));
        assertTrue(e.getMessage().startsWith("Member: index 'tags': the entry"), e.getMessage());
        assertEquals(List.of("a", "b"), members.find(key(1)).orElseThrow().tags());
    }

    @Test
    void aCounterGroupOfTheLimitIsWrittenAndOneByteMoreIsRefused() {
        EntityOperations<Member> counted = only(List.of(), List.of(MemberMapping.COUNT_BY_TEAM));
        String team = sizedFor(t -> Raw.group("byTeam", t), KvStore.MAX_KEY_BYTES);
        counted.save(Member.of(1, "ada", "ada@x", team, 1));
        assertEquals(1, counted.counter("byTeam", Tuples.encode(team)));
        InvalidRequestException e = refusedAndNothingWritten(
                () -> counted.save(Member.of(2, "bo", "bo@x", team + "x", 1)));
        assertTrue(e.getMessage().startsWith("Member: counter 'byTeam': the group ((\"Member\", \"c\", \"byTeam\"), "
                + "\"xxx"), e.getMessage());
        assertTrue(e.getMessage().endsWith("shorten the values the counter groups by"), e.getMessage());
        // leaving the group is still possible: the record is deleted, and its contribution with it
        counted.delete(key(1));
        assertEquals(0, counted.counter("byTeam", Tuples.encode(team)));
        assertTrue(counted.verify(progress -> { }).isClean());
    }

    @Test
    void aMultimapItemOfTheLimitIsAddedAndOneByteMoreIsRefused() {
        Multimap<String, String> likes = store.multimap("likes", String.class, String.class);
        String value = sizedFor(v -> Tuples.encode(List.of(Area.MULTIMAP.tag(), "likes", "post"), v),
                KvStore.MAX_KEY_BYTES);
        likes.add("post", value);
        assertTrue(likes.contains("post", value));
        InvalidRequestException e = refusedAndNothingWritten(() -> likes.add("post", value + "x"));
        assertTrue(e.getMessage().startsWith("multimap likes: the item ((\"$multimap\", \"likes\", \"post\"), \"xxx"),
                e.getMessage());
        // reading and removing a pair that cannot be added stay possible
        assertTrue(!likes.contains("post", value + "x") && !likes.remove("post", value + "x"));
        assertTrue(likes.remove("post", value));
    }
}
