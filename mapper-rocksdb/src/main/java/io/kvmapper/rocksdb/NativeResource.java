package io.kvmapper.rocksdb;

/**
 * A cursor or transaction holding native handles that its owner (the backend, or the transaction
 * that opened a cursor) must release before the handles it depends on go away.
 */
interface NativeResource {
    /**
     * Releases the native handles now, if not yet released, because the owner is ending; later use
     * throws {@link io.kvmapper.StoreClosedException} with {@code reason}. Called with the backend's
     * lock held; must not take it.
     */
    void abort(String reason);
}
