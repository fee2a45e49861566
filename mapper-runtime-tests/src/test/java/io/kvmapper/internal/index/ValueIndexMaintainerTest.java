package io.kvmapper.internal.index;

import static io.kvmapper.internal.fixtures.MemberMapping.key;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.internal.fixtures.Member;
import io.kvmapper.internal.fixtures.MemberMapping;
import io.kvmapper.internal.fixtures.Raw;
import io.kvmapper.internal.fixtures.States;
import io.kvmapper.internal.layout.StoredComponent;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The maintainer of a non-unique index, on its own: entries follow the diff of old and new values. */
class ValueIndexMaintainerTest {
    private final KvStore store = MemoryKvStore.open();
    private final Raw raw = new Raw(store);
    private final MemberMapping mapping = MemberMapping.of(List.of(MemberMapping.BY_TAG), List.of());
    private final ComponentStates states = States.all(mapping, ComponentStates.State.READY);
    private final EntityMaintainers<Member> maintainers = MaintainerFactory.maintainers(mapping, MemberMapping.LAYOUT,
            states, store.unwrap(KvBackend.class));
    private final IndexMaintainer<Member> tags = maintainers.index("tags");
    private final Member ada = Member.of(1, "ada", "ada@x", "red", 10);

    @AfterEach
    void closeStore() {
        store.close();
    }

    @Test
    void theFactoryChoosesTheMaintainerByKind() {
        assertInstanceOf(ValueIndexMaintainer.class, tags);
        assertFalse(tags.unique());
        assertEquals(List.of(tags), maintainers.all());
    }

    @Test
    void anInsertPutsOneEntryPerDistinctValueAndADeleteRemovesThem() {
        raw.write(kv -> maintainers.update(kv, key(1), null, ada.withTags(List.of("b", "a", "b"))));
        assertEquals(Raw.text(Raw.entry("tags", "a", 1), Raw.entry("tags", "b", 1)), Raw.keys(raw.entries("tags")));
        assertArrayEquals(new byte[0], raw.entries("tags").get(0).value());
        raw.write(kv -> maintainers.update(kv, key(1), ada, null));
        assertEquals(List.of(), raw.entries("tags"));
    }

    @Test
    void aChangeTouchesOnlyTheValuesThatChanged() {
        raw.write(kv -> maintainers.update(kv, key(1), null, ada));
        raw.write(kv -> kv.put(Raw.entry("tags", "a", 1), new byte[] {7})); // marks the entry a change must keep
        raw.write(kv -> maintainers.update(kv, key(1), ada, ada.withTags(List.of("a", "c"))));
        List<KeyValue> entries = raw.entries("tags");
        assertEquals(Raw.text(Raw.entry("tags", "a", 1), Raw.entry("tags", "c", 1)), Raw.keys(entries));
        assertArrayEquals(new byte[] {7}, entries.get(0).value(), "an unchanged value's entry is not rewritten");
    }

    @Test
    void ownershipAndTheRecordKeyComeFromTheEntry() {
        byte[] entry = tags.entryKey(Tuples.encode("a"), key(1));
        assertArrayEquals(Raw.entry("tags", "a", 1), entry);
        assertArrayEquals(key(1), tags.recordKeyOf(new KeyValue(entry, new byte[0])));
        assertTrue(tags.owns(ada, key(1), entry));
        assertFalse(tags.owns(ada, key(2), entry));
        assertFalse(tags.owns(ada.withTags(List.of("b")), key(1), entry));
        assertFalse(tags.owns(null, key(1), entry));
    }

    @Test
    void aFailedIndexIsNotMaintained() {
        states.set(ComponentKind.INDEX, "tags", new ComponentStates.Status(ComponentStates.State.FAILED, "broken"));
        raw.write(kv -> maintainers.update(kv, key(1), null, ada));
        assertEquals(List.of(), raw.entries("tags"));
    }

    @Test
    void anIndexBeingClearedIsLeftAloneUntilItsMetadataSaysTheClearingEnded() {
        states.set(ComponentKind.INDEX, "tags", new ComponentStates.Status(ComponentStates.State.CLEARING, ""));
        raw.write(kv -> StoredComponent.write(kv, tags.keys().metaKey(), tags.signature(), StoredComponent.CLEARING,
                ""));
        raw.write(kv -> maintainers.update(kv, key(1), null, ada));
        assertEquals(List.of(), raw.entries("tags"));
        raw.write(kv -> StoredComponent.write(kv, tags.keys().metaKey(), tags.signature(), StoredComponent.BUILDING,
                ""));
        raw.write(kv -> maintainers.update(kv, key(2), null, ada));
        assertEquals(2, raw.entries("tags").size(), "maintained as while it is built");
    }

    @Test
    void aBackfillWritesTheEntriesOfEveryRecordOfTheBatch() {
        raw.write(kv -> tags.backfill(kv, List.of(key(1), key(2)),
                List.of(ada, ada.withTags(List.of("c"))), new ArrayList<>()));
        assertEquals(Raw.text(Raw.entry("tags", "a", 1), Raw.entry("tags", "b", 1), Raw.entry("tags", "c", 2)),
                Raw.keys(raw.entries("tags")));
    }
}
