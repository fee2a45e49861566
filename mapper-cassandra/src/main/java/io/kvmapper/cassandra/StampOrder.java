package io.kvmapper.cassandra;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * Tells the callbacks of this backend's commits with stamped puts ({@link io.kvmapper.spi.KvTransaction#putStamped})
 * in the order of their stamps, which hold the commits' write timestamps: a commit takes its timestamps here
 * ({@link #begin}), and once it has ended ({@link #end}) its callbacks run as soon as every commit that took an
 * earlier timestamp has ended too. So two commits of one key in this process are told in the order Cassandra
 * applies them (the later timestamp wins), whichever finished first. The callbacks run under this object's lock,
 * one commit after another; they only hand the keys on.
 */
final class StampOrder {
    /** A commit's callbacks once it has ended (null if it failed), or {@link #RUNNING} while it runs. */
    private static final Runnable RUNNING = () -> { };

    private final LongSupplier timestamps;
    private final TreeMap<Long, Runnable> commits = new TreeMap<>();

    /** @param timestamps hands out a commit's two write timestamps ({@link CassandraBackend#nextTimestamps}) */
    StampOrder(LongSupplier timestamps) {
        this.timestamps = timestamps;
    }

    /** A commit's two write timestamps, the first returned, taken in the order its callbacks will run in. */
    synchronized long begin() {
        long deletedAt = timestamps.getAsLong();
        commits.put(deletedAt, RUNNING);
        return deletedAt;
    }

    /**
     * Ends the commit that {@link #begin} gave {@code deletedAt}: runs {@code committed} (null if the commit failed)
     * once every earlier commit has ended, and the callbacks of later ones that waited for this one.
     */
    synchronized void end(long deletedAt, Runnable committed) {
        commits.put(deletedAt, committed == null ? () -> { } : committed);
        List<Runnable> due = new ArrayList<>();
        while (!commits.isEmpty() && commits.firstEntry().getValue() != RUNNING) {
            Map.Entry<Long, Runnable> first = commits.pollFirstEntry();
            due.add(first.getValue());
        }
        due.forEach(Runnable::run);
    }
}
