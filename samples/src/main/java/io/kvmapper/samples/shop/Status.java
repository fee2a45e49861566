package io.kvmapper.samples.shop;

/** A user's account status. */
public enum Status {
    ACTIVE, SUSPENDED, CLOSED
}
