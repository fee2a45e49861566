package io.kvmapper.memory;

import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvBackendConformanceTest;
import org.junit.jupiter.api.AfterEach;

/**
 * The storage SPI conformance suite on the backend views of a {@link ReopenableMemoryStore}, persistence tests
 * included: a view reopened over the same data finds what the closed one committed.
 */
class ReopenableMemoryStoreConformanceTest extends KvBackendConformanceTest {
    private final ReopenableMemoryStore data = new ReopenableMemoryStore();

    @Override
    protected KvBackend openBackend() {
        return data.openBackend();
    }

    @Override
    protected KvBackend reopenBackend() {
        return data.openBackend();
    }

    @AfterEach
    void freeData() {
        data.close();
    }
}
