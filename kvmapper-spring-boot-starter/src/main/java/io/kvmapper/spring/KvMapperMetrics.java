package io.kvmapper.spring;

import io.kvmapper.OperationListener;
import io.kvmapper.Progress;
import io.kvmapper.ProgressListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * KV Mapper's Micrometer meters, fed by the store's listeners:
 * <ul>
 *   <li>{@code kvmapper.operations}: a timer of repository operations, tagged {@code entity} (its stored name),
 *       {@code operation} ({@code find}, {@code save}, {@code findByIndex}, ...; see {@link OperationListener})
 *       and {@code outcome} ({@code success}, or the simple name of the exception it threw);</li>
 *   <li>{@code kvmapper.transactions.conflicts}: a counter of units of work that conflicted with a concurrent
 *       writer, tagged {@code outcome} {@code retried} or {@code failed} (attempts used up);</li>
 *   <li>{@code kvmapper.schema.builds.processed}: a gauge per online index or counter build (or drop), tagged
 *       {@code entity} and {@code task}, of the records it has processed; and
 *       {@code kvmapper.schema.builds.running}, how many builds are running.</li>
 * </ul>
 */
public class KvMapperMetrics implements OperationListener, ProgressListener {
    static final String OPERATIONS = "kvmapper.operations";
    static final String CONFLICTS = "kvmapper.transactions.conflicts";
    static final String BUILD_PROCESSED = "kvmapper.schema.builds.processed";
    static final String BUILDS_RUNNING = "kvmapper.schema.builds.running";
    private static final String SUCCESS = "success";

    private final MeterRegistry registry;
    /** Successful operations' timers by entity, then operation: the common case finds its timer without allocating. */
    private final Map<String, Map<String, Timer>> successes = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> buildProgress = new ConcurrentHashMap<>();
    private final Counter retried;
    private final Counter failed;

    /** Meters in {@code registry}; {@code builds} gives the number of running builds. */
    public KvMapperMetrics(MeterRegistry registry, SchemaBuilds builds) {
        this.registry = registry;
        this.retried = Counter.builder(CONFLICTS).tag("outcome", "retried")
                .description("Units of work that conflicted with a concurrent writer").register(registry);
        this.failed = Counter.builder(CONFLICTS).tag("outcome", "failed")
                .description("Units of work that conflicted with a concurrent writer").register(registry);
        registry.gauge(BUILDS_RUNNING, builds, b -> b.running().size());
    }

    @Override
    public void onOperation(String entity, String operation, long nanos, Throwable failure) {
        Timer timer;
        if (failure == null) {
            Map<String, Timer> byOperation = successes.computeIfAbsent(entity, e -> new ConcurrentHashMap<>());
            timer = byOperation.get(operation);
            if (timer == null) {
                timer = byOperation.computeIfAbsent(operation, o -> timer(entity, o, SUCCESS));
            }
        } else {
            timer = timer(entity, operation, failure.getClass().getSimpleName());
        }
        timer.record(nanos, TimeUnit.NANOSECONDS);
    }

    private Timer timer(String entity, String operation, String outcome) {
        return Timer.builder(OPERATIONS).description("KV Mapper repository operations")
                .tag("entity", entity).tag("operation", operation).tag("outcome", outcome).register(registry);
    }

    @Override
    public void onConflict(int attempt, boolean retrying) {
        (retrying ? retried : failed).increment();
    }

    @Override
    public void onProgress(Progress progress) {
        buildProgress.computeIfAbsent(progress.entity() + "\u0000" + progress.task(), key -> registry.gauge(
                BUILD_PROCESSED, io.micrometer.core.instrument.Tags.of("entity", progress.entity(), "task",
                        progress.task()), new AtomicLong())).set(progress.processed());
    }
}
