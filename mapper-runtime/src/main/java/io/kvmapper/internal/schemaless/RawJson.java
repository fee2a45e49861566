package io.kvmapper.internal.schemaless;

import java.util.Objects;

/**
 * The value of a field that Jackson databind writes (see {@code docs/codecs.md}), kept as the compact JSON text
 * it was stored as: KV Mapper cannot look inside it (it is never indexed, counted or a key), so it is copied
 * whole.
 *
 * @param text one JSON value
 */
public record RawJson(String text) {
    /** Checks the text is there. */
    public RawJson {
        Objects.requireNonNull(text, "text");
    }

    @Override
    public String toString() {
        return text;
    }
}
