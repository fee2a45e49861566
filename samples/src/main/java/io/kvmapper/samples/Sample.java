package io.kvmapper.samples;

import io.kvmapper.KvStore;
import java.io.PrintStream;

/** One runnable modelling pattern. */
public interface Sample {
    /** What the sample shows. */
    String title();

    /** Runs the sample against {@code store}, printing what it does to {@code out}. */
    void run(KvStore store, PrintStream out);
}
