package io.kvmapper.memory;

import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.KvStore;
import io.kvmapper.StoreOptions;

/**
 * Opens KV Mapper stores held in memory, for fast unit tests: no files, nothing to clean up, and the same
 * transactional guarantees as the embedded RocksDB backend (snapshot reads, conflict detection, atomic
 * counter adds), so code that is correct here is correct there.
 *
 * <pre>{@code
 * try (KvStore store = MemoryKvStore.open()) { ... }
 *
 * KvStore impatient = MemoryKvStore.options()
 *         .retryPolicy(new RetryPolicy(3, Duration.ZERO, Duration.ZERO))
 *         .open();
 * }</pre>
 *
 * <p>Each call opens a new, empty store. Its data lives only as long as the store: nothing is written
 * anywhere, and closing the store discards it. A store is safe for concurrent use by any number of threads.
 */
public final class MemoryKvStore {
    private MemoryKvStore() {
    }

    /** Opens a new, empty in-memory store with the default {@linkplain #options() options}. */
    public static KvStore open() {
        return options().open();
    }

    /** A new set of options, with the defaults each setter documents. */
    public static Options options() {
        return new Options();
    }

    /**
     * Settings for opening an in-memory store; a fluent builder of the settings every backend shares
     * ({@link StoreOptions}: retries, the clock, expiry). Each store reads the settings when it
     * opens, so one {@code Options} may open several stores, and changing it later affects none of them.
     * Not safe for concurrent modification.
     */
    public static final class Options extends StoreOptions<Options> {
        Options() {
        }

        /** Opens a new, empty in-memory store with these options. */
        public KvStore open() {
            return KvStoreImpl.open(new MemoryBackend(), this);
        }

        @Override
        public String toString() {
            return "MemoryKvStore.Options[" + describeStoreOptions() + "]";
        }
    }
}
