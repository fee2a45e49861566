package io.kvmapper.internal.maintenance;

import io.kvmapper.KvMapperException;
import io.kvmapper.Progress;
import io.kvmapper.SchemaMismatchException;
import io.kvmapper.StoreClosedException;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.internal.index.ComponentStates.State;
import io.kvmapper.internal.index.ComponentStates.Status;
import io.kvmapper.internal.index.ComponentStates;
import io.kvmapper.internal.index.IndexMaintainer;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.layout.MetaKinds;
import io.kvmapper.internal.layout.StoredComponent;
import io.kvmapper.internal.mapping.CounterDefinition;
import io.kvmapper.internal.mapping.IndexDefinition;
import io.kvmapper.internal.record.RecordCursor;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import io.kvmapper.tuple.Tuples;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One store's schema area: for every entity opened through a repository, the schema its data was written
 * with, and which indexes and counters the store holds and in what state. Opening an entity first checks
 * the code's schema against the stored one ({@link SchemaCheck}: an incompatible one fails with
 * {@link SchemaMismatchException} and changes nothing), then compares the code's index and counter
 * definitions with the stored ones; an index or counter the code adds to an entity that already has
 * records is built online in bounded batches on a background thread, while the store keeps serving; one
 * the code removed is dropped; one whose definition changed is rebuilt.
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
public final class SchemaRegistry implements AutoCloseable, KvStoreImpl.BackgroundWork {
    /** RecordLayout (or entries) per batch of a build or drop. */
    static final int BATCH = 500;
    /** The smallest batch a build shrinks to when writers keep conflicting with it. */
    static final int MIN_BATCH = 8;
    private static final byte[] EMPTY = new byte[0];

    private final KvStoreImpl store;
    private final Map<String, ComponentStates> schemas = new HashMap<>();
    private final Object idle = new Object();
    private final AtomicInteger pending = new AtomicInteger();
    private ExecutorService executor;
    private volatile boolean closed;

    /** The registry of {@code store}; obtain it through {@link KvStoreImpl#component}. */
    public SchemaRegistry(KvStoreImpl store) {
        this.store = store;
    }

    /**
     * The live schema of an entity in this store, reconciling the stored definitions with the code's on
     * first use and starting whatever builds and drops that needs.
     *
     * @throws SchemaMismatchException if the store's data of the entity cannot be read with the code's schema
     */
    public synchronized <E> ComponentStates open(RecordLayout<E> records, KeyLayout layout, List<IndexDefinition<E>> indexes,
            List<CounterDefinition<E>> counters) {
        String entity = layout.entityName();
        String fingerprint = fingerprint(records, indexes, counters);
        ComponentStates existing = schemas.get(entity);
        if (existing != null) {
            if (!existing.fingerprint().equals(fingerprint)) {
                throw new SchemaMismatchException(entity, "this store already serves the entity as "
                        + existing.fingerprint() + ", and now it is opened as " + fingerprint
                        + "; two versions of one entity cannot share an open store, so close it before opening it with "
                        + "the new code");
            }
            return existing;
        }
        if (closed) {
            throw new StoreClosedException("the store is closed");
        }
        ComponentStates schema = new ComponentStates(entity, fingerprint);
        List<Runnable> tasks = store.transactKvResult(kv -> {
            SchemaCheck.apply(kv, layout, records.mapping());
            return reconcile(kv, records, layout, indexes, counters, schema);
        });
        schemas.put(entity, schema);
        tasks.forEach(this::submit);
        return schema;
    }

    /** What identifies a version of an entity's code: its class, indexes and counters. */
    private static <E> String fingerprint(RecordLayout<E> records, List<IndexDefinition<E>> indexes,
            List<CounterDefinition<E>> counters) {
        StringBuilder text = new StringBuilder(records.mapping().getClass().getName().replace("_KvMapping", ""))
                .append(" with ");
        indexes.forEach(i -> text.append(i.name()).append('=').append(i.signature()).append(' '));
        counters.forEach(c -> text.append(c.name()).append('=').append(c.signature()).append(' '));
        return text.toString().trim();
    }

