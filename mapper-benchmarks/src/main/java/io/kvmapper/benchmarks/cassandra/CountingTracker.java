package io.kvmapper.benchmarks.cassandra;

import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.tracker.RequestTracker;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the requests a session sends, as the application sees them: each statement, batch and page of a
 * result, whether it succeeded or failed (a request the driver retries counts once).
 */
final class CountingTracker implements RequestTracker {
    private final LongAdder requests = new LongAdder();

    @Override
    public void onSuccess(Request request, long latencyNanos, DriverExecutionProfile profile, Node node,
            String logPrefix) {
        requests.increment();
    }

    @Override
    public void onError(Request request, Throwable error, long latencyNanos, DriverExecutionProfile profile, Node node,
            String logPrefix) {
        requests.increment();
    }

    /** The requests counted so far. */
    long count() {
        return requests.sum();
    }

    @Override
    public void close() {
    }
}
