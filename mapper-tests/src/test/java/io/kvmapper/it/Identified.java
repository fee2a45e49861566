package io.kvmapper.it;

import io.kvmapper.annotation.Key;

/** A superclass declaring the key field that entities inherit. */
public abstract class Identified {
    @Key
    long id;

    public long getId() {
        return id;
    }
}
