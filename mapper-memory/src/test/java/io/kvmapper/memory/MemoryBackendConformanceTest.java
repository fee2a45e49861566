package io.kvmapper.memory;

import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvBackendConformanceTest;

/** Runs the storage SPI conformance suite against the in-memory backend; its persistence tests do not apply. */
class MemoryBackendConformanceTest extends KvBackendConformanceTest {
    @Override
    protected KvBackend openBackend() {
        return new MemoryBackend();
    }

    @Override
    protected KvBackend reopenBackend() {
        throw new UnsupportedOperationException("an in-memory store ends with its backend; there is nothing to reopen");
    }

    @Override
    protected boolean survivesReopen() {
        return false;
    }
}