    private <E> List<Runnable> reconcile(KvTransaction kv, RecordLayout<E> records, KeyLayout layout,
            List<IndexDefinition<E>> indexes, List<CounterDefinition<E>> counters, ComponentStates schema) {
        List<Runnable> tasks = new ArrayList<>();
        boolean hasRecords;
        try (KvCursor cursor = kv.scan(layout.records(), ScanOptions.FORWARD.withLimit(1))) {
            hasRecords = cursor.hasNext();
        }
        Map<String, StoredComponent> storedIndexes = StoredComponent.readAll(kv, layout, MetaKinds.INDEX);
        for (IndexDefinition<E> index : indexes) {
            StoredComponent stored = storedIndexes.remove(index.name());
            Component component = Component.index(layout, index.name());
            State state = plan(kv, component, index.signature(), stored, hasRecords);
            boolean clearing = state == State.BUILDING && stored != null && !stored.is(index.signature(), StoredComponent.BUILDING);
            schema.setIndex(index.name(), new Status(clearing ? State.CLEARING : state,
                    stored == null ? "" : stored.detail()));
            if (state == State.BUILDING) {
                boolean clear = stored == null || !stored.is(index.signature(), StoredComponent.BUILDING);
                tasks.add(() -> build(component, clear && stored != null, records, layout,
                        new IndexBuild<>(layout, index), schema));
            }
        }
        Map<String, StoredComponent> storedCounters = StoredComponent.readAll(kv, layout, MetaKinds.COUNTER);
        for (CounterDefinition<E> counter : counters) {
            StoredComponent stored = storedCounters.remove(counter.name());
            Component component = Component.counter(layout, counter.name());
            State state = plan(kv, component, counter.signature(), stored, hasRecords);
            boolean clearing = state == State.BUILDING && stored != null
                    && !stored.is(counter.signature(), StoredComponent.BUILDING);
            schema.setCounter(counter.name(), new Status(clearing ? State.CLEARING : state,
                    stored == null ? "" : stored.detail()));
            if (state == State.BUILDING) {
                boolean clear = stored == null || !stored.is(counter.signature(), StoredComponent.BUILDING);
                tasks.add(() -> build(component, clear && stored != null, records, layout,
                        new CounterBuild<>(layout, counter), schema));
            }
        }
        for (StoredComponent removed : storedIndexes.values()) {
            tasks.add(drop(kv, Component.index(layout, removed.name()), removed));
        }
        for (StoredComponent removed : storedCounters.values()) {
            tasks.add(drop(kv, Component.counter(layout, removed.name()), removed));
        }
        return tasks;
    }

    /** Decides a component's state from what is stored, writing the metadata for a new build. */
    private static State plan(KvTransaction kv, Component component, String signature, StoredComponent stored,
            boolean hasRecords) {
        if (stored != null && stored.is(signature, StoredComponent.READY)) {
            return State.READY;
        }
        if (stored != null && stored.is(signature, StoredComponent.BUILDING)) {
            return State.BUILDING;
        }
        if (stored == null && !hasRecords) {
            StoredComponent.write(kv, component.metaKey(), signature, StoredComponent.READY, "");
            return State.READY;
        }
        // new on an entity with records: build from scratch; redefined, failed, dropped or being cleared
        // before: first delete what the store holds of it, remembering (CLEARING) to finish that if the
        // store closes first; either way writers do not maintain it until a build has passed their record
        StoredComponent.write(kv, component.metaKey(), signature,
                stored == null ? StoredComponent.BUILDING : StoredComponent.CLEARING, "");
        kv.put(component.cursorKey(), EMPTY);
        kv.delete(component.duplicatesKey());
        return State.BUILDING;
    }

    private Runnable drop(KvTransaction kv, Component component, StoredComponent stored) {
        StoredComponent.write(kv, component.metaKey(), stored.signature(), StoredComponent.DROPPING, "");
        return () -> {
            String task = "dropping " + component.describe();
            long deleted = clear(component, task);
            if (deleted < 0) {
                return;
            }
            store.transactKv(tx -> {
                tx.delete(component.metaKey());
                component.endBuild(tx);
                tx.delete(component.duplicatesKey());
            });
            store.reportProgress(new Progress(component.entity(), task, deleted, true, "done"));
        };
    }

