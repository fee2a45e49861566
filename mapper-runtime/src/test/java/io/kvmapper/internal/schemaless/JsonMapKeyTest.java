package io.kvmapper.internal.schemaless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A string map key written by the schemaless JSON codec (the CLI's import) is checked as the generated codec
 * checks it: a key with an unpaired surrogate would be written, and the record could never be read back.
 */
class JsonMapKeyTest {
    @Test
    void aStringKeyWithAnUnpairedSurrogateIsRefusedAndPairsAreKept() {
        assertEquals("a\uD83D\uDE00b", ScalarKind.STRING.toJsonName("a\uD83D\uDE00b"));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ScalarKind.STRING.toJsonName("a\uD800b"));
        assertTrue(refused.getMessage().contains("unpaired surrogate"), refused.getMessage());
        assertEquals("7", ScalarKind.INT.toJsonName(7));
    }
}
