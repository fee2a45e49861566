package io.kvmapper.it.databind;

/** A bean that refers to itself, which databind refuses to write. */
public class Loop {
    public Loop getSelf() {
        return this;
    }
}
