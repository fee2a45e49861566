package io.kvmapper.benchmarks.cassandra.dm;

import com.datastax.oss.driver.api.mapper.annotations.CqlName;
import com.datastax.oss.driver.api.mapper.annotations.Entity;
import com.datastax.oss.driver.api.mapper.annotations.PartitionKey;

/** A counter group: a row of {@code counters}, one partition per counter and group. */
@Entity
@CqlName("counters")
public class DmCounter {
    @PartitionKey(0)
    private String counter;
    @PartitionKey(1)
    private String grp;
    private long value;

    public DmCounter() {
    }

    public String getCounter() {
        return counter;
    }

    public void setCounter(String counter) {
        this.counter = counter;
    }

    public String getGrp() {
        return grp;
    }

    public void setGrp(String grp) {
        this.grp = grp;
    }

    public long getValue() {
        return value;
    }

    public void setValue(long value) {
        this.value = value;
    }
}