    /** Deletes every item of a component in bounded batches: how many, or -1 if the store closed meanwhile. */
    private long clear(Component component, String task) {
        long deleted = 0;
        while (!closed) {
            int batch = store.transactKvResult(kv -> {
                List<KeyValue> items = new ArrayList<>();
                try (KvCursor cursor = kv.scan(component.range(), ScanOptions.FORWARD.withLimit(BATCH))) {
                    while (cursor.hasNext()) {
                        items.add(cursor.next());
                    }
                }
                for (KeyValue item : items) {
                    component.remove(kv, item);
                }
                return items.size();
            });
            deleted += batch;
            store.reportProgress(new Progress(component.entity(), task, deleted, false, ""));
            if (batch < BATCH) {
                return deleted;
            }
        }
        return -1;
    }

    private <E> void build(Component component, boolean clearFirst, RecordLayout<E> records, KeyLayout layout,
            Backfill<E> backfill, ComponentStates schema) {
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
                component.set(schema, new Status(State.BUILDING, ""));
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
                result = store.transactKvResult(kv -> batch(kv, component, records, layout, backfill, size,
                        before));
            } catch (TransactionConflictException e) {
                // writers keep touching the records of this batch: take smaller bites
                batchSize = Math.max(MIN_BATCH, batchSize / 2);
                continue;
            } catch (KvMapperException e) {
                if (!closed && !(e instanceof StoreClosedException)) {
                    fail(component, schema, "reading the records failed: " + e.getMessage(), task, processed);
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
                component.set(schema, new Status(State.FAILED, failure));
                clear(component, task);
                store.reportProgress(new Progress(component.entity(), task, processed, true, "failed: " + failure));
            } else {
                component.set(schema, new Status(State.READY, ""));
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
    private <E> BatchResult batch(KvTransaction kv, Component component, RecordLayout<E> records, KeyLayout layout,
            Backfill<E> backfill, int batchSize, Duplicates before) {
        String failure = before.failure();
        byte[] cursor = kv.get(component.cursorKey());
        if (cursor == null) {
            return new BatchResult(0, true, List.of());
        }
        component.readFence(kv);
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
                component.endBuild(kv);
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
        List<byte[]> touched = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            backfill.add(kv, keys.get(i), entities.get(i), duplicates, touched);
        }
        java.util.Set<ByteBuffer> checked = new java.util.HashSet<>();
        for (byte[] group : touched) {
            // a sum's amounts can cancel out; a group at zero is not kept (untracked read, tracked delete)
            if (checked.add(ByteBuffer.wrap(group)) && Counters.decode(group, kv.peek(group)) == 0) {
                kv.delete(group);
            }
        }
        kv.put(component.cursorKey(), keys.get(keys.size() - 1));
        if (!duplicates.isEmpty()) {
            kv.put(component.duplicatesKey(), before.plus(duplicates).encode());
        }
        return new BatchResult(keys.size(), false, duplicates);
    }

    private void fail(Component component, ComponentStates schema, String detail, String task, long processed) {
        store.transactKv(kv -> {
            StoredComponent stored = StoredComponent.read(kv, component.metaKey());
            StoredComponent.write(kv, component.metaKey(), stored.signature(), StoredComponent.FAILED, detail);
            kv.put(component.cursorKey(), EMPTY);
        });
        component.set(schema, new Status(State.FAILED, detail));
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
                    System.getLogger(SchemaRegistry.class.getName()).log(System.Logger.Level.ERROR,
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

    /** What one batch of a build did. */
    private record BatchResult(int processed, boolean finished, List<String> duplicates) {
    }

    /** Adds one record's contribution to a component being built. */
    private interface Backfill<E> {
        /**
         * @param duplicates receives a description of each unique value another record already holds
         * @param touched receives the key of each counter group that may now be zero
         */
        void add(KvTransaction kv, byte[] recordKey, E entity, List<String> duplicates, List<byte[]> touched);
    }

    /** Writes a record's index entries; a unique value already held by another record is a duplicate. */
    private static final class IndexBuild<E> implements Backfill<E> {
        private final KeyLayout layout;
        private final IndexDefinition<E> index;
        private final byte[] prefix;

        IndexBuild(KeyLayout layout, IndexDefinition<E> index) {
            this.layout = layout;
            this.index = index;
            this.prefix = layout.indexPrefix(index.name());
        }

        @Override
        public void add(KvTransaction kv, byte[] recordKey, E entity, List<String> duplicates, List<byte[]> touched) {
            for (ByteBuffer value : IndexMaintainer.values(index, entity)) {
                if (!index.unique()) {
                    kv.put(layout.entry(prefix, value.array(), recordKey), EMPTY);
                    continue;
                }
                byte[] entry = KeyLayout.uniqueEntry(prefix, value.array());
                byte[] holder = kv.claim(entry, recordKey);
                if (holder != null) {
                    duplicates.add(Tuples.toString(value.array()) + " is held by " + Tuples.toString(holder) + " and "
                            + Tuples.toString(recordKey));
                }
            }
        }
    }

    /** Adds a record's amount to its counter group. */
    private static final class CounterBuild<E> implements Backfill<E> {
        private final CounterDefinition<E> counter;
        private final byte[] prefix;

        CounterBuild(KeyLayout layout, CounterDefinition<E> counter) {
            this.counter = counter;
            this.prefix = layout.counterPrefix(counter.name());
        }

        @Override
        public void add(KvTransaction kv, byte[] recordKey, E entity, List<String> duplicates, List<byte[]> touched) {
            long amount = counter.amount().applyAsLong(entity);
            if (amount != 0) {
                byte[] group = KeyLayout.counterKey(prefix, counter.group().apply(entity));
                kv.add(group, amount);
                if (counter.isSum()) {
                    touched.add(group);
                }
            }
        }
    }

    /**
     * An index or counter of an entity, with its keys. Only a counter has a fence: index writes always
     * maintain the index, so its build need not hear of them.
     */
    private record Component(String entity, String kind, String name, byte[] metaKey, byte[] cursorKey,
            byte[] fenceKey, byte[] duplicatesKey, KeyRange range) {
        static Component index(KeyLayout layout, String name) {
            return new Component(layout.entityName(), MetaKinds.INDEX, name, layout.metaKey(MetaKinds.INDEX, name),
                    layout.metaKey(MetaKinds.INDEX_CURSOR, name), null,
                    layout.metaKey(MetaKinds.INDEX_DUPLICATES, name), KeyRange.startingWith(layout.indexPrefix(name)));
        }

        static Component counter(KeyLayout layout, String name) {
            return new Component(layout.entityName(), MetaKinds.COUNTER, name,
                    layout.metaKey(MetaKinds.COUNTER, name), layout.metaKey(MetaKinds.COUNTER_CURSOR, name),
                    layout.metaKey(MetaKinds.COUNTER_FENCE, name), layout.metaKey(MetaKinds.COUNTER_DUPLICATES, name),
                    KeyRange.startingWith(layout.counterPrefix(name)));
        }

        /** Reads the fence with conflict tracking, so a batch retries when a write bumped it meanwhile. */
        void readFence(KvTransaction kv) {
            if (fenceKey != null) {
                kv.get(fenceKey);
            }
        }

        /**
         * Removes one of the component's items: a unique index entry (the only kind with a value, the record
         * key) by releasing its claim, anything else by deleting it.
         */
        void remove(KvTransaction kv, KeyValue item) {
            if (kind.equals(MetaKinds.INDEX) && item.value().length > 0) {
                kv.release(item.key(), item.value());
            } else {
                kv.delete(item.key());
            }
        }

        /** Deletes the cursor and the fence: the build is over. */
        void endBuild(KvTransaction kv) {
            kv.delete(cursorKey);
            if (fenceKey != null) {
                kv.delete(fenceKey);
            }
        }

        String describe() {
            return kind + " '" + name + "'";
        }

        void set(ComponentStates schema, Status status) {
            if (kind.equals(MetaKinds.INDEX)) {
                schema.setIndex(name, status);
            } else {
                schema.setCounter(name, status);
            }
        }
    }
}
