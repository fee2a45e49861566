package io.kvmapper;

/** The store, or a transaction or scan of it, was used after it was closed. */
public class StoreClosedException extends KvMapperException {
    private static final long serialVersionUID = 1L;

    /** @param what what was closed, and what was attempted */
    public StoreClosedException(String what) {
        super(what);
    }
}
