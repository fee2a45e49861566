package io.kvmapper;

import java.util.List;

/**
 * The result of {@code verify()} or {@code repair()} on a repository: every index entry and counter
 * recomputed from the records and compared with what is stored.
 *
 * @param problems one line per problem, naming the entity, the index or counter, and the key as a
 *     decoded tuple; at most {@link #MAX_LISTED} are listed, {@link #problemCount()} counts them all
 * @param problemCount how many problems were found
 * @param repaired how many problems were fixed (0 for {@code verify()})
 * @param recordsChecked how many records were read
 */
public record IntegrityReport(List<String> problems, long problemCount, int repaired, long recordsChecked) {
    /** The most problems listed in {@link #problems()}. */
    public static final int MAX_LISTED = 1_000;

    /** Copies the list. */
    public IntegrityReport {
        problems = List.copyOf(problems);
    }

    /** Whether no problem was found. */
    public boolean isClean() {
        return problemCount == 0;
    }

    @Override
    public String toString() {
        return "IntegrityReport[" + recordsChecked + " records checked, " + problemCount + " problems, " + repaired
                + " repaired" + (problems.isEmpty() ? "" : ": " + String.join("; ", problems)) + "]";
    }
}
