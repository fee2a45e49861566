package io.kvmapper.samples.metrics;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.time.Instant;
import java.util.Map;

/**
 * The data-modelling article's time bucket: one item per (metric, hour) holding that hour's values by
 * "minute:second". The article reads the bucket, sets one value and writes it back, which loses a
 * concurrent writer's value; {@code putValues} does the same in one transaction. A day is one range
 * scan over the metric's buckets instead of 24 lookups, and retention deletes whole buckets.
 *
 * @param metric the metric's name (the partition)
 * @param hour the hour the bucket covers
 * @param values the hour's values by "mm:ss"
 */
@Entity
public record HourBucket(@Key String metric, @Key Instant hour, Map<String, Double> values) {
}
