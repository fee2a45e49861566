package io.kvmapper.it.codecs;

/** An enum, stored by constant name in both codecs. */
public enum Shade {
    LIGHT, DARK, ÜBER_DARK
}
