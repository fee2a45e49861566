/**
 * The one implementation of {@link io.kvmapper.KvStore} and of its units of work, multimaps and copies.
 * Backends' openers create stores with {@link io.kvmapper.internal.store.KvStoreImpl#open}; the runtime reaches
 * the backend and per-store state through {@link io.kvmapper.internal.store.KvStoreImpl#of}. Internal: may
 * change in any release.
 */
package io.kvmapper.internal.store;
