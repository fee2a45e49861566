package io.kvmapper.benchmarks.shop;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/** The seed article's user: a unique email, a status index, a total and a per-status counter. */
@Entity
@Counter(name = "total")
@Counter(name = "byStatus", groupBy = "status")
public record User(@Key long id, @Index(unique = true) String email, String name, @Index Status status) {

    /** An account status. */
    public enum Status {
        ACTIVE, SUSPENDED, CLOSED
    }

    /** This user with another status. */
    public User withStatus(Status newStatus) {
        return new User(id, email, name, newStatus);
    }
}
