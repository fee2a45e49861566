package io.kvmapper.it;

import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A backend that passes everything to another and counts the reads made through it, on the backend and
 * in its transactions: point reads ({@code get} and {@code peek}), multi-gets, scans opened ({@code scan}
 * and {@code resume}) and the items those scans returned, and the ranges it scanned. To pin down what one repository
 * operation reads.
 * It forwards every capability and every checked write, so it behaves as the backend it wraps, on RocksDB
 * and on Cassandra alike ({@link TestStores#open(java.nio.file.Path, java.util.function.UnaryOperator)}).
 */
public final class ReadCountingBackend implements KvBackend {
    private final KvBackend delegate;
    private final AtomicLong gets = new AtomicLong();
    private final AtomicLong multiGets = new AtomicLong();
    private final AtomicLong scans = new AtomicLong();
    private final AtomicLong items = new AtomicLong();
    private final List<KeyRange> ranges = new ArrayList<>();

    public ReadCountingBackend(KvBackend delegate) {
        this.delegate = delegate;
    }

    /** Reads counted over some span of work: point reads, multi-gets, scans opened and items they returned. */
    public record Reads(long gets, long multiGets, long scans, long items) {
        /** Only range scans, {@code scans} of them returning {@code items} items in all. */
        public static Reads scans(long scans, long items) {
            return new Reads(0, 0, scans, items);
        }
    }

    /** The ranges of the scans opened since the last call, and forgets them. */
    public synchronized List<KeyRange> takeScannedRanges() {
        List<KeyRange> scanned = List.copyOf(ranges);
        ranges.clear();
        return scanned;
    }

    private synchronized void scanned(KeyRange range) {
        ranges.add(range);
    }

    /** The reads counted since the last call, and starts counting afresh. */
    public Reads takeReads() {
        return new Reads(gets.getAndSet(0), multiGets.getAndSet(0), scans.getAndSet(0), items.getAndSet(0));
    }

    private KvCursor counted(KvCursor cursor) {
        scans.incrementAndGet();
        return new KvCursor() {
            @Override
            public boolean hasNext() {
                return cursor.hasNext();
            }

            @Override
            public KeyValue next() {
                KeyValue item = cursor.next();
                items.incrementAndGet();
                return item;
            }

            @Override
            public void close() {
                cursor.close();
            }
        };
    }

    @Override
    public byte[] get(byte[] key) {
        gets.incrementAndGet();
        return delegate.get(key);
    }

    @Override
    public List<byte[]> getAll(List<byte[]> keys) {
        multiGets.incrementAndGet();
        return delegate.getAll(keys);
    }

    @Override
    public KvCursor scan(KeyRange range, ScanOptions options) {
        scanned(range);
        return counted(delegate.scan(range, options));
    }

    @Override
    public KvCursor resume(KeyRange range, ScanOptions options, byte[] after) {
        scanned(range);
        return counted(delegate.resume(range, options, after));
    }

    @Override
    public KvTransaction beginTransaction() {
        KvTransaction tx = delegate.beginTransaction();
        return new KvTransaction() {
            @Override
            public byte[] get(byte[] key) {
                gets.incrementAndGet();
                return tx.get(key);
            }

            @Override
            public byte[] peek(byte[] key) {
                gets.incrementAndGet();
                return tx.peek(key);
            }

            @Override
            public List<byte[]> getAll(List<byte[]> keys) {
                multiGets.incrementAndGet();
                return tx.getAll(keys);
            }

            @Override
            public KvCursor scan(KeyRange range, ScanOptions options) {
                scanned(range);
                return counted(tx.scan(range, options));
            }

            @Override
            public KvCursor resume(KeyRange range, ScanOptions options, byte[] after) {
                scanned(range);
                return counted(tx.resume(range, options, after));
            }

            @Override
            public void put(byte[] key, byte[] value) {
                tx.put(key, value);
            }

            @Override
            public void delete(byte[] key) {
                tx.delete(key);
            }

            @Override
            public void deleteRange(KeyRange range) {
                tx.deleteRange(range);
            }

            @Override
            public void add(byte[] key, long delta) {
                tx.add(key, delta);
            }

            @Override
            public byte[] claim(byte[] key, byte[] value) {
                return tx.claim(key, value);
            }

            @Override
            public void release(byte[] key, byte[] holder) {
                tx.release(key, holder);
            }

            @Override
            public void writeIfUnchanged(byte[] key, byte[] expected, byte[] value) {
                tx.writeIfUnchanged(key, expected, value);
            }

            @Override
            public void commit() {
                tx.commit();
            }

            @Override
            public void close() {
                tx.close();
            }
        };
    }

    @Override
    public boolean isGloballyOrdered() {
        return delegate.isGloballyOrdered();
    }

    @Override
    public int compareInScanOrder(byte[] a, byte[] b) {
        return delegate.compareInScanOrder(a, b);
    }

    @Override
    public boolean detectsConflicts() {
        return delegate.detectsConflicts();
    }

    @Override
    public boolean readsFromSnapshots() {
        return delegate.readsFromSnapshots();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
