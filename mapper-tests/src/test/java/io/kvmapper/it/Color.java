package io.kvmapper.it;

/** An enum stored by name. */
public enum Color {
    RED, GREEN, BLUE
}
