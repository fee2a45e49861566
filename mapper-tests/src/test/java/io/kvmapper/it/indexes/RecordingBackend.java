package io.kvmapper.it.indexes;

import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayList;
import java.util.List;

/**
 * A backend that passes everything to another and records the writes of committed transactions, each
 * as {@code "put <tuple>"}, {@code "delete <tuple>"} or {@code "add <tuple> <delta>"}: to see exactly
 * what one repository operation writes.
 */
public final class RecordingBackend implements KvBackend {
    private final KvBackend delegate;
    private final List<String> committed = new ArrayList<>();

    public RecordingBackend(KvBackend delegate) {
        this.delegate = delegate;
    }

    /** The writes committed since the last call, and forgets them. */
    public synchronized List<String> takeWrites() {
        List<String> writes = new ArrayList<>(committed);
        committed.clear();
        return writes;
    }

    @Override
    public KvTransaction beginTransaction() {
        KvTransaction tx = delegate.beginTransaction();
        List<String> writes = new ArrayList<>();
        return new KvTransaction() {
            @Override
            public byte[] peek(byte[] key) {
                return tx.peek(key);
            }

            @Override
            public void commit() {
                tx.commit();
                synchronized (RecordingBackend.this) {
                    committed.addAll(writes);
                }
            }

            @Override
            public void close() {
                tx.close();
            }

            @Override
            public byte[] get(byte[] key) {
                return tx.get(key);
            }

            @Override
            public List<byte[]> getAll(List<byte[]> keys) {
                return tx.getAll(keys);
            }

            @Override
            public KvCursor scan(KeyRange range, ScanOptions options) {
                return tx.scan(range, options);
            }

            @Override
            public void put(byte[] key, byte[] value) {
                writes.add("put " + Tuples.toString(key));
                tx.put(key, value);
            }

            @Override
            public void delete(byte[] key) {
                writes.add("delete " + Tuples.toString(key));
                tx.delete(key);
            }

            @Override
            public void deleteRange(KeyRange range) {
                writes.add("deleteRange " + range);
                tx.deleteRange(range);
            }

            @Override
            public void add(byte[] key, long delta) {
                writes.add("add " + Tuples.toString(key) + " " + delta);
                tx.add(key, delta);
            }
        };
    }

    @Override
    public boolean isGloballyOrdered() {
        return delegate.isGloballyOrdered();
    }

    @Override
    public byte[] get(byte[] key) {
        return delegate.get(key);
    }

    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        return delegate.getAll(keys);
    }

    @Override
    public KvCursor scan(KeyRange range, ScanOptions options) {
        return delegate.scan(range, options);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
