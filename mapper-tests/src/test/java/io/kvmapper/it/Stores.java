package io.kvmapper.it;

import io.kvmapper.KvStore;
import java.nio.file.Path;

/** Opens and reopens the store of a test's temporary directory, on the backend {@link TestStores} chooses. */
final class Stores {
    private Stores() {
    }

    static KvStore open(Path dir) {
        return TestStores.open(dir);
    }
}
