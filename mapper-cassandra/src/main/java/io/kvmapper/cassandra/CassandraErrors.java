package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NoNodeAvailableException;
import com.datastax.oss.driver.api.core.connection.BusyConnectionException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.QueryConsistencyException;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvMapperException;
import io.kvmapper.StorageException;

/** Turns the driver's exceptions into KV Mapper's, saying what was being done and whether to retry. */
final class CassandraErrors {
    private CassandraErrors() {
    }

    /**
     * The exception for a failed request. Timeouts, unavailable replicas and overload are retryable (the
     * same work may succeed once the cluster recovers); a rejected query is not, nor is one the role lacks the
     * permission for, which Cassandra names ("User app has no MODIFY permission on &lt;table shop.kv&gt; ...").
     *
     * @param where the store, such as {@code "Cassandra table ks.kv"}
     * @param what what was being done, naming the key or range
     */
    static KvMapperException storage(String where, String what, RuntimeException e) {
        String message = where + ": " + what + " failed: " + e.getMessage();
        if (e instanceof InvalidQueryException && e.getMessage() != null && e.getMessage().contains("Batch too large")) {
            return new InvalidRequestException(where + ": " + what + " failed: " + e.getMessage()
                    + ". A transaction that writes to several partitions is one logged batch, which Cassandra refuses"
                    + " above batch_size_fail_threshold (cassandra.yaml, 50 KiB by default): write less per"
                    + " transaction, or raise the threshold", e);
        }
        if (e instanceof UnauthorizedException) {
            return new StorageException(where + ": " + what + " failed for want of a permission: "
                    + e.getMessage() + " (docs/security.md lists the permissions each operation needs)", e, false);
        }
        return new StorageException(message, e, isRetryable(e));
    }

    /** Whether running the same work again may succeed. */
    static boolean isRetryable(RuntimeException e) {
        return e instanceof QueryConsistencyException // read and write timeouts
                || e instanceof UnavailableException
                || e instanceof OverloadedException
                || e instanceof DriverTimeoutException
                || e instanceof BusyConnectionException
                || e instanceof AllNodesFailedException;
    }

    /**
     * Whether a failed request certainly changed nothing: refused before it was applied anywhere (a query the
     * coordinator found invalid or not permitted, too few replicas alive, no node to send it to).
     */
    static boolean definitelyNotApplied(Throwable e) {
        Throwable cause = e instanceof KvMapperException && e.getCause() != null ? e.getCause() : e;
        return e instanceof InvalidRequestException || cause instanceof UnavailableException
                || cause instanceof QueryValidationException || cause instanceof NoNodeAvailableException;
    }
}
