package io.kvmapper.it.indexes;

import io.kvmapper.KvStore;
import io.kvmapper.RetryPolicy;
import io.kvmapper.it.TestStores;
import java.nio.file.Path;
import java.time.Duration;

/** Opens the stores of a test's temporary directory, on the backend {@link TestStores} chooses. */
final class Stores {
    private Stores() {
    }

    static KvStore open(Path dir) {
        return TestStores.open(dir);
    }

    /** A store that retries conflicting units of work many times, for tests that contend on purpose. */
    static KvStore patient(Path dir) {
        return TestStores.open(dir, new RetryPolicy(10_000, Duration.ofNanos(100_000), Duration.ofMillis(5)));
    }
}
