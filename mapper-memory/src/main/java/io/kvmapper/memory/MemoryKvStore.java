package io.kvmapper.memory;

import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.KvStore;
import io.kvmapper.RetryPolicy;
import java.util.Objects;

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
     * Settings for opening an in-memory store; a fluent builder. Each store reads the settings when it
     * opens, so one {@code Options} may open several stores, and changing it later affects none of them.
     * Not safe for concurrent modification.
     */
    public static final class Options {
        private RetryPolicy retryPolicy = RetryPolicy.DEFAULT;

        Options() {
        }

        /**
         * How the {@link KvStore} opened with these options retries units of work that conflict.
         * Default {@link RetryPolicy#DEFAULT}.
         */
        public Options retryPolicy(RetryPolicy policy) {
            this.retryPolicy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** The retry policy of stores opened with these options. */
        public RetryPolicy retryPolicy() {
            return retryPolicy;
        }

        /** Opens a new, empty in-memory store with these options. */
        public KvStore open() {
            return KvStoreImpl.open(new MemoryBackend(), retryPolicy);
        }

        @Override
        public String toString() {
            return "MemoryKvStore.Options[retryPolicy=" + retryPolicy + "]";
        }
    }
}
