package io.kvmapper.rocksdb;

import java.util.ArrayList;
import java.util.List;
import org.rocksdb.WriteBatchWithIndex;

/**
 * A transaction's indexed write batch (reads see its writes), with the stamped puts its commit appends to it
 * ({@link StampedPuts}), so that the group write finds them with the batch.
 */
final class TransactionBatch extends WriteBatchWithIndex {
    private StampedPuts stamped;
    /** The keys written (put, deleted, added to), in order, where the backend reports commits; else null. */
    private final List<byte[]> keys;

    /**
     * An empty batch in which a key written twice has one index entry, as in RocksDB's own transactions.
     *
     * @param listsKeys whether it lists the keys written, for the backend's {@link io.kvmapper.spi.CommitWatcher}
     */
    TransactionBatch(boolean listsKeys) {
        super(true);
        this.keys = listsKeys ? new ArrayList<>() : null;
    }

    /** Notes a key the transaction writes, where the batch lists them. */
    void written(byte[] key) {
        if (keys != null) {
            keys.add(key.clone());
        }
    }

    /** The keys written, in order (a key written twice is there twice), or null if the batch lists none. */
    List<byte[]> keys() {
        return keys;
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
