package io.kvmapper.benchmarks.commits;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs the benchmark's transaction a few times per writer, with and without fsync, timing nothing: it
 * throws if a commit fails or a writer's key was already there.
 */
class ConcurrentCommitBenchmarkSmokeTest {
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void eachWriterCommitsItsOwnKeys(boolean syncWrites) throws Exception {
        ConcurrentCommitBenchmark benchmark = new ConcurrentCommitBenchmark();
        benchmark.syncWrites = syncWrites;
        benchmark.open();
        try {
            ConcurrentCommitBenchmark.Writer first = new ConcurrentCommitBenchmark.Writer();
            ConcurrentCommitBenchmark.Writer second = new ConcurrentCommitBenchmark.Writer();
            first.number(benchmark);
            second.number(benchmark);
            for (int i = 0; i < 3; i++) {
                benchmark.commit(first);
                benchmark.commit(second);
            }
        } finally {
            benchmark.close();
        }
    }
}
