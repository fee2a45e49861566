package io.kvmapper.benchmarks.cassandra.dm;

import com.datastax.oss.driver.api.mapper.annotations.ClusteringColumn;
import com.datastax.oss.driver.api.mapper.annotations.CqlName;
import com.datastax.oss.driver.api.mapper.annotations.Entity;
import com.datastax.oss.driver.api.mapper.annotations.PartitionKey;

/** The status index: a row of {@code users_by_status}, one partition per status, ids in order. */
@Entity
@CqlName("users_by_status")
public class DmUserByStatus {
    @PartitionKey
    private String status;
    @ClusteringColumn
    private long id;

    public DmUserByStatus() {
    }

    public DmUserByStatus(String status, long id) {
        this.status = status;
        this.id = id;
    }

    public String getStatus() {
        return status;
    }

    public void setStatus(String status) {
        this.status = status;
    }

    public long getId() {
        return id;
    }

    public void setId(long id) {
        this.id = id;
    }
}
