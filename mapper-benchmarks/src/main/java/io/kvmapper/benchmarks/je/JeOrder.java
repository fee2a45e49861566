package io.kvmapper.benchmarks.je;

import com.sleepycat.persist.model.Entity;
import com.sleepycat.persist.model.PrimaryKey;

/** An order as a Berkeley DB JE DPL entity; the day is an epoch day. */
@Entity
public class JeOrder {
    @PrimaryKey
    JeOrderKey key;
    long day;
    long totalCents;

    JeOrder() {
    }

    public JeOrder(JeOrderKey key, long day, long totalCents) {
        this.key = key;
        this.day = day;
        this.totalCents = totalCents;
    }

    public JeOrderKey key() {
        return key;
    }

    public long day() {
        return day;
    }

    public long totalCents() {
        return totalCents;
    }
}
