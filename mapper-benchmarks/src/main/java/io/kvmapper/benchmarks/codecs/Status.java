package io.kvmapper.benchmarks.codecs;

/** Where an order stands. */
public enum Status {
    PLACED, PAID, SHIPPED, DELIVERED
}
