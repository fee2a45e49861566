package io.kvmapper.rocksdb;

import java.util.List;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteBatchWithIndex;

/**
 * Joins the write batches of several transactions into one, for a group commit: one RocksDB write, one
 * write-ahead-log record and (with {@code syncWrites}) one {@code fsync} for all of them.
 *
 * <p>rocksjni has no {@code WriteBatchInternal::Append}, so this does what it does on the serialized
 * batches: a RocksDB write batch is a 12-byte header (an 8-byte sequence number, which the write assigns,
 * and a 4-byte little-endian count of records) followed by its records; the joined batch is a header
 * with the sum of the counts followed by every batch's records, in order. Applying it applies each
 * batch's records in turn, exactly as writing the batches one after another would. Batches with per-key
 * protection information (which the backend never enables) would not join this way.
 */
final class WriteBatches {
    private static final int HEADER = 12;
    private static final int COUNT_OFFSET = 8;

    private WriteBatches() {
    }

    /**
     * One batch holding the records of {@code batches} in order; the caller closes it.
     *
     * @throws ArithmeticException if together they exceed what one array holds (the ledger's groups stay far
     *     below it, {@link RocksBackend#GROUP_WRITE_BYTES})
     */
    static WriteBatch concatenate(List<WriteBatchWithIndex> batches) throws RocksDBException {
        byte[][] parts = new byte[batches.size()][];
        int size = HEADER;
        int count = 0;
        for (int i = 0; i < parts.length; i++) {
            byte[] data = batches.get(i).getWriteBatch().data();
            parts[i] = data;
            size = Math.addExact(size, data.length - HEADER);
            count = Math.addExact(count, readCount(data));
        }
        byte[] joined = new byte[size];
        for (int i = 0; i < Integer.BYTES; i++) {
            joined[COUNT_OFFSET + i] = (byte) (count >>> (8 * i));
        }
        int at = HEADER;
        for (byte[] part : parts) {
            System.arraycopy(part, HEADER, joined, at, part.length - HEADER);
            at += part.length - HEADER;
        }
        return new WriteBatch(joined);
    }

    private static int readCount(byte[] data) {
        int count = 0;
        for (int i = Integer.BYTES - 1; i >= 0; i--) {
            count = (count << 8) | (data[COUNT_OFFSET + i] & 0xFF);
        }
        return count;
    }
}
