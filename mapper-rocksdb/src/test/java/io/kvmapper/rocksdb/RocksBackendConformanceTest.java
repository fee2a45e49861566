package io.kvmapper.rocksdb;

import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvBackendConformanceTest;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Runs the storage SPI conformance suite against RocksDB, with default options. */
class RocksBackendConformanceTest extends KvBackendConformanceTest {
    @TempDir
    Path dir;

    @Override
    protected KvBackend openBackend() {
        return RocksKvStore.openBackend(dir.resolve("store"), RocksKvStore.options());
    }

    @Override
    protected KvBackend reopenBackend() {
        return RocksKvStore.openBackend(dir.resolve("store"), RocksKvStore.options().createIfMissing(false));
    }
}
