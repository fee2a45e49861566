package io.kvmapper.it.expiry;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** A clock a test moves by hand: time stands still until the test says otherwise. Thread-safe. */
public final class TestClock extends Clock {
    private final AtomicReference<Instant> now;

    public TestClock(Instant start) {
        this.now = new AtomicReference<>(start);
    }

    /** Moves the clock on by {@code step}. */
    public void advance(Duration step) {
        now.updateAndGet(at -> at.plus(step));
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("a test clock is in UTC");
    }

    @Override
    public String toString() {
        return "TestClock[" + now.get() + "]";
    }
}
