package io.kvmapper.benchmarks.je;

import com.sleepycat.persist.model.Entity;
import com.sleepycat.persist.model.PrimaryKey;

/** One counter group, keyed by counter name and group; DPL has no merge operator, so adds read and write it. */
@Entity
public class JeCounter {
    @PrimaryKey
    String key;
    long value;

    JeCounter() {
    }

    public JeCounter(String key, long value) {
        this.key = key;
        this.value = value;
    }

    public long value() {
        return value;
    }

    public void add(long delta) {
        value += delta;
    }
}
