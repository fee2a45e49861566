package io.kvmapper.internal.operations;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * One record a derived query's scan found: where it sorts in the query's merged order, its key, and its entity
 * once fetched.
 *
 * @param order the bytes the merge orders by: the primary key, or what follows a scan's order prefix in its keys
 * @param tie what decides between equal {@code order}s of different scans (the record key), or empty
 * @param recordKey the record's key
 * @param entity the entity, or null where the query only counts
 * @param <E> the entity type
 */
record QueryHit<E>(byte[] order, byte[] tie, byte[] recordKey, E entity) {
    private static final byte[] NONE = new byte[0];

    /** Compares two positions in the merged order, ascending; {@code reverse} turns it round. */
    static int compare(byte[] order, byte[] tie, byte[] otherOrder, byte[] otherTie, boolean reverse) {
        int c = Arrays.compareUnsigned(order, otherOrder);
        if (c == 0) {
            c = Arrays.compareUnsigned(tie, otherTie);
        }
        return reverse ? -c : c;
    }

    /** Where this hit lies, as a continuation records it: the length of {@code order}, {@code order}, {@code tie}. */
    byte[] position() {
        return ByteBuffer.allocate(4 + order.length + tie.length).putInt(order.length).put(order).put(tie).array();
    }

    /**
     * A position of {@link #position()} as its {@code order} and {@code tie}.
     *
     * @return null if the bytes are not a position (a token that passed its checks always holds one)
     */
    static byte[][] parsePosition(byte[] position) {
        if (position.length < 4) {
            return null;
        }
        int length = ByteBuffer.wrap(position).getInt();
        if (length < 0 || length > position.length - 4) {
            return null;
        }
        return new byte[][] {Arrays.copyOfRange(position, 4, 4 + length),
                Arrays.copyOfRange(position, 4 + length, position.length)};
    }

    static byte[] none() {
        return NONE;
    }
}
