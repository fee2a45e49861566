package io.kvmapper.cassandra;

/** A cursor or transaction that its owner (the backend, or a transaction) ends when it ends itself. */
interface Resource {
    /**
     * Ends the resource now, if it has not ended; later use throws
     * {@link io.kvmapper.StoreClosedException} with {@code reason}.
     */
    void abort(String reason);
}
