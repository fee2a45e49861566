package io.kvmapper.it.indexes;

import io.kvmapper.KvStore;
import io.kvmapper.RetryPolicy;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.file.Path;
import java.time.Duration;

/** Opens RocksDB stores in a test's temporary directory. */
final class Stores {
    private Stores() {
    }

    static KvStore open(Path dir) {
        return RocksKvStore.open(dir.resolve("store"));
    }

    /** A store that retries conflicting units of work many times, for tests that contend on purpose. */
    static KvStore patient(Path dir) {
        return RocksKvStore.options()
                .retryPolicy(new RetryPolicy(10_000, Duration.ofNanos(100_000), Duration.ofMillis(5)))
                .open(dir.resolve("store"));
    }
}
