package io.kvmapper.cassandra;

import io.kvmapper.spi.Counters;
import java.util.Arrays;

/**
 * How a key's value is put together from the data table and the counter table. A counter row holds the
 * sum of every {@code add}; Cassandra can neither set a counter nor safely reuse one it deleted, so a
 * {@code put} or {@code delete} that replaces a counter writes a <em>base</em> in the data row beside it,
 * and the value is base plus sum:
 *
 * <ul>
 *   <li>after a {@code put} of an 8-byte value {@code v}, the base is {@code v} minus the sum read at
 *       commit, an 8-byte value;</li>
 *   <li>after a {@code delete}, the base is minus the sum, written as a 9-byte <em>deleted base</em>
 *       ({@code FF} then the 8 bytes), under which the key reads as absent while base plus sum is zero.</li>
 * </ul>
 */
final class StoredValues {
    /** The first byte of a deleted base. */
    private static final byte DELETED = (byte) 0xFF;
    private static final int DELETED_SIZE = 1 + Counters.SIZE;

    private StoredValues() {
    }

    /**
     * The value of a key from its data value ({@code null} if no data row) and its counter ({@code null} if
     * no counter row).
     */
    static byte[] combine(byte[] data, Long counter) {
        if (counter == null) {
            return data;
        }
        if (data == null) {
            return Counters.encode(counter);
        }
        if (data.length == Counters.SIZE) {
            return Counters.encode(decode(data, 0) + counter);
        }
        if (data.length == DELETED_SIZE && data[0] == DELETED) {
            long value = decode(data, 1) + counter;
            return value == 0 ? null : Counters.encode(value);
        }
        // A non-counter value put over a counter: a caller error the SPI leaves undetected; the put wins.
        return data;
    }

    /** The data value that makes a key with counter sum {@code sum} read as absent, until the next add. */
    static byte[] deletedBase(long sum) {
        byte[] base = Arrays.copyOf(new byte[] {DELETED}, DELETED_SIZE);
        System.arraycopy(Counters.encode(-sum), 0, base, 1, Counters.SIZE);
        return base;
    }

    /** A value as a counter, as an add treats it: absent, or not 8 bytes long, counts as zero. */
    static long asCounter(byte[] value) {
        return value == null || value.length != Counters.SIZE ? 0 : decode(value, 0);
    }

    private static long decode(byte[] value, int offset) {
        long result = 0;
        for (int i = Counters.SIZE - 1; i >= 0; i--) {
            result = (result << 8) | (value[offset + i] & 0xFF);
        }
        return result;
    }
}
