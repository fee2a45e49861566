package io.kvmapper.rocksdb;

import java.util.concurrent.locks.ReentrantLock;
import org.rocksdb.RocksDBException;

/**
 * Optimistic concurrency control in Java for one RocksDB database: it numbers commits, serialises them,
 * and tells whether a transaction's keys were written by a commit it did not see.
 *
 * <p>It is sound only because every writer of the database is in this JVM and goes through this ledger:
 * RocksDB's {@code LOCK} file keeps the directory open in one instance at a time, and the backend writes
 * nothing but through {@link #commit}.
 *
 * <h2>Versions</h2>
 * Every commit that writes gets the next version and publishes it ({@link #committedVersion()}) after its
 * write is in RocksDB. A transaction reads the published version {@code v} and then takes its snapshot,
 * so the snapshot holds every commit up to {@code v} (and perhaps a later one that landed in between:
 * such a commit can only cause a false conflict, never a missed one).
 *
 * <h2>Stripes</h2>
 * Keys are hashed ({@link #hash}, 64 bits) into {@value #STRIPE_BITS}-bit stripes. Each stripe remembers
 * the hash and version of the last key written to it, and the highest version of a write to it by any
 * other key ({@code displaced}). A key whose hash is {@code h} was written after {@code v} only if its
 * stripe's last write has hash {@code h} and a version above {@code v}, or its displaced version is above
 * {@code v}: a conflict is never missed, and a false one needs two different keys of the stripe written
 * since {@code v} (or a 64-bit hash collision).
 *
 * <p>The stripes are one plain array guarded by the commit lock, which {@link #commit} holds from the check
 * to the publication; the published version is volatile, for {@link #committedVersion()} outside the lock.
 */
final class CommitLedger {
    /** log2 of the number of stripes: 2^16 stripes of 32 bytes, 2 MiB. */
    static final int STRIPE_BITS = 16;
    private static final int STRIPE_MASK = (1 << STRIPE_BITS) - 1;
    /** Each stripe's fields are adjacent (one memory fetch): the last hash, its version, the displaced version. */
    private static final int LAST_HASH = 0;
    private static final int LAST_VERSION = 1;
    private static final int DISPLACED_VERSION = 2;
    private static final int STRIPE_LONGS = 4;

    private final ReentrantLock lock = new ReentrantLock();
    private final long[] stripes = new long[STRIPE_LONGS << STRIPE_BITS];
    private volatile long committed;

    /** The write a commit makes once its checks pass, under the commit lock. */
    @FunctionalInterface
    interface Write {
        void apply() throws RocksDBException;
    }

    /** The version of the latest commit whose write is in RocksDB. */
    long committedVersion() {
        return committed;
    }

    /**
     * Commits a transaction that began at version {@code since}: under the commit lock, checks that no
     * key in {@code checked} was written by a commit after {@code since}, then (if {@code written} is not
     * empty) runs {@code write}, stamps the stripes of {@code written} with the new version and publishes it.
     *
     * @return false, having written nothing, if a checked key was written after {@code since}
     * @throws RocksDBException if {@code write} failed; nothing is stamped or published then
     */
    boolean commit(long since, KeyHashes checked, KeyHashes written, Write write) throws RocksDBException {
        if (checked.size() == 0 && written.size() == 0) {
            return true;
        }
        lock.lock();
        try {
            for (int i = 0, n = checked.size(); i < n; i++) {
                if (writtenAfter(checked.get(i), since)) {
                    return false;
                }
            }
            if (written.size() == 0) {
                return true;
            }
            write.apply();
            long version = committed + 1;
            for (int i = 0, n = written.size(); i < n; i++) {
                stamp(written.get(i), version);
            }
            committed = version;
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * A 64-bit hash of a key: FNV-1a over the bytes, then the murmur3 finaliser so that the low bits, which
     * pick the stripe, depend on every byte.
     */
    static long hash(byte[] key) {
        long h = 0xcbf29ce484222325L;
        for (byte b : key) {
            h = (h ^ (b & 0xFF)) * 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    private boolean writtenAfter(long hash, long since) {
        int at = ((int) hash & STRIPE_MASK) * STRIPE_LONGS;
        return stripes[at + DISPLACED_VERSION] > since
                || (stripes[at + LAST_VERSION] > since && stripes[at + LAST_HASH] == hash);
    }

    private void stamp(long hash, long version) {
        int at = ((int) hash & STRIPE_MASK) * STRIPE_LONGS;
        long lastVersion = stripes[at + LAST_VERSION];
        if (stripes[at + LAST_HASH] != hash && lastVersion > stripes[at + DISPLACED_VERSION]) {
            stripes[at + DISPLACED_VERSION] = lastVersion;
        }
        stripes[at + LAST_HASH] = hash;
        stripes[at + LAST_VERSION] = version;
    }
}
