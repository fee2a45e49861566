package io.kvmapper.spi;

import java.util.Iterator;

/**
 * A streamed range scan. It holds backend resources (an iterator, a snapshot, a paging state) until
 * closed; {@link #close()} is idempotent and must be called, normally with try-with-resources. After
 * close, {@link #hasNext()} is false. A cursor also ends when what it reads from ends (the
 * {@link KvTransaction} that opened it commits or closes, or the backend closes); then
 * {@link #hasNext()} and {@link #next()} throw {@link io.kvmapper.StoreClosedException}, so that a
 * scan cut short never looks complete.
 */
public interface KvCursor extends Iterator<KeyValue>, AutoCloseable {
    /** Releases the scan's resources. Idempotent. */
    @Override
    void close();
}
