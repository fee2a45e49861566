package io.kvmapper.internal.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.DuplicateKeyException;
import io.kvmapper.KvStore;
import io.kvmapper.internal.fixtures.Member;
import io.kvmapper.internal.fixtures.MemberMapping;
import io.kvmapper.internal.layout.RecordKeys;
import io.kvmapper.internal.operations.EntityOperations;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.memory.MemoryKvStore;
import io.kvmapper.schema.document.SchemaDocument.KeyComponent;
import io.kvmapper.tuple.Tuples;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Record keys in messages: each component named and typed, descending ones decoded. */
class KeyTextTest {
    private static final Instant PLACED = Instant.parse("2026-11-02T10:15:30.123456789Z");

    private static byte[] orderKey(long user, Instant placedAt, String orderId) {
        return new TupleWriter().beginNested().appendRaw(RecordKeys.partitionHead("Order")).writeLong(user)
                .endNested().descending().writeInstant(placedAt).writeString(orderId).toByteArray();
    }

    private static final KeyText ORDER = KeyText.of(List.of(new KeyComponent("userId", "long", true, false),
            new KeyComponent("placedAt", "Instant", false, true), new KeyComponent("orderId", "String", false, false)));

    @Test
    void aDescendingInstantShowsAsTheInstantItIsWhereTuplesToStringShowsBytes() {
        byte[] key = orderKey(1, PLACED, "o-\"1\"");
        assertEquals("(userId=1, placedAt=2026-11-02T10:15:30.123456789Z, orderId=\"o-\\\"1\\\"\")", ORDER.describe(key));
        assertTrue(Tuples.toString(key).contains("b\""), "the schema-less form stays as it was: " + Tuples.toString(key));
    }

    @Test
    void datesAndEnumsAreShownAsValues() {
        KeyText text = KeyText.of(List.of(new KeyComponent("day", "LocalDate", true, false),
                new KeyComponent("status", "enum com.example.Status", false, true)));
        byte[] key = new TupleWriter().beginNested().appendRaw(RecordKeys.partitionHead("Day"))
                .writeLocalDate(LocalDate.of(2026, 11, 2)).endNested().descending().writeString("OPEN").toByteArray();
        assertEquals("(day=2026-11-02, status=OPEN)", text.describe(key));
    }

    @Test
    void aKeyThatDoesNotFitTheSchemaIsPrintedWithoutIt() {
        byte[] other = Tuples.encode("not", "a", "record", "key");
        assertEquals(Tuples.toString(other), ORDER.describe(other));
        byte[] shorter = new TupleWriter().beginNested().appendRaw(RecordKeys.partitionHead("Order")).writeLong(1)
                .endNested().toByteArray();
        assertEquals(Tuples.toString(shorter), ORDER.describe(shorter));
    }

    @Test
    void aDuplicateKeyNamesTheKeyByItsComponents() {
        try (KvStore store = MemoryKvStore.open()) {
            EntityOperations<Member> members = new EntityOperations<>(store, MemberMapping.full());
            members.insert(Member.of(7, "ada", "ada@x", "red", 10));
            DuplicateKeyException e = org.junit.jupiter.api.Assertions.assertThrows(DuplicateKeyException.class,
                    () -> members.insert(Member.of(7, "ada", "ada@x", "red", 10)));
            assertTrue(e.getMessage().contains("(id=7)"), e.getMessage());
        }
    }
}
