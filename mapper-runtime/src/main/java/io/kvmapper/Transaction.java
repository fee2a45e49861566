package io.kvmapper;

import io.kvmapper.spi.KvTransaction;

/**
 * A unit of work in progress, handed to the function given to {@link KvStore#transact}. Pass it to a
 * generated repository's {@code with(tx)} to make that repository's reads and writes part of it.
 * It is valid only inside the function; it commits when the function returns.
 */
public final class Transaction {
    private final KvStore store;
    private final KvTransaction kv;

    Transaction(KvStore store, KvTransaction kv) {
        this.store = store;
        this.kv = kv;
    }

    /** The store this transaction belongs to. */
    public KvStore store() {
        return store;
    }

    /** The backend transaction, for generated code and custom data structures. */
    public KvTransaction kv() {
        return kv;
    }
}
