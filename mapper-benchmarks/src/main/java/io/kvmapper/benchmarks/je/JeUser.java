package io.kvmapper.benchmarks.je;

import com.sleepycat.persist.model.Entity;
import com.sleepycat.persist.model.PrimaryKey;
import com.sleepycat.persist.model.Relationship;
import com.sleepycat.persist.model.SecondaryKey;

/** The user as a Berkeley DB JE DPL entity: a unique secondary key on email, a non-unique one on status. */
@Entity
public class JeUser {
    @PrimaryKey
    long id;
    @SecondaryKey(relate = Relationship.ONE_TO_ONE)
    String email;
    String name;
    @SecondaryKey(relate = Relationship.MANY_TO_ONE)
    String status;

    JeUser() {
    }

    public JeUser(long id, String email, String name, String status) {
        this.id = id;
        this.email = email;
        this.name = name;
        this.status = status;
    }

    public long id() {
        return id;
    }

    public String email() {
        return email;
    }

    public String name() {
        return name;
    }

    public String status() {
        return status;
    }

    public void setStatus(String status) {
        this.status = status;
    }
}
