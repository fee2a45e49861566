package io.kvmapper.samples.metrics;

import static io.kvmapper.samples.Expect.equal;

import io.kvmapper.KvStore;
import io.kvmapper.samples.Sample;
import io.kvmapper.samples.StoredKeys;
import io.kvmapper.tuple.Tuples;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Time-bucketed metrics, two ways: raw points with maintained counters per (metric, hour), and the
 * data-modelling article's one-item-per-hour bucket changed one value at a time.
 */
public final class MetricsSample implements Sample {
    private static final Instant DAY = Instant.parse("2026-11-22T00:00:00Z");
    private static final Instant TEN = DAY.plus(Duration.ofHours(10));
    private static final String LATENCY = "api.latency_ms";
    private static final String CPU = "cpu_usage";

    @Override
    public String title() {
        return "Metrics: counters per (metric, hour bucket), and one bucket item per hour";
    }

    @Override
    public void run(KvStore store, PrintStream out) {
        countedPoints(store, out);
        buckets(store, out);
    }

    private static void countedPoints(KvStore store, PrintStream out) {
        out.println("-- raw points, counted and summed per (metric, hour)");
        MeasurementRepository points = new MeasurementRepository(store);
        points.findByMetric(LATENCY).forEach(p -> points.deleteById(p.metric(), p.at()));
        long[] totals = new long[3];
        for (int i = 0; i < 90; i++) {
            Instant at = TEN.plusSeconds(120L * i);
            long value = 20 + (i * 7) % 50;
            points.save(Measurement.of(LATENCY, at, value));
            totals[i / 30] += value;
        }
        out.println("recorded 90 points of " + LATENCY + ", one every two minutes from 10:00 to 12:58");

        Instant eleven = TEN.plus(Duration.ofHours(1));
        long count = points.countPointsPerHour(LATENCY, eleven);
        long total = points.sumTotalPerHour(LATENCY, eleven);
        out.printf("hour 11:00 (two point reads, no scan): %d points, total %d ms, average %d ms%n", count, total,
                total / count);
        equal("points in the 11:00 bucket", 30L, count);
        equal("the 11:00 total", totals[1], total);
        Map<String, Long> perHour = new LinkedHashMap<>();
        for (int hour = 9; hour <= 12; hour++) {
            Instant bucket = DAY.plus(Duration.ofHours(hour));
            perHour.put(hour + ":00", points.sumTotalPerHour(LATENCY, bucket));
        }
        out.println("total per hour, one read each: " + perHour);
        equal("the 10:00 total", totals[0], perHour.get("10:00"));
        equal("the 9:00 total, a bucket nobody wrote", 0L, perHour.get("9:00"));
        List<String> group = StoredKeys.ofIndex(store, "Measurement", "totalPerHour", LATENCY, eleven);
        equal("the 11:00 group's keys in the store", 1, group.size());
        out.println("the 11:00 total is stored under " + group.get(0) + " (the instant as nanoseconds)");

        List<Long> window = points.findByMetricAndAtBetween(LATENCY, eleven.plusSeconds(15 * 60),
                eleven.plusSeconds(21 * 60)).stream().map(Measurement::value).toList();
        out.println("raw values from 11:15 to 11:21 (one range scan): " + window);
        equal("values from 11:15 to 11:21", 3, window.size());

        long removed = points.findById(LATENCY, eleven).orElseThrow().value();
        points.deleteById(LATENCY, eleven);
        out.println("after deleting the 11:00:00 point (" + removed + " ms): " + points.countPointsPerHour(LATENCY, eleven)
                + " points, total " + points.sumTotalPerHour(LATENCY, eleven) + " ms");
        equal("the 11:00 total after a delete", totals[1] - removed, points.sumTotalPerHour(LATENCY, eleven));
        equal("integrity", true, points.verify().isClean());
    }

    private static void buckets(KvStore store, PrintStream out) {
        out.println("-- one item per (metric, hour), as in the article");
        HourBucketRepository buckets = new HourBucketRepository(store);
        buckets.findByMetric(CPU).forEach(b -> buckets.deleteById(b.metric(), b.hour()));
        for (int hour = 0; hour < 24; hour++) {
            Instant bucket = DAY.plus(Duration.ofHours(hour));
            buckets.save(new HourBucket(CPU, bucket, Map.of("00:00", 40.0 + hour)));
            buckets.putValues(CPU, bucket, "30:00", 60.0 + hour);
        }
        Instant ten = TEN;
        buckets.putValues(CPU, ten, "00:01", 46.1);
        Map<String, Double> tenOClock = new TreeMap<>(buckets.findById(CPU, ten).orElseThrow().values());
        byte[] tenKey = StoredKeys.keysOfPartition(store, "HourBucket", CPU).get(10);
        out.println("the 10:00 bucket after putValues(\"00:01\", 46.1): " + tenOClock + ", under "
                + Tuples.toString(tenKey) + " = " + HourBucket_KvMapping.INSTANCE.describeKey(tenKey));
        equal("the 10:00 bucket", Map.of("00:00", 50.0, "00:01", 46.1, "30:00", 70.0), tenOClock);

        List<HourBucket> day = buckets.findByMetricAndHourBetween(CPU, DAY, DAY.plus(Duration.ofDays(1)));
        out.println("the whole day: " + day.size() + " buckets in one range scan (the article needs 24 lookups)");
        equal("buckets in the day", 24, day.size());

        Instant cutoff = DAY.plus(Duration.ofHours(12));
        List<HourBucket> old = buckets.findByMetricAndHourBetween(CPU, Instant.MIN, cutoff);
        store.transact(tx -> {
            HourBucketRepository inTx = buckets.with(tx);
            old.forEach(b -> inTx.deleteById(b.metric(), b.hour()));
        });
        List<HourBucket> left = buckets.findByMetric(CPU);
        out.println("retention: deleted the " + old.size() + " buckets before 12:00 in one transaction; left: "
                + left.size() + ", from " + left.get(0).hour());
        equal("buckets left after retention", 12, left.size());
        equal("the oldest bucket left", cutoff, left.get(0).hour());
    }
}
