package io.kvmapper.it.fuzz;

/** A specimen's status: an indexed enum and a counter's group. */
public enum Status {
    NEW, ACTIVE, CLOSED
}
