package io.kvmapper.internal.operations;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * One record a derived query's scan found: where it sorts in the query's merged order, its key, and its entity
 * once fetched. The place in the order is a part of a key the scan read, not a copy of it: the record key (a
 * merge by primary key, or one scan), or what follows the scan's order prefix in its key, then the record key to
 * decide between equal ones of different scans of records.
 *
 * @param recordKey the record's key
 * @param orderKey the key whose bytes from {@code orderFrom} on give the place in the order
 * @param orderFrom where in {@code orderKey} the place starts
 * @param tie what decides between equal places of different scans (the record key), or null
 * @param entity the entity, or null where the query only counts
 * @param <E> the entity type
 */
record QueryHit<E>(byte[] recordKey, byte[] orderKey, int orderFrom, byte[] tie, E entity) {
    private static final byte[] NONE = new byte[0];

    /** Compares the places of two hits, ascending; {@code reverse} turns it round. */
    int compareTo(QueryHit<E> other, boolean reverse) {
        int c = Arrays.compareUnsigned(orderKey, orderFrom, orderKey.length, other.orderKey, other.orderFrom,
                other.orderKey.length);
        if (c == 0) {
            c = Arrays.compareUnsigned(tie(tie), tie(other.tie));
        }
        return reverse ? -c : c;
    }

    /** Compares this hit's place with a position of {@link #position()}, ascending; {@code reverse} turns it round. */
    int compareTo(byte[][] position, boolean reverse) {
        int c = Arrays.compareUnsigned(orderKey, orderFrom, orderKey.length, position[0], 0, position[0].length);
        if (c == 0) {
            c = Arrays.compareUnsigned(tie(tie), position[1]);
        }
        return reverse ? -c : c;
    }

    /** Where this hit lies, as a continuation records it: the length of its place, its place, its tie. */
    byte[] position() {
        int length = orderKey.length - orderFrom;
        byte[] tie = tie(this.tie);
        return ByteBuffer.allocate(4 + length + tie.length).putInt(length).put(orderKey, orderFrom, length).put(tie)
                .array();
    }

    /**
     * A position of {@link #position()} as its place and its tie.
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

    private static byte[] tie(byte[] tie) {
        return tie == null ? NONE : tie;
    }
}
