package io.kvmapper.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kvmapper.benchmarks.queries.Member;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs both query benchmarks on every contender over a small store, without timing anything: the set-up checks
 * each contender's answers against the loaded members, and every contender answers the same argument sequence
 * alike.
 */
class QueryBenchmarkSmokeTest {
    @ParameterizedTest
    @ValueSource(strings = {"raw", "kvmapper", "finder"})
    void bothQueriesAnswerAlikeOnEveryContender(String contender) throws Exception {
        assertEquals(answers("raw", "on"), answers(contender, "on"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"kvmapper", "finder"})
    void theMapperAnswersAlikeWithTheEntityCacheOff(String contender) throws Exception {
        assertEquals(answers("raw", "on"), answers(contender, "off"));
    }

    private static List<List<Member>> answers(String contender, String entityCache) throws Exception {
        QueryBenchmark benchmark = new QueryBenchmark();
        benchmark.contender = contender;
        benchmark.entityCache = entityCache;
        benchmark.members = 3000;
        benchmark.setUp();
        try {
            List<List<Member>> answers = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                answers.add(benchmark.indexRange());
                answers.add(benchmark.inQuery());
            }
            return answers;
        } finally {
            benchmark.tearDown();
        }
    }
}
