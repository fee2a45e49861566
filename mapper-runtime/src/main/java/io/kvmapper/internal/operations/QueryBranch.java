package io.kvmapper.internal.operations;

import static io.kvmapper.internal.layout.KeyLayout.concat;

import io.kvmapper.internal.index.IndexMaintainer;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.internal.record.RecordCursor;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * One scan of a derived query as a stream of {@link QueryHit}s in the scan's order: index entries or records,
 * read lazily, their entities fetched in batches through the entity's read primitives (the index fetch, which
 * skips an entity that no longer holds its entry's value; the fetch by key; the record scan), and filtered by
 * the predicates the scan does not serve. A batch starts at the number of hits the query may take and doubles up
 * to {@value #MAX_BATCH}, so that {@code findFirst} reads one entry and one record while a long list reads in
 * bulk; a stream starts at {@value #FIRST_STREAM_BATCH}. Used by one thread; holds a backend cursor until closed.
 *
 * @param <E> the entity type
 */
final class QueryBranch<E> implements AutoCloseable {
    private static final int MAX_BATCH = 256;
    /** The first batch of a stream, which may be closed after a few entities. */
    static final int FIRST_STREAM_BATCH = 16;

    private final EntityOperations<E> operations;
    private final QueryScan scan;
    private final Predicate<? super E> filter;
    private final boolean keyOrder;
    private final boolean fetch;
    private final IndexMaintainer<E> index;
    private final KeyRange range;
    private final byte[] orderPrefix;
    private final boolean decodeWhileScanning;
    private final boolean oneItemPerRecord;
    private final int keyElements;
    private final byte[][] skipTo;
    private final ArrayDeque<QueryHit<E>> ready = new ArrayDeque<>();

    private KvCursor cursor;
    private RecordCursor<E> records;
    private int cursorLimit;
    private int takenFromCursor;
    private byte[] lastKey;
    private byte[] lastRecordKey;
    private boolean exhausted;
    private int batch;

    /**
     * @param keyOrder whether hits sort by primary key (a merge of scans that each come in key order), else by
     *     what follows the scan's order prefix
     * @param fetch whether to fetch the entities; always when there is a filter
     * @param limitHint how many hits the query may take from this scan, or 0 if it does not know
     * @param lazy whether the hits are streamed to a caller who may stop early: the first batch is small
     * @param after the position ({@link QueryHit#position()}) to resume after, or null to start at the beginning
     */
    QueryBranch(EntityOperations<E> operations, QueryScan scan, Predicate<? super E> filter, boolean keyOrder,
            boolean fetch, int limitHint, boolean lazy, byte[][] after) {
        this.operations = operations;
        this.scan = scan;
        this.filter = filter;
        this.keyOrder = keyOrder;
        this.fetch = fetch || filter != null;
        EntityMapping<E> mapping = operations.records().mapping();
        if (scan.isRecords()) {
            this.index = null;
            this.range = scan.range();
            this.orderPrefix = scan.orderPrefix();
        } else {
            this.index = operations.index(scan.index());
            byte[] prefix = index.keys().prefix();
            this.range = new KeyRange(concat(prefix, scan.range().begin()), concat(prefix, scan.range().end()));
            this.orderPrefix = concat(prefix, scan.orderPrefix() == null ? new byte[0] : scan.orderPrefix());
        }
        boolean monolithic = mapping.attributeCodec() == null;
        this.oneItemPerRecord = monolithic;
        this.decodeWhileScanning = scan.isRecords() && !scan.reverse() && this.fetch;
        this.keyElements = mapping.keySize() - mapping.partitionSize();
        this.batch = limitHint > 0 ? Math.min(limitHint, MAX_BATCH) : lazy ? FIRST_STREAM_BATCH : MAX_BATCH;
        this.cursorLimit = limitHint > 0 && filter == null && (decodeWhileScanning || !scan.isRecords() || monolithic)
                ? limitHint : 0;
        // where the scan cannot start right after the position, it starts at the beginning and skips up to it; the
        // position is compared in key order, which is the scan's order there (a unique index's entries)
        this.skipTo = after != null && keyOrder && index != null && index.unique() ? after : null;
        open(after);
    }

    /** The next hit without taking it, or null when the scan is done. */
    QueryHit<E> peek() {
        while (ready.isEmpty() && !exhausted) {
            refill();
        }
        return ready.peek();
    }

    /** Takes the next hit; only after {@link #peek()} returned one. */
    QueryHit<E> next() {
        return ready.poll();
    }

    @Override
    public void close() {
        exhausted = true;
        closeCursors();
    }

    // ---- opening, and resuming from a position

    private void open(byte[][] after) {
        if (range.isEmpty()) {
            exhausted = true;
            return;
        }
        if (after == null) {
            openAt(range, null);
            return;
        }
        byte[] order = after[0];
        byte[] tie = after[1];
        if (keyOrder && !scan.isRecords() && index.unique()) {
            // one entry per value: scan it from the start and let the position skip what was returned
            openAt(range, null);
            return;
        }
        byte[] raw;
        boolean inclusive = false;
        if (keyOrder) {
            // the position is a record key: the same key, or the entry of the same record after the fixed values
            raw = scan.isRecords() ? order : concat(range.begin(), layout().entry(new byte[0], new byte[0], order));
        } else {
            raw = concat(orderPrefix == null ? new byte[0] : orderPrefix, order);
            // a scan of records merged in order: its one record whose key follows its prefix as the position's does
            // comes after the position if its key wins the tie
            inclusive = scan.isRecords() && tie.length > 0 && directed(Arrays.compareUnsigned(raw, tie)) > 0;
        }
        if (inclusive) {
            KeyRange narrowed = scan.reverse()
                    ? new KeyRange(range.begin(), min(range.end(), KeyRange.tuplePrefix(raw).end()))
                    : new KeyRange(max(range.begin(), raw), range.end());
            if (narrowed.isEmpty()) {
                exhausted = true;
            } else {
                openAt(narrowed, null);
            }
            return;
        }
        openAt(range, scan.reverse() ? raw : KeyRange.tuplePrefix(raw).end());
    }

    /** Opens the cursor over {@code over}, after the key {@code resumeAfter} in the scan's direction (null: all). */
    private void openAt(KeyRange over, byte[] resumeAfter) {
        takenFromCursor = 0;
        if (decodeWhileScanning) {
            records = operations.scanRecords(over, cursorLimit, resumeAfter);
            return;
        }
        ScanOptions options = (scan.reverse() ? ScanOptions.REVERSE : ScanOptions.FORWARD).withLimit(cursorLimit);
        // the items' keys are all that readKeys reads, but for a unique index's entries, whose values are record keys
        options = index != null ? index.entryScan(options) : options.withKeysOnly();
        cursor = resumeAfter == null ? operations.reader().scan(over, options)
                : operations.reader().resume(over, options, resumeAfter);
    }

    /**
     * After a cursor opened with a limit ran out at that limit, whether more may follow: the query still wants
     * hits (some entries may have been skipped, as an entity that no longer holds its value is), so the scan goes
     * on after the last key, now without a limit.
     */
    private boolean reopenAfterLimit() {
        if (cursorLimit == 0 || takenFromCursor < cursorLimit || lastKey == null) {
            return false;
        }
        closeCursors();
        cursorLimit = 0;
        openAt(range, scan.reverse() ? lastKey : KeyRange.tuplePrefix(lastKey).end());
        return true;
    }

    // ---- reading

    private void refill() {
        if (decodeWhileScanning) {
            readDecoded();
        } else {
            readKeys();
        }
        batch = Math.min(batch * 2, MAX_BATCH);
    }

    /** Records read forward and decoded as they come. */
    private void readDecoded() {
        int read = 0;
        while (read < batch) {
            if (!records.hasNext()) {
                if (!reopenAfterLimit()) {
                    exhausted = true;
                    closeCursors();
                    return;
                }
                continue;
            }
            E entity = operations.nextDecodable(records); // null: a record that cannot be decoded, skipped
            byte[] key = records.key();
            takenFromCursor++;
            lastKey = key;
            read++;
            if (entity != null) {
                offer(key, null, entity);
            }
        }
    }

    /** Index entries, or record keys, read in a batch; then their entities fetched in one call if needed. */
    private void readKeys() {
        List<KeyValue> entries = new ArrayList<>(batch);
        List<byte[]> keys = new ArrayList<>(batch);
        while (keys.size() < batch) {
            if (!cursor.hasNext()) {
                if (reopenAfterLimit()) {
                    continue;
                }
                exhausted = true;
                closeCursors();
                break;
            }
            KeyValue item = cursor.next();
            takenFromCursor++;
            lastKey = item.key();
            byte[] recordKey = index != null ? index.recordKeyOf(item) : recordKeyOf(item.key());
            if (index == null && lastRecordKey != null && Arrays.equals(recordKey, lastRecordKey)) {
                continue; // another item of the same record, in the attribute-per-key layout
            }
            lastRecordKey = recordKey;
            entries.add(item);
            keys.add(recordKey);
        }
        if (keys.isEmpty()) {
            return;
        }
        if (!fetch) {
            for (int i = 0; i < keys.size(); i++) {
                offer(keys.get(i), entries.get(i).key(), null);
            }
            return;
        }
        // null where a record is absent, or no longer holds its entry's value
        List<E> entities = index != null ? operations.fetchEach(index, entries, keys) : operations.findEach(keys);
        for (int i = 0; i < keys.size(); i++) {
            if (entities.get(i) != null) {
                offer(keys.get(i), entries.get(i).key(), entities.get(i));
            }
        }
    }

    /**
     * Adds a hit unless the filter rejects its entity or it lies at or before the position resumed after (where the
     * scan could not start after it).
     */
    private void offer(byte[] recordKey, byte[] scannedKey, E entity) {
        if (entity != null && filter != null && !filter.test(entity)) {
            return;
        }
        QueryHit<E> hit;
        if (keyOrder) {
            // record keys sort as primary keys do, the partition being of fixed size
            hit = new QueryHit<>(recordKey, recordKey, 0, null, entity);
        } else if (index != null) {
            hit = new QueryHit<>(recordKey, scannedKey, orderPrefix == null ? 0 : orderPrefix.length, null, entity);
        } else {
            hit = new QueryHit<>(recordKey, recordKey, orderPrefix == null ? 0 : orderPrefix.length,
                    orderPrefix == null ? null : recordKey, entity);
        }
        if (skipTo != null && hit.compareTo(skipTo, scan.reverse()) <= 0) {
            return;
        }
        ready.add(hit);
    }

    /** The record key of an item of a record: the partition element and the key's other components. */
    private byte[] recordKeyOf(byte[] itemKey) {
        if (oneItemPerRecord) {
            return itemKey;
        }
        int end = Tuples.partitionLength(itemKey);
        for (int i = 0; i < keyElements; i++) {
            end = Tuples.elementEnd(itemKey, end);
        }
        return end == itemKey.length ? itemKey : Arrays.copyOf(itemKey, end);
    }

    private KeyLayout layout() {
        return operations.layout();
    }

    private int directed(int comparison) {
        return scan.reverse() ? -comparison : comparison;
    }

    private void closeCursors() {
        if (cursor != null) {
            cursor.close();
            cursor = null;
        }
        if (records != null) {
            records.close();
            records = null;
        }
    }

    private static byte[] max(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b) >= 0 ? a : b;
    }

    private static byte[] min(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b) <= 0 ? a : b;
    }
}
