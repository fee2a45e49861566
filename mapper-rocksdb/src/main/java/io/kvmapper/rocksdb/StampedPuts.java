package io.kvmapper.rocksdb;

import io.kvmapper.internal.tuple.TupleWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteBatchWithIndex;

/**
 * A transaction's puts whose keys its commit completes ({@link io.kvmapper.spi.KvTransaction#putStamped}). The
 * stamp of each is the RocksDB sequence number its own record gets when the commit's batch is written: the backend
 * reads RocksDB's latest sequence number under the commit lock, which every write of the database holds, and counts
 * the records of the group's batches before this one and of this batch before its stamped puts, which are appended
 * last ({@link #complete}), to the batch's underlying write batch: nothing reads them through the batch's index,
 * since the transaction is committing. So stamps follow the one order of commits, are unique across the store, persist across
 * restarts (RocksDB's sequence numbers only grow, also through recovery from its write-ahead log), and name the very
 * record in RocksDB's own history. Used by the transaction's thread until commit, then by the committing thread,
 * which holds the commit lock.
 */
final class StampedPuts {
    private final List<byte[]> prefixes = new ArrayList<>(2);
    private final List<byte[]> values = new ArrayList<>(2);
    private final List<Consumer<byte[]>> callbacks = new ArrayList<>(2);
    private final List<byte[]> completed = new ArrayList<>(2);

    void add(byte[] prefix, byte[] value, Consumer<byte[]> committed) {
        prefixes.add(prefix);
        values.add(value);
        callbacks.add(committed);
    }

    /** How many puts there are: how many records {@link #complete} appends. */
    int size() {
        return prefixes.size();
    }

    /**
     * Appends the puts to the write batch under {@code batch}, unindexed, the first under the stamp
     * {@code firstSequence}, the RocksDB sequence number its record will get, and each next one under the next
     * number.
     */
    void complete(WriteBatchWithIndex batch, long firstSequence) throws RocksDBException {
        completed.clear();
        WriteBatch records = batch.getWriteBatch();
        for (int i = 0; i < prefixes.size(); i++) {
            byte[] prefix = prefixes.get(i);
            byte[] key = new TupleWriter(prefix.length + 10).appendRaw(prefix).writeLong(firstSequence + i)
                    .toByteArray();
            records.put(key, values.get(i));
            completed.add(key);
        }
    }

    /** Tells each callback its completed key, once the batch is written. */
    void committed() {
        for (int i = 0; i < completed.size(); i++) {
            Consumer<byte[]> callback = callbacks.get(i);
            if (callback != null) {
                callback.accept(completed.get(i).clone());
            }
        }
    }
}
