package io.kvmapper.internal.index;

import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KvTransaction;
import java.util.ArrayList;
import java.util.List;

/**
 * What the maintainers of one entity decide to write for one record's change, held back until every
 * maintainer has made its claims: claims are the only writes made at once ({@link #claim}), so that a
 * unique-constraint violation can withdraw them and leave the transaction as it was. The lists are allocated
 * only for the kinds of change a write makes.
 */
public final class PendingWrites {
    private static final byte[] EMPTY = new byte[0];

    private final byte[] recordKey;
    private List<byte[]> claims;
    private List<byte[]> deletes;
    private List<byte[]> releases;
    private List<byte[]> puts;
    private List<CounterAdd> adds;
    /** Scratch lists the index maintainers reuse for an entity's old and new values. */
    final List<byte[]> before = new ArrayList<>(2);
    final List<byte[]> after = new ArrayList<>(2);

    PendingWrites(byte[] recordKey) {
        this.recordKey = recordKey;
    }

    /**
     * Claims {@code entry} for the record now; whether it was free (or already the record's). A claim made
     * here is withdrawn by {@link #withdrawClaims}.
     *
     * @return the record key holding the entry, or null if the record holds it now
     */
    byte[] claim(KvTransaction kv, byte[] entry) {
        byte[] holder = kv.claim(entry, recordKey);
        if (holder == null) {
            claims = add(claims, entry);
        }
        return holder;
    }

    /** Deletes {@code key} when the writes are applied. */
    void delete(byte[] key) {
        deletes = add(deletes, key);
    }

    /** Gives up the record's claim of {@code entry} when the writes are applied. */
    void release(byte[] entry) {
        releases = add(releases, entry);
    }

    /** Puts an empty value under {@code key} when the writes are applied. */
    void put(byte[] key) {
        puts = add(puts, key);
    }

    /**
     * Adds {@code delta} to the counter {@code key} when the writes are applied, then removes it if
     * {@code removeIfZero} and it holds zero (see {@link CounterMaintainer}).
     */
    void add(byte[] key, long delta, boolean removeIfZero) {
        adds = add(adds, new CounterAdd(key, delta, removeIfZero));
    }

    /**
     * Withdraws the claims made so far, and writes nothing: a unique-constraint violation, or a refusal of the
     * record's own write, leaves the transaction as it was.
     */
    public void withdrawClaims(KvTransaction kv) {
        if (claims != null) {
            for (byte[] entry : claims) {
                kv.release(entry, recordKey);
            }
        }
    }

    /** Writes what the maintainers decided: deletes, releases, puts, then counter adds. */
    public void apply(KvTransaction kv) {
        if (deletes != null) {
            for (byte[] key : deletes) {
                kv.delete(key);
            }
        }
        if (releases != null) {
            for (byte[] key : releases) {
                kv.release(key, recordKey);
            }
        }
        if (puts != null) {
            for (byte[] key : puts) {
                kv.put(key, EMPTY);
            }
        }
        if (adds != null) {
            for (CounterAdd add : adds) {
                kv.add(add.key(), add.delta());
                if (add.removeIfZero()) {
                    removeIfZero(kv, add.key());
                }
            }
        }
    }

    /**
     * Removes a counter group that an add just brought to zero. Two transactions that bring one group to
     * zero together each see only their own change, so neither removes it; the group then holds zero,
     * which reads as absent, until its next change or {@code repair()}.
     */
    private static void removeIfZero(KvTransaction kv, byte[] key) {
        if (Counters.decode(key, kv.peek(key)) == 0) {
            kv.delete(key);
        }
    }

    /** One add to a counter, and whether a zero it leaves is removed. */
    private record CounterAdd(byte[] key, long delta, boolean removeIfZero) {
    }

    /** {@code list} with {@code item} appended, allocating the list on first use. */
    private static <T> List<T> add(List<T> list, T item) {
        List<T> to = list == null ? new ArrayList<>(4) : list;
        to.add(item);
        return to;
    }
}
