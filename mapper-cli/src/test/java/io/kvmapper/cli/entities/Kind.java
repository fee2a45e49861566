package io.kvmapper.cli.entities;

/** An enum the test entities store, index and count. */
public enum Kind {
    ALPHA, BETA, GAMMA, DELTA_4
}
