package io.kvmapper.internal.layout;

import io.kvmapper.spi.KeyRange;

/**
 * A range of one entity's record keys, as a prefix or between finder scans it: what generated mappings build
 * from a finder's arguments and hand to the entity's operations.
 *
 * @param keys the record keys in the range
 */
public record RecordRange(KeyRange keys) {
    /** The records whose keys start with the tuple prefix {@code prefix}: one or more leading components. */
    public static RecordRange prefix(byte[] prefix) {
        return new RecordRange(KeyRange.tuplePrefix(prefix));
    }

    /**
     * The records whose component after {@code prefix} lies between {@code from} (inclusive) and {@code to}
     * (exclusive) in value order; see {@link KeyRanges#between}.
     */
    public static RecordRange between(byte[] prefix, byte[] from, byte[] to, boolean descending) {
        return new RecordRange(KeyRanges.between(prefix, from, to, descending));
    }
}
