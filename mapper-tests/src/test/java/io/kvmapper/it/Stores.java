package io.kvmapper.it;

import io.kvmapper.KvStore;
import io.kvmapper.rocksdb.RocksKvStore;
import java.nio.file.Path;

/** Opens and reopens a RocksDB store in a test's temporary directory. */
final class Stores {
    private Stores() {
    }

    static KvStore open(Path dir) {
        return RocksKvStore.open(dir.resolve("store"));
    }
}
