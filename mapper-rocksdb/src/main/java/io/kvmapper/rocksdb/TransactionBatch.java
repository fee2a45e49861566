package io.kvmapper.rocksdb;

import org.rocksdb.WriteBatchWithIndex;

/**
 * A transaction's indexed write batch (reads see its writes), with the stamped puts its commit appends to it
 * ({@link StampedPuts}), so that the group write finds them with the batch.
 */
final class TransactionBatch extends WriteBatchWithIndex {
    private StampedPuts stamped;

    /** An empty batch in which a key written twice has one index entry, as in RocksDB's own transactions. */
    TransactionBatch() {
        super(true);
    }

    /** The stamped puts of the transaction, or null if it made none. */
    StampedPuts stamped() {
        return stamped;
    }

    /** The stamped puts of the transaction, created on first use. */
    StampedPuts stampedPuts() {
        if (stamped == null) {
            stamped = new StampedPuts();
        }
        return stamped;
    }
}
