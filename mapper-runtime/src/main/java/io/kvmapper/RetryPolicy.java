package io.kvmapper;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How {@link KvStore#transact} retries a unit of work that failed with a
 * {@linkplain KvMapperException#isRetryable() retryable} exception (a conflict, an index under construction, a
 * busy backend): up to {@code maxAttempts} runs,
 * sleeping between them for a random time up to an exponentially growing bound (full jitter).
 *
 * @param maxAttempts the most runs, at least 1
 * @param initialBackoff the bound on the first sleep
 * @param maxBackoff the largest bound
 */
public record RetryPolicy(int maxAttempts, Duration initialBackoff, Duration maxBackoff) {
    /** Ten attempts, backing off from 1 ms up to 200 ms. */
    public static final RetryPolicy DEFAULT = new RetryPolicy(10, Duration.ofMillis(1), Duration.ofMillis(200));

    /** Checks the policy. */
    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, was " + maxAttempts);
        }
        if (initialBackoff.isNegative() || maxBackoff.compareTo(initialBackoff) < 0) {
            throw new IllegalArgumentException("backoff bounds must satisfy 0 <= initialBackoff <= maxBackoff");
        }
    }

    /** The sleep before run {@code attempt + 1}, after {@code attempt} failed runs (attempt >= 1). */
    public Duration backoff(int attempt) {
        long bound = initialBackoff.toNanos() << Math.min(attempt - 1, 30);
        if (bound <= 0 || bound > maxBackoff.toNanos()) {
            bound = maxBackoff.toNanos();
        }
        return Duration.ofNanos(bound == 0 ? 0 : ThreadLocalRandom.current().nextLong(bound + 1));
    }
}
