package io.kvmapper.memory;

import java.util.TreeMap;

/**
 * The store's commit clock and the snapshots open on it.
 *
 * <p>Every commit that writes gets the next sequence number; a snapshot is the sequence of the last commit
 * when it opened, and sees exactly the versions written at or before it. The store prunes only versions
 * that no registered snapshot can see. That is safe against a reader registering concurrently because
 * {@link #open()} reads the clock under the same monitor that {@link #readers()} copies the registrations
 * under, and a committer {@linkplain #publish publishes} its sequence before it asks for the readers: a
 * reader either is among them, or registered later and reads at the new sequence or after.
 */
final class Snapshots {
    /** Open snapshots: sequence to how many readers hold it. */
    private final TreeMap<Long, Integer> open = new TreeMap<>();
    private volatile long committed;

    /** Registers a reader of the latest commit and returns its sequence. */
    synchronized long open() {
        long sequence = committed;
        open.merge(sequence, 1, Integer::sum);
        return sequence;
    }

    /**
     * Unregisters one reader of {@code sequence}.
     *
     * @return the horizon afterwards: no open snapshot reads before it
     */
    synchronized long release(long sequence) {
        open.computeIfPresent(sequence, (at, readers) -> readers == 1 ? null : readers - 1);
        return open.isEmpty() ? committed : open.firstKey();
    }

    /** The sequence of the last commit. */
    long committed() {
        return committed;
    }

    /** Makes {@code sequence} the last commit. Called with the commit lock held, once its versions are in place. */
    void publish(long sequence) {
        committed = sequence;
    }

    /** The sequences of the open snapshots, ascending and distinct. Later snapshots read at {@link #committed()} or after. */
    synchronized long[] readers() {
        long[] sequences = new long[open.size()];
        int i = 0;
        for (long sequence : open.keySet()) {
            sequences[i++] = sequence;
        }
        return sequences;
    }

    /** How many snapshots are open, for tests that check none leaks. */
    synchronized int openCount() {
        return open.values().stream().mapToInt(Integer::intValue).sum();
    }
}
