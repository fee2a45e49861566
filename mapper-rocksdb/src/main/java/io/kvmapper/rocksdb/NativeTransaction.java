package io.kvmapper.rocksdb;

import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.Transaction;

/**
 * A RocksDB transaction object and the read options its reads use, kept together so that both can be
 * reused by the next transaction instead of being allocated, and freed, natively for every unit of
 * work. RocksDB re-initialises a finished transaction in place when it is passed to
 * {@code beginTransaction(writeOptions, transactionOptions, oldTransaction)}: a new snapshot, an empty
 * write batch, no tracked keys.
 *
 * <p>Only one {@link RocksTransaction} uses a handle at a time; the backend keeps idle ones in a
 * bounded pool and closes them when it closes.
 */
final class NativeTransaction {
    final Transaction transaction;
    final ReadOptions readOptions;

    NativeTransaction(Transaction transaction, ReadOptions readOptions) {
        this.transaction = transaction;
        this.readOptions = readOptions;
    }

    /**
     * Makes a finished handle safe to keep idle: drops what the transaction wrote if it did not commit,
     * and releases its snapshot, which would otherwise keep RocksDB from discarding versions that were
     * overwritten after it.
     *
     * @return false if RocksDB refused the rollback; the handle must then be closed, not reused
     */
    boolean reset(boolean committed) {
        if (!committed) {
            try {
                transaction.rollback();
            } catch (RocksDBException e) {
                return false;
            }
        }
        transaction.clearSnapshot();
        return true;
    }

    /** Frees both native objects. */
    void close() {
        readOptions.close();
        transaction.close();
    }
}
