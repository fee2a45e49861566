package io.kvmapper.internal.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.internal.tuple.TupleText;
import io.kvmapper.tuple.Tuples;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one check of {@link KvStore#MAX_KEY_BYTES}: a key at the limit passes, one byte more is refused with a
 * message that names what writes it, shows the key abbreviated with its length, and says how to fix it.
 */
class KeyLimitTest {
    /** A key of exactly {@code length} bytes: a nested entity prefix, then one string of x (its code, its bytes, 00). */
    private static byte[] keyOf(int length) {
        int prefix = Tuples.encode(List.of("User", "r"), "").length;
        byte[] key = Tuples.encode(List.of("User", "r"), "x".repeat(length - prefix));
        assertEquals(length, key.length);
        return key;
    }

    @Test
    void theLimitIsTenThousandBytesAndAKeyOfThatLengthPasses() {
        assertEquals(10_000, KvStore.MAX_KEY_BYTES);
        byte[] atLimit = keyOf(KvStore.MAX_KEY_BYTES);
        assertTrue(KeyLimit.fits(atLimit.length));
        assertSame(atLimit, KeyLimit.require(atLimit, "User", "the record key", "shorten the key components"));
    }

    @Test
    void aKeyOneByteLongerIsRefusedNamingItsOwnerAndTheKeyAbbreviated() {
        byte[] over = keyOf(KvStore.MAX_KEY_BYTES + 1);
        assertFalse(KeyLimit.fits(over.length));
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> KeyLimit.require(over, "User: index 'email'", "the entry", "shorten the indexed values"));
        String message = e.getMessage();
        assertTrue(message.startsWith("User: index 'email': the entry ((\"User\", \"r\"), \"xxxx"), message);
        assertTrue(message.endsWith("... is 10,001 bytes, over the 10,000 bytes KV Mapper writes in a key on every"
                + " backend (KvStore.MAX_KEY_BYTES); shorten the indexed values"), message);
        assertTrue(message.length() < 400, "abbreviated: " + message.length() + " characters");
    }

    @Test
    void aMegabyteKeyMakesAShortMessage() {
        byte[] huge = keyOf(1 << 20);
        String message = KeyLimit.tooLong(huge, "User", "the record key", "shorten the key components").getMessage();
        assertTrue(message.contains("is 1,048,576 bytes"), message);
        assertTrue(message.length() < 400, "abbreviated: " + message.length() + " characters");
    }

    @Test
    void anAbbreviatedKeyIsTheKeyAsPrintedCutAfterTheGivenLength() {
        byte[] key = Tuples.encode(List.of("User", "r"), "ab\"c", 42L);
        assertEquals(Tuples.toString(key), TupleText.abbreviated(key, 1_000));
        assertEquals(Tuples.toString(key).substring(0, 10) + "...", TupleText.abbreviated(key, 10));
        byte[] bytes = Tuples.encode(new byte[5_000]);
        String cut = TupleText.abbreviated(bytes, 50);
        assertEquals(Tuples.toString(bytes).substring(0, 50) + "...", cut);
        byte[] notATuple = new byte[5_000];
        notATuple[0] = (byte) 0xFE;
        String hex = TupleText.abbreviated(notATuple, 50);
        assertTrue(hex.startsWith("0xfe") && hex.contains("... (not a valid tuple"), hex);
        assertTrue(hex.length() < 400, hex);
    }
}
