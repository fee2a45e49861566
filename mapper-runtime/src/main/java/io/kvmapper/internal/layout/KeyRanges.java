package io.kvmapper.internal.layout;

import static io.kvmapper.internal.layout.KeyLayout.concat;

import io.kvmapper.spi.KeyRange;

/** Ranges of record keys for prefix and between finders. */
public final class KeyRanges {
    private KeyRanges() {
    }

    /**
     * The keys whose component after {@code prefix} lies between {@code from} (inclusive) and
     * {@code to} (exclusive) in value order. {@code from} and {@code to} are the encoded components;
     * for a descending component the encodings sort in reverse, so the range runs from after every key
     * with {@code to} up to and including every key with {@code from}.
     */
    public static KeyRange between(byte[] prefix, byte[] from, byte[] to, boolean descending) {
        byte[] low = concat(prefix, from);
        byte[] high = concat(prefix, to);
        if (descending) {
            return new KeyRange(KeyRange.strinc(high), KeyRange.strinc(low));
        }
        return new KeyRange(low, high);
    }
}
