package io.kvmapper.samples;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * The clock of the samples' store ({@code RocksKvStore.options().clock(...)}): it stands still until a sample sets
 * it, so that what expires, and when changes are committed, is the same on every run. Thread-safe.
 */
public final class SampleClock extends Clock {
    private volatile Instant now;

    /** A clock standing at {@code start}. */
    public SampleClock(Instant start) {
        this.now = Objects.requireNonNull(start, "start");
    }

    /** Moves the clock to {@code instant}. */
    public void set(Instant instant) {
        this.now = Objects.requireNonNull(instant, "instant");
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the samples' clock is in UTC");
    }

    @Override
    public String toString() {
        return "SampleClock[" + now + "]";
    }
}
