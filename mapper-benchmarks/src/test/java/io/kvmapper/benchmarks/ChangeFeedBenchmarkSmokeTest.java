package io.kvmapper.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kvmapper.benchmarks.feeds.ChangeFeedBenchmark;
import io.kvmapper.benchmarks.feeds.ExpiringAccount;
import io.kvmapper.benchmarks.feeds.FeedAccount;
import io.kvmapper.benchmarks.feeds.PlainAccount;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Runs the change feed benchmark's insert once per entity on a tiny store, without timing anything. */
class ChangeFeedBenchmarkSmokeTest {
    @ParameterizedTest
    @ValueSource(strings = {"plain", "expiring", "feed"})
    void insertsTheEntityOfItsKind(String entity) throws Exception {
        ChangeFeedBenchmark benchmark = new ChangeFeedBenchmark();
        benchmark.entity = entity;
        benchmark.users = 2_500;
        benchmark.setUp();
        try {
            Object inserted = benchmark.insert();
            Class<?> kind = switch (entity) {
                case "feed" -> FeedAccount.class;
                case "expiring" -> ExpiringAccount.class;
                default -> PlainAccount.class;
            };
            assertEquals(kind, inserted.getClass());
        } finally {
            benchmark.tearDown();
        }
    }
}
