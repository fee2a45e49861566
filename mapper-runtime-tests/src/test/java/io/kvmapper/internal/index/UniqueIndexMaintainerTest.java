package io.kvmapper.internal.index;

import static io.kvmapper.internal.fixtures.MemberMapping.key;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.internal.fixtures.Member;
import io.kvmapper.internal.fixtures.MemberMapping;
import io.kvmapper.internal.fixtures.Raw;
import io.kvmapper.internal.fixtures.States;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The maintainer of a unique index, on its own: values are claimed and released, never simply written. */
class UniqueIndexMaintainerTest {
    private final KvStore store = MemoryKvStore.open();
    private final Raw raw = new Raw(store);
    private final MemberMapping mapping = MemberMapping.of(List.of(MemberMapping.BY_HANDLE, MemberMapping.BY_EMAIL),
            List.of(MemberMapping.COUNT_BY_TEAM));
    private final ComponentStates states = States.all(mapping, ComponentStates.State.READY);
    private final EntityMaintainers<Member> maintainers = MaintainerFactory.maintainers(mapping, MemberMapping.LAYOUT,
            states, store.unwrap(KvBackend.class));
    private final IndexMaintainer<Member> email = maintainers.index("email");
    private final Member ada = Member.of(1, "ada", "ada@x", "red", 10);

    @AfterEach
    void closeStore() {
        store.close();
    }

    @Test
    void anEntryHoldsTheKeyOfTheRecordThatClaimedItsValue() {
        assertInstanceOf(UniqueIndexMaintainer.class, email);
        assertTrue(email.unique());
        raw.write(kv -> maintainers.update(kv, key(1), null, ada));
        assertArrayEquals(key(1), raw.get(Raw.uniqueEntry("email", "ada@x")));
        assertArrayEquals(key(1), email.recordKeyOf(new KeyValue(Raw.uniqueEntry("email", "ada@x"), key(1))));
        raw.write(kv -> maintainers.update(kv, key(1), ada, ada.withEmail("ada@y")));
        assertNull(raw.get(Raw.uniqueEntry("email", "ada@x")));
        assertArrayEquals(key(1), raw.get(Raw.uniqueEntry("email", "ada@y")));
    }

    @Test
    void aViolationWithdrawsTheClaimsMadeBeforeItAndLeavesTheTransactionAsItWas() {
        raw.write(kv -> maintainers.update(kv, key(1), null, ada));
        Member bob = Member.of(2, "bob", "ada@x", "red", 1); // a free handle, a taken email
        raw.write(kv -> {
            UniqueConstraintException e = assertThrows(UniqueConstraintException.class,
                    () -> maintainers.update(kv, key(2), null, bob));
            assertTrue(e.getMessage().contains("email"), e.getMessage());
            assertNull(kv.get(Raw.uniqueEntry("handle", "bob")), "the handle's claim is withdrawn");
        });
        assertNull(raw.get(Raw.uniqueEntry("handle", "bob")));
        assertEquals(1, raw.counter(Raw.group("byTeam", "red")), "no counter add of the failed write");
    }

    @Test
    void whileTheIndexIsBuiltOnlyAnEntryTheRecordOwnsIsGivenUp() {
        raw.write(kv -> kv.claim(Raw.uniqueEntry("email", "ada@x"), key(7))); // a duplicate the build will report
        states.set(ComponentKind.INDEX, "email", new ComponentStates.Status(ComponentStates.State.BUILDING, ""));
        raw.write(kv -> maintainers.update(kv, key(1), ada, ada.withEmail("ada@y")));
        assertArrayEquals(key(7), raw.get(Raw.uniqueEntry("email", "ada@x")));
        assertArrayEquals(key(1), raw.get(Raw.uniqueEntry("email", "ada@y")));
    }

    @Test
    void ownershipComparesTheEntryWithTheEntitysValue() {
        byte[] entry = email.entryKey(Tuples.encode("ada@x"), key(1));
        assertArrayEquals(Raw.uniqueEntry("email", "ada@x"), entry);
        assertTrue(email.owns(ada, key(1), entry));
        assertFalse(email.owns(ada.withEmail("ada@y"), key(1), entry));
        assertFalse(email.owns(ada.withEmail(null), key(1), entry), "a null value has no entry");
    }

    @Test
    void aBackfillReportsAValueAnotherRecordHoldsAsADuplicate() {
        List<String> duplicates = new ArrayList<>();
        raw.write(kv -> email.backfill(kv, List.of(key(1), key(2)),
                List.of(ada, Member.of(2, "bob", "ada@x", "red", 1)), duplicates));
        assertEquals(1, duplicates.size());
        assertTrue(duplicates.get(0).contains("\"ada@x\""), duplicates.get(0));
        assertArrayEquals(key(1), raw.get(Raw.uniqueEntry("email", "ada@x")));
    }
}
