package io.kvmapper.cassandra;

import io.kvmapper.spi.Counters;

/**
 * How a key's value is put together from the data table and the counter table. A counter row holds the
 * sum of every {@code add}; a data row beside it holds a base in counter format (8 bytes), written when a
 * {@code put} or {@code delete} replaced the counter (Cassandra cannot set or safely delete a counter), so
 * the value is base plus sum.
 */
final class StoredValues {
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
            return Counters.encode(decode(data) + counter);
        }
        // A non-counter value put over a counter: a caller error the SPI leaves undetected; the put wins.
        return data;
    }

    /** A value as a counter, as an add treats it: absent, or not 8 bytes long, counts as zero. */
    static long asCounter(byte[] value) {
        return value == null || value.length != Counters.SIZE ? 0 : decode(value);
    }

    private static long decode(byte[] value) {
        long result = 0;
        for (int i = Counters.SIZE - 1; i >= 0; i--) {
            result = (result << 8) | (value[i] & 0xFF);
        }
        return result;
    }
}
