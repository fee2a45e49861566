package io.kvmapper.internal.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link MonolithicLayout#mayHoldSurrogate}: the one pass over a JSON value that lets a read skip encoding its
 * string index values when none can hold an unpaired surrogate. It must never say no where a surrogate may be
 * decoded ({@code SurrogateTest} in mapper-tests checks the whole read); saying yes too often only costs time.
 */
class SurrogateScanTest {
    @Test
    void anEscapeOfASurrogateCodeUnitInEitherCaseMayHoldOne() {
        for (String json : new String[] {"{\"a\":\"\\ud800\"}", "{\"a\":\"x\\uDFFF\"}", "{\"a\":\"\\uDbFf\"}",
                "{\"a\":\"\\ud83d\\ude00\"}"}) {
            assertTrue(MonolithicLayout.mayHoldSurrogate(bytes(json), 0), json);
        }
    }

    @Test
    void otherEscapesAndAnEscapedBackslashBeforeTheLettersDoNot() {
        for (String json : new String[] {"{\"a\":\"plain\"}", "{\"a\":\"\\u00e9\\ud7ff\\ue000\\n\\\"\"}",
                "{\"a\":\"\\\\ud800\"}", "{\"a\":\"\\\\\"}", "{\"a\":\"ends with \\u\"}"}) {
            assertFalse(MonolithicLayout.mayHoldSurrogate(bytes(json), 0), json);
        }
    }

    @Test
    void theUtf8BytesOfASurrogateCodePointMayHoldOneAndOtherThreeByteCharactersDoNot() {
        byte[] surrogate = {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'};
        byte[] lastBelow = "\"\uD7FF\"".getBytes(StandardCharsets.UTF_8); // ED 9F BF
        byte[] firstAbove = "\"\uE000\"".getBytes(StandardCharsets.UTF_8); // EE 80 80
        assertTrue(MonolithicLayout.mayHoldSurrogate(surrogate, 0));
        assertFalse(MonolithicLayout.mayHoldSurrogate(lastBelow, 0));
        assertFalse(MonolithicLayout.mayHoldSurrogate(firstAbove, 0));
    }

    @Test
    void onlyTheBytesFromTheGivenOffsetCount() {
        byte[] value = bytes("\\ud800{\"a\":1}");
        assertTrue(MonolithicLayout.mayHoldSurrogate(value, 0));
        assertFalse(MonolithicLayout.mayHoldSurrogate(value, 6));
    }

    /**
     * The word-at-a-time pass answers as the byte-by-byte one on values made of the bytes that matter, at every
     * length and offset, so that a backslash or an {@code 0xED} in any lane of a word, or in the tail, is seen.
     */
    @Test
    void eightBytesAtATimeAnswerAsOneByteAtATime() {
        byte[] alphabet = {'a', '"', '\\', 'u', 'd', 'D', '8', 'f', '0', (byte) 0xED, (byte) 0xA0, (byte) 0x9F};
        Random random = new Random(20261127L);
        int holding = 0;
        for (int round = 0; round < 200_000; round++) {
            byte[] value = new byte[random.nextInt(40)];
            for (int i = 0; i < value.length; i++) {
                // mostly plain bytes, so that most values hold none of the bytes that matter, or only one
                value[i] = random.nextInt(3) == 0 ? alphabet[random.nextInt(alphabet.length)] : (byte) 'x';
            }
            int from = value.length == 0 ? 0 : random.nextInt(value.length + 1);
            boolean expected = MonolithicLayout.mayHoldSurrogateBytewise(value, from);
            assertEquals(expected, MonolithicLayout.mayHoldSurrogate(value, from),
                    () -> HexFormat.ofDelimiter(" ").formatHex(value) + " from " + from);
            holding += expected ? 1 : 0;
        }
        assertTrue(holding > 1_000, "too few values that may hold a surrogate to test anything: " + holding);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
