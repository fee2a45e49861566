package io.kvmapper.benchmarks.cassandra.dm;

import com.datastax.oss.driver.api.mapper.annotations.CqlName;
import com.datastax.oss.driver.api.mapper.annotations.Entity;
import com.datastax.oss.driver.api.mapper.annotations.PartitionKey;

/** The unique email index: a row of {@code users_by_email}, claimed with {@code IF NOT EXISTS}. */
@Entity
@CqlName("users_by_email")
public class DmUserByEmail {
    @PartitionKey
    private String email;
    private long id;

    public DmUserByEmail() {
    }

    public DmUserByEmail(String email, long id) {
        this.email = email;
        this.id = id;
    }

    public String getEmail() {
        return email;
    }

    public void setEmail(String email) {
        this.email = email;
    }

    public long getId() {
        return id;
    }

    public void setId(long id) {
        this.id = id;
    }
}
