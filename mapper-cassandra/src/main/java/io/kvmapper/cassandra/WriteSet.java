package io.kvmapper.cassandra;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What a transaction has written and not yet committed ({@link CassandraTransaction}): the last write of each
 * key ({@link BufferedOp}) and the ranges deleted, with the rules by which a write combines with those before
 * it; and reads through it, which lay the buffer over the store's values. Nothing here talks to Cassandra: a
 * read is handed the store's read, and the commit ({@link Commit}) reads the buffer.
 *
 * <p>A key is written either through lightweight transactions (claim, release, writeIfUnchanged) or plainly
 * (put, delete, deleteRange, add), never both in one transaction: the two order by different clocks in
 * Cassandra. The write set refuses the mix, asking {@link Claims} which keys were claimed.
 */
final class WriteSet {
    private final String where;
    private final StoreLayout layout;
    private final Claims claims;
    private final TreeMap<byte[], BufferedOp> writes = new TreeMap<>(Arrays::compareUnsigned);
    private final List<KeyRange> deletedRanges = new ArrayList<>();
    private List<Stamped> stamped;

    /** A put whose key the commit completes ({@link io.kvmapper.spi.KvTransaction#putStamped}). */
    private record Stamped(byte[] prefix, byte[] value, Consumer<byte[]> committed) {
    }

    /**
     * @param where the store, for messages
     * @param claims the transaction's claims, whose keys must not also be written plainly
     */
    WriteSet(String where, StoreLayout layout, Claims claims) {
        this.where = where;
        this.layout = layout;
        this.claims = claims;
    }

    // ---------------------------------------------------------------- what is buffered

    /** Whether nothing is buffered: no write, no range deletion, no stamped put. */
    boolean isEmpty() {
        return writes.isEmpty() && deletedRanges.isEmpty() && stamped == null;
    }

    /** Whether a stamped put waits for its stamp ({@link #stamp}). */
    boolean hasStamped() {
        return stamped != null;
    }

    /** The last write of {@code key}, or {@code null}. */
    BufferedOp get(byte[] key) {
        return writes.get(key);
    }

    /** Every buffered write, by key in unsigned byte order. */
    NavigableMap<byte[], BufferedOp> writes() {
        return Collections.unmodifiableNavigableMap(writes);
    }

    /** The ranges deleted, in the order deleted. */
    List<KeyRange> deletedRanges() {
        return Collections.unmodifiableList(deletedRanges);
    }

