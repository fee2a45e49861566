package io.kvmapper.memory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The committed versions of one key, newest first: each the commit sequence that wrote it and the value
 * that commit left, or {@code null} (a tombstone) for a delete.
 *
 * <p>Readers walk the chain without a lock. Only the committer, holding the store's commit lock, adds or
 * prunes versions, and it does so by replacing the head: versions are immutable, so a reader that got the
 * old head still walks a complete list, and every version a registered snapshot can see stays reachable.
 */
final class VersionChain {
    private record Version(long sequence, byte[] value, Version older) {
    }

    private volatile Version newest;

    /** Whether the chain waits in the store's prune queue. Guarded by the commit lock. */
    boolean queued;

    VersionChain(long sequence, byte[] value) {
        this.newest = new Version(sequence, value, null);
    }

    /** The value a snapshot at {@code sequence} sees, or {@code null} if the key is absent there. */
    byte[] valueAt(long sequence) {
        for (Version version = newest; version != null; version = version.older) {
            if (version.sequence <= sequence) {
                return version.value;
            }
        }
        return null;
    }

    /** The sequence of the last commit that wrote the key: what conflict checks compare with. */
    long lastWritten() {
        return newest.sequence;
    }

    /** The latest committed value, or {@code null} if the key was deleted last. */
    byte[] latestValue() {
        return newest.value;
    }

    /** Adds the version a commit at {@code sequence} wrote. Commit lock held. */
    void add(long sequence, byte[] value) {
        newest = new Version(sequence, value, newest);
    }

    /**
     * Drops the versions that no snapshot can see: an older version is kept only while an open snapshot
     * reads between it and the next newer one. A tombstone left as the oldest version is dropped too,
     * since a snapshot before every version reads the key as absent anyway. The newest version is always
     * kept: later snapshots read it, and conflict checks need its sequence. Commit lock held.
     *
     * @param readers the sequences of the open snapshots, ascending; any snapshot opened later reads at or
     *     after the newest version
     */
    void prune(long[] readers) {
        Version head = newest;
        List<Version> kept = new ArrayList<>();
        kept.add(head);
        for (Version newer = head, version = head.older; version != null; newer = version, version = version.older) {
            if (anyReaderIn(readers, version.sequence, newer.sequence)) {
                kept.add(version);
            }
        }
        while (kept.size() > 1 && kept.get(kept.size() - 1).value == null) {
            kept.remove(kept.size() - 1);
        }
        if (kept.size() == size(head)) {
            return;
        }
        Version rebuilt = null;
        for (int i = kept.size() - 1; i >= 0; i--) {
            rebuilt = new Version(kept.get(i).sequence, kept.get(i).value, rebuilt);
        }
        newest = rebuilt;
    }

    /**
     * Whether pruning may still shrink the chain later: it holds older versions, or its newest is a
     * tombstone that the key's entry can go with. Commit lock held.
     */
    boolean needsPruning() {
        return newest.older != null || newest.value == null;
    }

    /**
     * The sequence from which on pruning can finish the chain: once no snapshot reads before it, every
     * older version is invisible, and a tombstone is indistinguishable from an absent key.
     */
    long settlesAt() {
        return newest.sequence;
    }

    /**
     * Whether the chain is a lone tombstone that no open snapshot began before: no reader can see a value
     * under the key, and no transaction that began before the delete is left to conflict with it, so the
     * key's entry can be removed. Commit lock held.
     */
    boolean isForgettable(long[] readers) {
        Version head = newest;
        return head.value == null && head.older == null && (readers.length == 0 || readers[0] >= head.sequence);
    }

    /** How many versions the chain holds, tombstones included. */
    int size() {
        return size(newest);
    }

    private static int size(Version head) {
        int size = 0;
        for (Version version = head; version != null; version = version.older) {
            size++;
        }
        return size;
    }

    /** Whether a sequence in {@code readers} (ascending) lies in {@code [from, until)}. */
    private static boolean anyReaderIn(long[] readers, long from, long until) {
        int index = Arrays.binarySearch(readers, from);
        if (index < 0) {
            index = -index - 1;
        }
        return index < readers.length && readers[index] < until;
    }
}
