package io.kvmapper.it.fuzz;

import io.kvmapper.it.TestStores;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Seeds and budgets of the fuzzers, from system properties (Maven passes {@code -D} properties on to the
 * tests):
 *
 * <ul>
 *   <li>{@value #SEED}: run only this seed (a decimal or {@code 0x} hexadecimal long), to replay a failure;
 *       by default every fuzzer runs a fixed seed, {@value #FIXED_SEED}, then a random one that it prints;
 *   <li>{@value #CASE}: with a seed, run only this case of it (each case starts from an empty entity and
 *       draws its own randomness from the seed and its number, so it replays alone);
 *   <li>{@value #BUDGET}: how many cases each fuzzer runs per seed and entity; the default keeps a whole fuzz
 *       run to well under a minute per backend ({@link #defaultBudget}).
 * </ul>
 *
 * A failure names the seed, the case, and the properties that replay it.
 */
final class FuzzSettings {
    static final String SEED = "kvmapper.fuzz.seed";
    static final String CASE = "kvmapper.fuzz.case";
    static final String BUDGET = "kvmapper.fuzz.budget";
    static final long FIXED_SEED = 20_261_127L;

    /** The random seed of this run, drawn once per JVM so that every fuzzer prints and uses the same. */
    private static final long RANDOM_SEED = new SecureRandom().nextLong();

    private FuzzSettings() {
    }

    /** The seeds to run: the one asked for, or the fixed seed and this run's random one. */
    static List<Long> seeds() {
        String asked = System.getProperty(SEED);
        if (asked != null && !asked.isBlank()) {
            return List.of(parse(asked.trim()));
        }
        return List.of(FIXED_SEED, RANDOM_SEED);
    }

    /** Each seed with each specimen entity, as parameterized tests take them. */
    static Stream<Arguments> seedsAndKinds() {
        List<Arguments> arguments = new ArrayList<>();
        for (long seed : seeds()) {
            for (SpecimenKind kind : SpecimenKind.values()) {
                arguments.add(Arguments.of(seed, kind));
            }
        }
        return arguments.stream();
    }

    /** The cases to run of one seed: the one asked for, or the budget's first ones. */
    static int[] cases(int defaultBudget) {
        String asked = System.getProperty(CASE);
        if (asked != null && !asked.isBlank()) {
            return new int[] {Integer.parseInt(asked.trim())};
        }
        int budget = Integer.getInteger(BUDGET, defaultBudget);
        int[] cases = new int[budget];
        for (int i = 0; i < budget; i++) {
            cases[i] = i;
        }
        return cases;
    }

    /**
     * The default number of cases per seed and entity: {@code local} in memory and on RocksDB, {@code cassandra}
     * on Cassandra, where every write is a round trip to a server (and a claim a lightweight transaction).
     */
    static int defaultBudget(int local, int cassandra) {
        return TestStores.onCassandra() ? cassandra : local;
    }

    /**
     * The directory of one case's store: a store of its own in memory and on RocksDB, so that no case scans the
     * deletion markers of the cases before it (on RocksDB a scan steps over them, and the bad-input fuzzer's cases,
     * which write values of up to a MiB, made the last ones several times slower than the first); on Cassandra,
     * where each new directory creates tables, the one store
     * of the test, which every case leaves empty.
     */
    static java.nio.file.Path caseDirectory(java.nio.file.Path testDirectory, int caseNumber) {
        return TestStores.onCassandra() ? testDirectory : testDirectory.resolve("case-" + caseNumber);
    }

    /** The randomness of one case: a function of the seed, the entity and the case's number only. */
    static SplittableRandom random(long seed, SpecimenKind kind, int caseNumber) {
        return new SplittableRandom(seed ^ (0x9E3779B97F4A7C15L * (caseNumber + 1)) ^ ((long) kind.ordinal() << 56));
    }

    /** How to replay one case, for failure messages. */
    static String replay(String test, long seed, SpecimenKind kind, int caseNumber) {
        return "seed " + seed + ", " + kind + ", case " + caseNumber + " (replay: -Dtest='" + test + "' -D" + SEED + "="
                + seed + " -D" + CASE + "=" + caseNumber + " -D" + TestStores.PROPERTY + "="
                + System.getProperty(TestStores.PROPERTY, "rocksdb") + ")";
    }

    /** The seeds, printed once per fuzzer so that a run's random seed is in its output. */
    static void announce(String fuzzer) {
        System.out.println(fuzzer + ": seeds " + seeds() + " (the first fixed, the second random unless -D" + SEED
                + " chose one), budget " + Integer.getInteger(BUDGET, -1) + " (-1: the default) on "
                + System.getProperty(TestStores.PROPERTY, "rocksdb"));
    }

    /**
     * Silences (or restores) the WARNING a scan logs for each record it skips because it cannot decode it: a fuzzer
     * makes thousands, each with its stack trace, and asserts on what the scans return instead.
     */
    static void quietScans(boolean quiet) {
        java.util.logging.Logger.getLogger(io.kvmapper.KvStore.class.getName())
                .setLevel(quiet ? java.util.logging.Level.SEVERE : null);
    }

    private static long parse(String seed) {
        return seed.startsWith("0x") || seed.startsWith("0X") ? Long.parseUnsignedLong(seed.substring(2), 16)
                : Long.parseLong(seed);
    }
}
