package io.kvmapper.rocksdb;

import io.kvmapper.internal.tuple.TupleWriter;
import java.util.Arrays;
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
    private byte[][] prefixes = new byte[1][];
    private byte[][] values = new byte[1][];
    private Consumer<byte[]>[] callbacks = newCallbacks(1);
    private byte[][] completed;
    private int size;

    void add(byte[] prefix, byte[] value, Consumer<byte[]> committed) {
        if (size == prefixes.length) {
            prefixes = Arrays.copyOf(prefixes, size * 2);
            values = Arrays.copyOf(values, size * 2);
            callbacks = Arrays.copyOf(callbacks, size * 2);
        }
        prefixes[size] = prefix;
        values[size] = value;
        callbacks[size] = committed;
        size++;
    }

    /** How many puts there are: how many records {@link #complete} appends. */
    int size() {
        return size;
    }

    /**
     * Appends the puts to {@code batch}, after everything the transaction wrote, the first under the stamp
     * {@code firstSequence}, the RocksDB sequence number its record will get, and each next one under the next
     * number. Their keys are unique (no two records get one sequence number), so each adds one record to the
     * batch, also where the batch keeps one index entry per key.
     */
    void complete(WriteBatchWithIndex batch, long firstSequence) throws RocksDBException {
        byte[][] keys = new byte[size][];
        for (int i = 0; i < size; i++) {
            byte[] prefix = prefixes[i];
            byte[] key = new TupleWriter(prefix.length + 10).appendRaw(prefix).writeLong(firstSequence + i)
                    .toByteArray();
            batch.put(key, values[i]);
            keys[i] = key;
        }
        completed = keys;
    }

    /** Tells each callback its completed key, once the batch is written. */
    void committed() {
        for (int i = 0; i < size; i++) {
            Consumer<byte[]> callback = callbacks[i];
            if (callback != null) {
                callback.accept(completed[i].clone());
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Consumer<byte[]>[] newCallbacks(int length) {
        return (Consumer<byte[]>[]) new Consumer<?>[length];
    }
}
