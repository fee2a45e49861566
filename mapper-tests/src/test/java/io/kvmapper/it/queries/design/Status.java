package io.kvmapper.it.queries.design;

/** A user's status. */
public enum Status {
    ACTIVE, SUSPENDED, CLOSED
}
