package io.kvmapper.cassandra;

import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.tracker.RequestTracker;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Records each request a session sends to Cassandra (each page of a scan is one), for tests that check
 * how many round trips an operation makes.
 */
final class RequestCounter implements RequestTracker {
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final List<Request> sent = new CopyOnWriteArrayList<>();

    @Override
    public void onSuccess(Request request, long latencyNanos, DriverExecutionProfile profile, Node node,
            String logPrefix) {
        sent.add(request);
        requests.add(describe(request));
    }

    @Override
    public void onError(Request request, Throwable error, long latencyNanos, DriverExecutionProfile profile, Node node,
            String logPrefix) {
        sent.add(request);
        requests.add(describe(request));
    }

    /**
     * Forgets what was recorded, once the reports of requests already completed have come in (the driver
     * reports a request just after completing it): when none came for 50 ms.
     */
    void reset() {
        int seen;
        do {
            seen = requests.size();
            pause(50);
        } while (requests.size() != seen);
        requests.clear();
        sent.clear();
    }

    /** The requests themselves since the last reset, as {@link #requests()} describes them. */
    List<Request> sent() {
        return List.copyOf(sent);
    }

    /** The requests since the last reset: the CQL of each, "BATCH of n" for a batch. */
    List<String> requests() {
        return List.copyOf(requests);
    }

    /**
     * The requests since the last reset, once {@code expected} of them are recorded (the driver reports a
     * request just after completing it) and a moment has passed without more.
     */
    List<String> settled(int expected) {
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (requests.size() < expected && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        pause(100);
        return requests();
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String describe(Request request) {
        if (request instanceof BoundStatement bound) {
            return bound.getPreparedStatement().getQuery();
        }
        if (request instanceof BatchStatement batch) {
            return "BATCH of " + batch.size();
        }
        return request.toString();
    }

    @Override
    public void close() {
    }
}
