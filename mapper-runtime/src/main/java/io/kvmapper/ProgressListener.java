package io.kvmapper;

/**
 * Receives {@link Progress} reports of long-running tasks, after each bounded batch and once at the
 * end. Called from the thread doing the work; keep it quick and do not throw.
 */
@FunctionalInterface
public interface ProgressListener {
    /** Reports progress. */
    void onProgress(Progress progress);

    /** A listener that ignores every report. */
    static ProgressListener none() {
        return progress -> { };
    }
}
