package io.kvmapper.samples.metrics;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * One raw point of a metric, keyed by (metric, time) so that a time range of a metric is one scan, and
 * counted and summed per (metric, hour bucket) by two counters, so that an hour's count, total and
 * average are point reads whatever the number of points. The bucket is a stored field (the hour the
 * point falls in) because a counter groups by fields.
 *
 * @param metric the metric's name (the partition)
 * @param at when it was measured
 * @param hour the hour bucket: {@code at} truncated to the hour
 * @param value the measured value
 */
@Entity
@Counter(name = "pointsPerHour", groupBy = {"metric", "hour"})
@Counter(name = "totalPerHour", groupBy = {"metric", "hour"}, sum = "value")
public record Measurement(@Key String metric, @Key Instant at, Instant hour, long value) {

    /** A point, in the hour bucket of {@code at}. */
    public static Measurement of(String metric, Instant at, long value) {
        return new Measurement(metric, at, at.truncatedTo(ChronoUnit.HOURS), value);
    }
}
