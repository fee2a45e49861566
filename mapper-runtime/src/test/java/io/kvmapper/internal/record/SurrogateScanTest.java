package io.kvmapper.internal.record;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
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

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
