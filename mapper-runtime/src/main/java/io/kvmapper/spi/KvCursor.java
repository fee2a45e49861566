package io.kvmapper.spi;

import java.util.Iterator;

/**
 * A streamed range scan. It holds backend resources (an iterator, a snapshot, a paging state) until
 * closed; {@link #close()} is idempotent and must be called, normally with try-with-resources. After
 * close, {@link #hasNext()} is false.
 */
public interface KvCursor extends Iterator<KeyValue>, AutoCloseable {
    /** Releases the scan's resources. Idempotent. */
    @Override
    void close();
}
