package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.cql.BatchType;
import java.util.Iterator;
import java.util.List;

/**
 * What a commit ({@link Commit}) asks of Cassandra: its lightweight transactions, the counters it replaces, the
 * stored partitions a range deletion spanning partitions is resolved against, its batches, a read of a key, and
 * its timestamps. {@link CqlRequests} asks a node; a test gives a fake that records each request and answers as
 * scripted.
 */
interface CommitStore extends LightweightWrites, ReplacedCounters.Reads {
    /**
     * Two write timestamps in microseconds, later than any handed out before: the one returned, for deletions,
     * and the next, for the writes that must survive them ({@link CassandraBackend#nextTimestamps}).
     */
    long nextTimestamps();

    /**
     * {@link #nextTimestamps} for a commit with stamped puts, in the order their callbacks are told; the commit
     * ends with {@link #endStamped}. By default the same as {@link #nextTimestamps}.
     */
    default long beginStamped() {
        return nextTimestamps();
    }

    /**
     * Ends a commit begun with {@link #beginStamped}: {@code committed} (null if it failed) runs once every commit
     * that began before it has ended. By default at once.
     */
    default void endStamped(long deletedAt, Runnable committed) {
        if (committed != null) {
            committed.run();
        }
    }

    /** What tells this backend instance's stamps from another client's with the same write timestamp. */
    default long stampClient() {
        return 0;
    }

    /**
     * Every stored partition of the data and counter tables once, in token order, fetched page by page as the
     * iterator advances ({@link SpanningCursor.Partitions}).
     */
    Iterator<byte[]> storedPartitions();

    /**
     * Binds {@code writes} (not empty) into one request, at the write consistency level and idempotent as said:
     * the statement alone if there is one, else a batch of {@code type}. Binding may prepare a statement used for
     * the first time; a commit binds everything it will send before it sends anything.
     */
    Request bind(List<CqlWrite> writes, BatchType type, boolean idempotent);

    /** The value of {@code key} in the store, as {@link CassandraBackend#get} reads it. */
    byte[] get(byte[] key);

    /** A request bound by {@link #bind}, sent when asked. */
    interface Request {
        /** Sends the request and waits for its outcome; a driver exception if it failed. */
        void send();
    }
}
