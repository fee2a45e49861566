package io.kvmapper.samples.feed;

/** Where a placed order is. */
public enum Status {
    OPEN, PAID, SHIPPED
}