    /** Whether a range deletion covers {@code key}. */
    boolean isDeleted(byte[] key) {
        for (KeyRange range : deletedRanges) {
            if (range.contains(key)) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- reads through the buffer

    /**
     * The value of {@code key}: its buffered write applied to its value in the store, read with {@code store}
     * only when the write needs it (no write, an add, a release) and no range deletion covers the key.
     */
    byte[] read(byte[] key, Function<byte[], byte[]> store) {
        PartitionRange.partitionLength(key);
        BufferedOp op = writes.get(key);
        if (op == null) {
            return isDeleted(key) ? null : store.apply(key);
        }
        return op.applyTo(op.readsStored() && !isDeleted(key) ? store.apply(key) : null);
    }

    /**
     * The values of {@code keys}, as {@link #read} each, with one read of the store ({@code store}: the values
     * of the keys asked, absent ones left out) for the keys that need it, and none if none does.
     */
    List<byte[]> readAll(List<byte[]> keys, Function<List<byte[]>, Map<ByteBuffer, byte[]>> store) {
        List<byte[]> fromStore = new ArrayList<>();
        for (byte[] key : keys) {
            BufferedOp op = writes.get(key);
            if ((op == null || op.readsStored()) && !isDeleted(key)) {
                fromStore.add(key);
            }
        }
        Map<ByteBuffer, byte[]> stored = fromStore.isEmpty() ? Map.of() : store.apply(fromStore);
        List<byte[]> values = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
            BufferedOp op = writes.get(key);
            byte[] value = stored.get(ByteBuffer.wrap(key));
            if (op != null) {
                values.add(op.applyTo(value));
            } else {
                values.add(value == null ? null : value.clone());
            }
        }
        return values;
    }

    /**
     * The write a cursor over {@code range} merges next: the buffered write of the first key in {@code range}
     * after {@code after} in scan order (below it, in {@code reverse}), or of the range's first key if
     * {@code after} is {@code null}; {@code null} if there is none. Looked up afresh for each item, so writes
     * made while a cursor is open never disturb it.
     */
    Map.Entry<byte[], BufferedOp> nextWrite(KeyRange range, byte[] after, boolean reverse) {
        if (reverse) {
            Map.Entry<byte[], BufferedOp> entry =
                    after == null ? writes.lowerEntry(range.end()) : writes.lowerEntry(after);
            return entry != null && Arrays.compareUnsigned(entry.getKey(), range.begin()) >= 0 ? entry : null;
        }
        Map.Entry<byte[], BufferedOp> entry =
                after == null ? writes.ceilingEntry(range.begin()) : writes.higherEntry(after);
        return entry != null && Arrays.compareUnsigned(entry.getKey(), range.end()) < 0 ? entry : null;
    }

    // ---------------------------------------------------------------- writes

    /**
     * Buffers a put.
     *
     * @throws InvalidRequestException if the value is longer than the chunk size and the key's partition may not
     *     hold values stored as chunks
     */
    void put(byte[] key, byte[] value) {
        int length = PartitionRange.partitionLength(key);
        if (value.length > layout.chunkSize() && !layout.mayHoldChunks(Arrays.copyOf(key, length))) {
            throw new InvalidRequestException("put of key " + Tuples.toString(key) + " in " + where + ": its value of "
                    + value.length + " bytes is longer than the chunk size (" + layout.chunkSize() + "), and its"
                    + " partition may not hold values stored as chunks (CassandraKvStore.Options.chunkPartitions says"
                    + " which may)");
        }
        requirePlain(key, "put");
        writes.put(key.clone(), new BufferedOp.Put(value.clone()));
    }

    void delete(byte[] key) {
        PartitionRange.partitionLength(key);
        requirePlain(key, "delete");
        writes.put(key.clone(), BufferedOp.Delete.INSTANCE);
    }

    /** A put whose key the commit completes with its stamp ({@link #stamp}). */
    void putStamped(byte[] prefix, byte[] value, Consumer<byte[]> committed) {
        PartitionRange.partitionLength(prefix);
        if (stamped == null) {
            stamped = new ArrayList<>(2);
        }
        stamped.add(new Stamped(prefix.clone(), value.clone(), committed));
    }

    /**
     * Turns the stamped puts into puts, at commit: each key is its prefix and the stamp {@code (writtenAt, client,
     * index)}, the commit's write timestamp, the committing backend instance and the put's place in the commit.
     *
     * @return what tells the callbacks their keys, once the commit is applied
     */
    Runnable stamp(long writtenAt, long client) {
        List<byte[]> keys = new ArrayList<>(stamped.size());
        for (int i = 0; i < stamped.size(); i++) {
            byte[] prefix = stamped.get(i).prefix();
            byte[] key = new TupleWriter(prefix.length + 30).appendRaw(prefix).writeLong(writtenAt).writeLong(client)
                    .writeLong(i).toByteArray();
            put(key, stamped.get(i).value());
            keys.add(key);
        }
        List<Stamped> told = stamped;
        return () -> {
            for (int i = 0; i < told.size(); i++) {
                if (told.get(i).committed() != null) {
                    told.get(i).committed().accept(keys.get(i).clone());
                }
            }
        };
    }

    /**
     * Deletes a range: drops the writes it covers, except releases (they find nothing to release), and makes
     * reads of keys in it ask nothing of the store.
     *
     * @throws InvalidRequestException if the range holds a checked write or a claim of this transaction
     */
    void deleteRange(KeyRange range) {
        if (range.isEmpty()) {
            return;
        }
        Map<byte[], BufferedOp> covered = writes.subMap(range.begin(), true, range.end(), false);
        for (Map.Entry<byte[], BufferedOp> write : covered.entrySet()) {
            if (write.getValue() instanceof BufferedOp.Checked) {
                throw mixed(write.getKey(), "deleteRange", "writeIfUnchanged");
            }
        }
        byte[] claimed = claims.firstIn(range);
        if (claimed != null) {
            throw mixed(claimed, "deleteRange", "claim");
        }
        covered.values().removeIf(op -> !(op instanceof BufferedOp.Release));
        deletedRanges.add(new KeyRange(range.begin().clone(), range.end().clone()));
    }

    /**
     * Adds to a key's counter: folded into an earlier add, or into the value of an earlier put or delete (or
     * range deletion), which then stays a put.
     *
     * @throws InvalidRequestException if the key's partition may not hold counters
     */
    void add(byte[] key, long delta) {
        int length = PartitionRange.partitionLength(key);
        if (!layout.mayHoldCounters(Arrays.copyOf(key, length))) {
            throw new InvalidRequestException("add to key " + Tuples.toString(key) + " in " + where
                    + ": its partition may not hold counters (CassandraKvStore.Options.counterPartitions says which"
                    + " may)");
        }
        requirePlain(key, "add");
        BufferedOp op = writes.get(key);
        if (op == null) {
            op = isDeleted(key) ? new BufferedOp.Put(Counters.encode(delta)) : new BufferedOp.Add(delta);
        } else if (op instanceof BufferedOp.Add add) {
            op = new BufferedOp.Add(add.delta() + delta);
        } else {
            op = new BufferedOp.Put(Counters.encode(StoredValues.asCounter(op.applyTo(null)) + delta));
        }
        writes.put(key.clone(), op);
    }

    /**
     * Before a claim is made in the store: refuses a claim this transaction cannot make, and settles one that
     * meets a release of this transaction. A claim for the holder a release gives up takes the release back; a
     * claim of a key released for another holder becomes a checked write (the key must still hold that other
     * holder at commit).
     *
     * @return whether the claim is settled here; if not, it is to be made in the store ({@link Claims#claim})
     * @throws InvalidRequestException if {@code value} is empty or longer than the chunk size, or the key was
     *     written in this transaction other than by a claim or release
     */
    boolean settlesClaim(byte[] key, byte[] value) {
        PartitionRange.partitionLength(key);
        requireOneCell(key, value, "claim");
        if (value.length == 0) {
            throw new InvalidRequestException("claim of key " + Tuples.toString(key) + " in " + where
                    + ": a claim needs a non-empty value, its holder");
        }
        BufferedOp op = writes.get(key);
        if (op instanceof BufferedOp.Release release) {
            if (Arrays.equals(release.holder(), value)) {
                writes.remove(key);
            } else {
                writes.put(key, new BufferedOp.Checked(release.holder(), value.clone()));
            }
            return true;
        }
        if (op != null || isDeleted(key)) {
            throw mixed(key, "claim", op == null ? "deleteRange" : op.describe());
        }
        return false;
    }

    /**
     * Gives up the claim of {@code holder} at commit.
     *
     * @throws InvalidRequestException if the key was written in this transaction other than by a claim or release
     */
    void release(byte[] key, byte[] holder) {
        PartitionRange.partitionLength(key);
        BufferedOp op = writes.get(key);
        if (op != null && !(op instanceof BufferedOp.Release)) {
            throw mixed(key, "release", op.describe());
        }
        writes.put(key.clone(), new BufferedOp.Release(holder.clone()));
    }

    /**
     * Writes {@code value} at commit if the key holds {@code expected} then; a second checked write of a key
     * keeps the first one's expectation.
     *
     * @throws InvalidRequestException if {@code expected} or {@code value} is longer than the chunk size, or the
     *     key was written in this transaction other than by {@code writeIfUnchanged}
     */
    void writeIfUnchanged(byte[] key, byte[] expected, byte[] value) {
        PartitionRange.partitionLength(key);
        requireOneCell(key, expected, "writeIfUnchanged");
        requireOneCell(key, value, "writeIfUnchanged");
        BufferedOp op = writes.get(key);
        if (op instanceof BufferedOp.Checked checked) {
            writes.put(key, new BufferedOp.Checked(checked.expected(), value == null ? null : value.clone()));
            return;
        }
        if (op != null || isDeleted(key) || claims.contains(key)) {
            throw mixed(key, "writeIfUnchanged", op != null ? op.describe() : isDeleted(key) ? "deleteRange" : "claim");
        }
        writes.put(key.clone(), new BufferedOp.Checked(expected == null ? null : expected.clone(),
                value == null ? null : value.clone()));
    }

    /** Refuses a write of a key that this transaction writes both through lightweight transactions and plainly. */
    static InvalidRequestException mixed(String where, byte[] key, String operation, String earlier) {
        return new InvalidRequestException(operation + " of key " + Tuples.toString(key) + " in " + where
                + " after a " + earlier + " of it in the same transaction: a key is written either with claim, release"
                + " and writeIfUnchanged (lightweight transactions) or with put, delete, deleteRange and add, never"
                + " both");
    }

    private InvalidRequestException mixed(byte[] key, String operation, String earlier) {
        return mixed(where, key, operation, earlier);
    }

    /** Refuses a plain write of a key this transaction claimed, released or wrote with a check. */
    private void requirePlain(byte[] key, String operation) {
        BufferedOp op = writes.get(key);
        if (op instanceof BufferedOp.Release || op instanceof BufferedOp.Checked) {
            throw mixed(key, operation, op.describe());
        }
        if (claims.contains(key)) {
            throw mixed(key, operation, "claim");
        }
    }

    /** Refuses a claimed or checked value that would be chunked: a lightweight transaction checks one cell. */
    private void requireOneCell(byte[] key, byte[] value, String operation) {
        if (value != null && value.length > layout.chunkSize()) {
            throw new InvalidRequestException(operation + " of key " + Tuples.toString(key) + " in " + where
                    + ": its value of " + value.length + " bytes is longer than the chunk size (" + layout.chunkSize()
                    + " bytes, CassandraKvStore.Options.valueChunkSize), and a lightweight transaction checks a single"
                    + " cell; raise valueChunkSize or keep such values smaller");
        }
    }
}
