package io.kvmapper.internal.maintenance;

import io.kvmapper.KvMapperException;
import io.kvmapper.Progress;
import io.kvmapper.StoreClosedException;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.internal.index.ComponentKeys;
import io.kvmapper.internal.index.ComponentMaintainer;
import io.kvmapper.internal.index.ComponentStates;
import io.kvmapper.internal.index.ComponentStates.State;
import io.kvmapper.internal.index.ComponentStates.Status;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.layout.StoredComponent;
import io.kvmapper.internal.record.RecordCursor;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One store's online builds and drops of indexes and counters, run in bounded batches on a background thread
 * while the store keeps serving, as the {@link SchemaReconciler} starts them. A build feeds each batch of records
 * to the component's {@link ComponentMaintainer} ({@link ComponentMaintainer#backfill}), the same maintainer
 * every write goes through; a drop, or the clearing before a rebuild, removes the component's items. Closing
 * the store stops the work between batches; what is unfinished resumes when the store is opened again.
 *
 * <h2>How an online build stays exact</h2>
 * A build keeps a cursor, the last record key it covered, in the metadata area. Each batch reads the
 * cursor, scans the next records (resuming the scan after the cursor, in the backend's scan order), reads
 * them again with conflict tracking, writes their entries or adds their counts, and advances the cursor,
 * all in one transaction; the batch that finds no record left ends the build in the same transaction.
 * <ul>
 *   <li>Index entries are idempotent, so writes maintain an index all through its build. A write of a
 *       record a batch has read makes the batch retry (or, committing after it, moves the entries the
 *       batch wrote); a record inserted beyond the batch's scan brings its own entries.</li>
 *   <li>Counts are not idempotent, so a write maintains a counter only for records its build has
 *       passed. A write of a record beyond the cursor reads the cursor and bumps the build's fence
 *       with a read-free add; every batch reads the fence. The write and a concurrent batch thus touch
 *       a common key and one of them retries, so every record is counted exactly once, while writers
 *       never conflict with each other. Under a steady stream of such writes a counter's batches keep
 *       retrying and shrink to small bites; the build finishes when the writes give it a moment.</li>
 * </ul>
 */
public final class OnlineBuilder implements AutoCloseable, KvStoreImpl.BackgroundWork {
    /** Records (or entries) per batch of a build or drop. */
    static final int BATCH = 500;
    /** The smallest batch a build shrinks to when writers keep conflicting with it. */
    static final int MIN_BATCH = 8;
    private static final byte[] EMPTY = new byte[0];

    private final KvStoreImpl store;
    private final Object idle = new Object();
    private final AtomicInteger pending = new AtomicInteger();
    private ExecutorService executor;
    private volatile boolean closed;

    /** The builder of {@code store}; obtain it through {@link KvStoreImpl#component}. */
    public OnlineBuilder(KvStoreImpl store) {
        this.store = store;
    }

    /** Whether the store closed, so that no more work starts. */
    public boolean isClosed() {
        return closed;
    }

    /**
     * Starts building the component {@code maintainer} keeps online from the records, in the background; the
     * store records it as {@code BUILDING} (or {@code CLEARING}) already.
     *
     * @param clearFirst whether the store holds items of an earlier definition or build to delete first
     * @param states where the component's state changes when the build ends
     */
    public <E> void build(ComponentMaintainer<E> maintainer, boolean clearFirst, RecordLayout<E> records,
            KeyLayout layout, ComponentStates states) {
        submit(() -> run(maintainer, clearFirst, records, layout, states));
    }

    /** Starts deleting {@code component}, which the store records as {@code DROPPING}, in the background. */
    public void drop(ComponentKeys component) {
        submit(() -> {
            String task = "dropping " + component.describe();
            long deleted = clear(component, task);
            if (deleted < 0) {
                return;
            }
            store.transactKv(tx -> {
                tx.delete(component.metaKey());
                endBuild(tx, component);
                tx.delete(component.duplicatesKey());
            });
            store.reportProgress(new Progress(component.entity(), task, deleted, true, "done"));
        });
    }

    /**
     * Deletes every item of a component in bounded batches: how many, or -1 if the store closed meanwhile.
     * Each batch resumes the scan after the last key the batch before deleted, so the cost is linear in the
     * items: a scan from the start of the range would walk the deletion markers of every earlier batch (on
     * RocksDB, until compaction drops them), making a drop quadratic. Nothing is written behind the resume
     * point meanwhile: writes maintain a component that is being dropped (no longer defined), cleared
     * ({@code CLEARING}) or that failed its build not at all.
     */
    private long clear(ComponentKeys component, String task) {
        long deleted = 0;
        byte[] after = null;
        while (!closed) {
            byte[] from = after;
            Cleared batch = store.transactKvResult(kv -> {
                List<KeyValue> items = new ArrayList<>();
                ScanOptions options = ScanOptions.FORWARD.withLimit(BATCH);
                try (KvCursor cursor = from == null ? kv.scan(component.items(), options)
                        : kv.resume(component.items(), options, from)) {
                    while (cursor.hasNext()) {
                        items.add(cursor.next());
                    }
                }
                for (KeyValue item : items) {
                    component.kind().remove(kv, item);
                }
                return new Cleared(items.size(), items.isEmpty() ? null : items.get(items.size() - 1).key());
            });
            deleted += batch.count();
            store.reportProgress(new Progress(component.entity(), task, deleted, false, ""));
            if (batch.count() < BATCH) {
                return deleted;
            }
            after = batch.lastKey();
        }
        return -1;
    }

    private <E> void run(ComponentMaintainer<E> maintainer, boolean clearFirst, RecordLayout<E> records,
            KeyLayout layout, ComponentStates states) {
        ComponentKeys component = maintainer.keys();
        String task = "building " + component.describe();
        if (clearFirst) {
            if (clear(component, task) < 0) {
                return;
            }
            try {
                store.transactKv(kv -> {
                    StoredComponent stored = StoredComponent.read(kv, component.metaKey());
                    StoredComponent.write(kv, component.metaKey(), stored.signature(), StoredComponent.BUILDING,
                            "");
                });
                states.set(component.kind(), component.name(), new Status(State.BUILDING, ""));
            } catch (KvMapperException e) {
                if (closed || e instanceof StoreClosedException) {
                    return; // still CLEARING: the next open clears again, then builds
                }
                throw e;
            }
        }
        // duplicates found before the store was last closed (or the process died) still count
        Duplicates found;
        try {
            found = store.transactKvResult(kv -> Duplicates.decode(kv.get(component.duplicatesKey())));
        } catch (KvMapperException e) {
            if (closed || e instanceof StoreClosedException) {
                return; // the build resumes when the store is opened again
            }
            throw e;
        }
        long processed = 0;
        int batchSize = BATCH;
        while (!closed) {
            Duplicates before = found;
            String failure = before.failure();
            int size = batchSize;
            BatchResult result;
            try {
                result = store.transactKvResult(kv -> batch(kv, component, records, layout, maintainer, size,
                        before));
            } catch (TransactionConflictException e) {
                // writers keep touching the records of this batch: take smaller bites
                batchSize = Math.max(MIN_BATCH, batchSize / 2);
                continue;
            } catch (KvMapperException e) {
                if (!closed && !(e instanceof StoreClosedException)) {
                    fail(component, states, "reading the records failed: " + e.getMessage(), task, processed);
                }
                return;
            }
            batchSize = Math.min(BATCH, batchSize * 2);
            processed += result.processed();
            found = before.plus(result.duplicates());
            store.reportProgress(new Progress(component.entity(), task, processed, false, ""));
            if (!result.finished()) {
                continue;
            }
            if (failure != null) {
                states.set(component.kind(), component.name(), new Status(State.FAILED, failure));
                clear(component, task);
                store.reportProgress(new Progress(component.entity(), task, processed, true, "failed: " + failure));
            } else {
                states.set(component.kind(), component.name(), new Status(State.READY, ""));
                store.reportProgress(new Progress(component.entity(), task, processed, true, "done"));
            }
            return;
        }
    }

    /**
     * One batch of a build, in one transaction: covers the records after the cursor and advances it,
     * recording any duplicates it meets (with those of earlier batches, {@code before}) in the same
     * transaction, so that a build resumed after a restart still knows of them. When no record is left,
     * the same transaction (which read the cursor, so a writer that touched it meanwhile makes it retry)
     * ends the build: READY, or FAILED if any batch met a duplicate.
     */
    private <E> BatchResult batch(KvTransaction kv, ComponentKeys component, RecordLayout<E> records, KeyLayout layout,
            ComponentMaintainer<E> maintainer, int batchSize, Duplicates before) {
        String failure = before.failure();
        byte[] cursor = kv.get(component.cursorKey());
        if (cursor == null) {
            return new BatchResult(0, true, List.of());
        }
        readFence(kv, component);
        KeyRange all = layout.records();
        byte[] after = cursor.length == 0 ? null : KeyRange.tuplePrefix(cursor).end();
        List<byte[]> keys = new ArrayList<>(batchSize);
        List<E> entities = new ArrayList<>(batchSize);
        try (RecordCursor<E> scan = records.scan(kv, all, batchSize, after)) {
            while (scan.hasNext()) {
                entities.add(scan.next());
                keys.add(scan.key());
            }
        }
        if (keys.isEmpty()) {
            StoredComponent stored = StoredComponent.read(kv, component.metaKey());
            if (failure == null) {
                endBuild(kv, component);
                StoredComponent.write(kv, component.metaKey(), stored.signature(), StoredComponent.READY, "");
            } else {
                kv.put(component.cursorKey(), EMPTY);
                StoredComponent.write(kv, component.metaKey(), stored.signature(), StoredComponent.FAILED, failure);
            }
            kv.delete(component.duplicatesKey());
            return new BatchResult(0, true, List.of());
        }
        // read again with conflict tracking (a record's head is written by every write of the record), so
        // that a write of one of these records that commits meanwhile makes the batch retry
        kv.getAll(keys);
        List<String> duplicates = new ArrayList<>();
        maintainer.backfill(kv, keys, entities, duplicates);
        kv.put(component.cursorKey(), keys.get(keys.size() - 1));
        if (!duplicates.isEmpty()) {
            kv.put(component.duplicatesKey(), before.plus(duplicates).encode());
        }
        return new BatchResult(keys.size(), false, duplicates);
    }

    private void fail(ComponentKeys component, ComponentStates states, String detail, String task, long processed) {
        store.transactKv(kv -> {
            StoredComponent stored = StoredComponent.read(kv, component.metaKey());
            StoredComponent.write(kv, component.metaKey(), stored.signature(), StoredComponent.FAILED, detail);
            kv.put(component.cursorKey(), EMPTY);
        });
        states.set(component.kind(), component.name(), new Status(State.FAILED, detail));
        clear(component, task);
        store.reportProgress(new Progress(component.entity(), task, processed, true, "failed: " + detail));
    }

    private void submit(Runnable task) {
        synchronized (idle) {
            if (closed) {
                return; // the store closed meanwhile: the work resumes when it is opened again
            }
            if (executor == null) {
                executor = Executors.newSingleThreadExecutor(runnable -> {
                    Thread thread = new Thread(runnable, "kvmapper-schema-builds");
                    thread.setDaemon(true);
                    return thread;
                });
            }
            pending.incrementAndGet();
        }
        executor.execute(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                if (!closed) {
                    System.getLogger(OnlineBuilder.class.getName()).log(System.Logger.Level.ERROR,
                            "a schema build or drop failed; it resumes when the store is opened again", e);
                }
            } finally {
                synchronized (idle) {
                    pending.decrementAndGet();
                    idle.notifyAll();
                }
            }
        });
    }

    @Override
    public boolean awaitIdle(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (idle) {
            while (pending.get() > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(idle, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return true;
        }
    }

    /** Stops background builds between batches; an unfinished build resumes when the store is next opened. */
    @Override
    public void close() {
        ExecutorService running;
        synchronized (idle) {
            closed = true;
            running = executor;
        }
        if (running != null) {
            running.shutdownNow();
            try {
                running.awaitTermination(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The duplicates a unique index build has met so far: how many, and the first {@value #LISTED}
     * described. Stored as the tuple {@code (count, description...)} under the build's duplicates key.
     */
    private record Duplicates(long count, List<String> listed) {
        static final int LISTED = 20;
        static final Duplicates NONE = new Duplicates(0, List.of());

        static Duplicates decode(byte[] value) {
            if (value == null) {
                return NONE;
            }
            List<Object> fields = Tuples.decode(value);
            List<String> listed = new ArrayList<>();
            for (Object field : fields.subList(1, fields.size())) {
                listed.add((String) field);
            }
            return new Duplicates(((Number) fields.get(0)).longValue(), List.copyOf(listed));
        }

        Duplicates plus(List<String> more) {
            if (more.isEmpty()) {
                return this;
            }
            List<String> all = new ArrayList<>(listed);
            for (String duplicate : more) {
                if (all.size() < LISTED) {
                    all.add(duplicate);
                }
            }
            return new Duplicates(count + more.size(), List.copyOf(all));
        }

        byte[] encode() {
            Object[] fields = new Object[listed.size() + 1];
            fields[0] = count;
            for (int i = 0; i < listed.size(); i++) {
                fields[i + 1] = listed.get(i);
            }
            return Tuples.encode(fields);
        }

        /** Why the build fails, or null if it met no duplicate. */
        String failure() {
            return count == 0 ? null : count + " entities hold a value another entity holds: "
                    + String.join("; ", listed) + (count > listed.size() ? "; ..." : "")
                    + "; change or remove the duplicates, then reopen the store to build the index again";
        }
    }

    /** What one batch of a clear did: how many items it deleted, and the last one's key. */
    private record Cleared(int count, byte[] lastKey) {
    }

    /** What one batch of a build did. */
    private record BatchResult(int processed, boolean finished, List<String> duplicates) {
    }

    /** Reads a counter build's fence with conflict tracking, so a batch retries when a write bumped it meanwhile. */
    private static void readFence(KvTransaction kv, ComponentKeys component) {
        if (component.fenceKey() != null) {
            kv.get(component.fenceKey());
        }
    }

    /** Deletes the cursor and the fence: the build is over. */
    private static void endBuild(KvTransaction kv, ComponentKeys component) {
        kv.delete(component.cursorKey());
        if (component.fenceKey() != null) {
            kv.delete(component.fenceKey());
        }
    }
}
