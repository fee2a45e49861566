package io.kvmapper.rocksdb;

import io.kvmapper.internal.tuple.TupleWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatchWithIndex;

/**
 * A transaction's puts whose keys its commit completes ({@link io.kvmapper.spi.KvTransaction#putStamped}). The
 * stamp of each is the RocksDB sequence number its own record gets when the commit's batch is written: the backend
 * reads RocksDB's latest sequence number under the commit lock, which every write of the database holds, and counts
 * the records of the group's batches before this one and of this batch before its stamped puts, which are appended
 * last ({@link #complete}). So stamps follow the one order of commits, are unique across the store, persist across
 * restarts (RocksDB's sequence numbers only grow, also through recovery from its write-ahead log), and name the very
 * record in RocksDB's own history. Used by the transaction's thread until commit, then by the committing thread,
 * which holds the commit lock.
 *
 * <p>The puts go into the indexed batch itself, like the transaction's other writes (their index entries are never
 * read: the transaction is committing). Appending them to the batch's underlying {@code WriteBatch} instead would
 * skip that index entry, but rocksjni builds a new Java {@code WriteBatch} object for each
 * {@code getWriteBatch()} call (a class lookup, a method lookup and a constructor call through JNI), which cost
 * several times more than the index entry: about a microsecond per commit in {@code ChangeFeedBenchmark}.
 */
final class StampedPuts {
    /** One put: its key's prefix, its value, and whom to tell its completed key (or null). */
    private record Put(byte[] prefix, byte[] value, Consumer<byte[]> committed) {
    }

    private final List<Put> puts = new ArrayList<>(1);
    private byte[][] completed;

    void add(byte[] prefix, byte[] value, Consumer<byte[]> committed) {
        puts.add(new Put(prefix, value, committed));
    }

    /** How many puts there are: how many records {@link #complete} appends. */
    int size() {
        return puts.size();
    }

    /**
     * Appends the puts to {@code batch}, after everything the transaction wrote, the first under the stamp
     * {@code firstSequence}, the RocksDB sequence number its record will get, and each next one under the next
     * number. Their keys are unique (no two records get one sequence number), so each adds one record to the
     * batch, also where the batch keeps one index entry per key.
     */
    void complete(WriteBatchWithIndex batch, long firstSequence) throws RocksDBException {
        byte[][] keys = new byte[puts.size()][];
        for (int i = 0; i < keys.length; i++) {
            Put put = puts.get(i);
            byte[] key = new TupleWriter(put.prefix().length + 10).appendRaw(put.prefix())
                    .writeLong(firstSequence + i).toByteArray();
            batch.put(key, put.value());
            keys[i] = key;
        }
        completed = keys;
    }

    /** Tells each callback its completed key, once the batch is written. */
    void committed() {
        for (int i = 0; i < completed.length; i++) {
            Consumer<byte[]> callback = puts.get(i).committed();
            if (callback != null) {
                callback.accept(completed[i].clone());
            }
        }
    }
}
