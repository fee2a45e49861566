package io.kvmapper;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * The settings every backend's options builder shares ({@code RocksKvStore.options()},
 * {@code CassandraKvStore.options()}, {@code MemoryKvStore.options()}): how units of work are retried, the clock
 * the store tells time by, and how its reaper deletes expired entities ({@code @Expires}). Each backend's
 * builder extends it with its own settings; the setters return that builder.
 *
 * @param <O> the backend's options builder
 */
public abstract class StoreOptions<O extends StoreOptions<O>> {
    /** The default interval between the background reaper's rounds: one second. */
    public static final Duration DEFAULT_EXPIRY_INTERVAL = Duration.ofSeconds(1);
    /** The default most expired entities the background reaper deletes per second: {@value}. */
    public static final int DEFAULT_REAP_RATE = 10_000;

    private RetryPolicy retryPolicy = RetryPolicy.DEFAULT;
    private Clock clock = Clock.systemUTC();
    private Duration expiryInterval = DEFAULT_EXPIRY_INTERVAL;
    private int reapRate = DEFAULT_REAP_RATE;

    /** Options with the defaults each setter documents. */
    protected StoreOptions() {
    }

    /**
     * How the {@link KvStore} opened with these options retries units of work that conflict. Default
     * {@link RetryPolicy#DEFAULT}.
     */
    public O retryPolicy(RetryPolicy policy) {
        this.retryPolicy = Objects.requireNonNull(policy, "policy");
        return self();
    }

    /** The retry policy of stores opened with these options. */
    public RetryPolicy retryPolicy() {
        return retryPolicy;
    }

    /**
     * The clock the store tells time by: when an entity has expired ({@code @Expires}), and when a change of a
     * change feed was committed, which retention goes by. Default {@link Clock#systemUTC()}; tests pass a clock
     * they move by hand.
     */
    public O clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return self();
    }

    /** The store's clock. */
    public Clock clock() {
        return clock;
    }

    /**
     * How often the store's reaper looks for expired entities in the background and deletes them, with their
     * index entries and counter contributions; and how often old changes leave change feeds. Until an expired
     * entity is reaped, reads already miss it but counters still count it. Default
     * {@link #DEFAULT_EXPIRY_INTERVAL} (one second). {@link KvStore#reapExpired()} reaps at once.
     *
     * @throws IllegalArgumentException if not positive
     */
    public O expiryInterval(Duration interval) {
        Objects.requireNonNull(interval, "interval");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("expiryInterval must be positive, was " + interval);
        }
        this.expiryInterval = interval;
        return self();
    }

    /** The interval between the background reaper's rounds. */
    public Duration expiryInterval() {
        return expiryInterval;
    }

    /**
     * The most expired entities the background reaper deletes per second, so that a mass expiry does not crowd
     * out the application's writes; it deletes them in units of work of at most a hundred entities each. Default
     * {@value #DEFAULT_REAP_RATE}. {@link KvStore#reapExpired()} is not limited.
     *
     * @throws IllegalArgumentException if not positive
     */
    public O reapRate(int entitiesPerSecond) {
        if (entitiesPerSecond < 1) {
            throw new IllegalArgumentException("reapRate must be positive, was " + entitiesPerSecond);
        }
        this.reapRate = entitiesPerSecond;
        return self();
    }

    /** The most expired entities the background reaper deletes per second. */
    public int reapRate() {
        return reapRate;
    }

    /** These settings as {@code toString()} shows them: {@code retryPolicy=..., clock=..., ...}. */
    protected final String describeStoreOptions() {
        return "retryPolicy=" + retryPolicy + ", clock=" + clock + ", expiryInterval=" + expiryInterval
                + ", reapRate=" + reapRate;
    }

    @SuppressWarnings("unchecked")
    private O self() {
        return (O) this;
    }
}
