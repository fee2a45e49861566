package io.kvmapper.memory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * A transaction's writes, sorted by key, one {@link PendingWrite} per key, until it commits. Owns its
 * arrays: callers pass copies. Used by one thread at a time, like its transaction.
 */
final class WriteBuffer {
    private final TreeMap<byte[], PendingWrite> writes = new TreeMap<>(Arrays::compareUnsigned);
    private List<Stamped> stamped;

    /**
     * A put whose key the commit completes with its stamp ({@link io.kvmapper.spi.KvTransaction#putStamped}).
     *
     * @param committed told the completed key once committed, or null
     */
    record Stamped(byte[] prefix, byte[] value, Consumer<byte[]> committed) {
    }

    void put(byte[] key, byte[] value) {
        writes.put(key, PendingWrite.put(value));
    }

    void delete(byte[] key) {
        writes.put(key, PendingWrite.DELETE);
    }

    void add(byte[] key, long delta) {
        writes.merge(key, PendingWrite.add(delta), (earlier, added) -> earlier.plus(delta));
    }

    void putStamped(byte[] prefix, byte[] value, Consumer<byte[]> committed) {
        if (stamped == null) {
            stamped = new ArrayList<>(2);
        }
        stamped.add(new Stamped(prefix, value, committed));
    }

    /** The stamped puts, in the order they were made. */
    List<Stamped> stamped() {
        return stamped == null ? List.of() : stamped;
    }

    /** The pending write of {@code key}, or {@code null} if the transaction has not written it. */
    PendingWrite get(byte[] key) {
        return writes.get(key);
    }

    /**
     * The next pending write of a scan of {@code [begin, end)}: the first at or after {@code begin}
     * ({@code after} null) or after {@code after}, in key order or reversed. Looked up afresh each time, so
     * writing while a scan runs is safe.
     *
     * @return the write, or {@code null} if the range holds no more
     */
    Map.Entry<byte[], PendingWrite> next(byte[] begin, byte[] end, boolean reverse, byte[] after) {
        if (reverse) {
            Map.Entry<byte[], PendingWrite> entry = writes.lowerEntry(after == null ? end : after);
            return entry == null || Arrays.compareUnsigned(entry.getKey(), begin) < 0 ? null : entry;
        }
        Map.Entry<byte[], PendingWrite> entry = after == null ? writes.ceilingEntry(begin) : writes.higherEntry(after);
        return entry == null || Arrays.compareUnsigned(entry.getKey(), end) >= 0 ? null : entry;
    }

    boolean isEmpty() {
        return writes.isEmpty() && stamped == null;
    }

    int size() {
        return writes.size();
    }

    /** Every pending write, in key order. */
    Set<Map.Entry<byte[], PendingWrite>> entries() {
        return Collections.unmodifiableMap(writes).entrySet();
    }
}
