package io.kvmapper.it.cache;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/** A record of immutable fields, which the entity cache holds on RocksDB: a unique and a plain index. */
@Entity
public record Member(@Key long id, @Index(unique = true) String email, @Index Status status, long seq) {

    /** A member's status. */
    public enum Status {
        ACTIVE, IDLE
    }

    public Member withSeq(long seq) {
        return new Member(id, email, status, seq);
    }

    public Member withEmail(String email) {
        return new Member(id, email, status, seq);
    }

    public Member withStatus(Status status) {
        return new Member(id, email, status, seq);
    }
}
