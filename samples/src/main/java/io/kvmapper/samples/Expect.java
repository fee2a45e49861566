package io.kvmapper.samples;

import java.util.Objects;

/**
 * The samples' own checks: a sample compares what it reads back with what it wrote, and a wrong answer
 * throws, so the samples job fails loudly instead of printing something plausible.
 */
public final class Expect {
    private Expect() {
    }

    /**
     * Returns {@code actual} if it equals {@code expected}.
     *
     * @param what what was read back, for the message
     * @throws IllegalStateException if they differ
     */
    public static <T> T equal(String what, Object expected, T actual) {
        if (!Objects.equals(expected, actual)) {
            throw new IllegalStateException(what + ": expected " + expected + " but read back " + actual);
        }
        return actual;
    }

    /**
     * Does nothing if {@code condition} holds.
     *
     * @param what the fact that should hold, for the message
     * @throws IllegalStateException if it does not
     */
    public static void that(String what, boolean condition) {
        if (!condition) {
            throw new IllegalStateException("expected " + what + ", but it does not hold");
        }
    }
}
