package io.kvmapper.internal.operations;

import static io.kvmapper.internal.layout.KeyLayout.concat;

import io.kvmapper.Change;
import io.kvmapper.CorruptDataException;
import io.kvmapper.DuplicateKeyException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvStore;
import io.kvmapper.OptimisticLockException;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.ProgressListener;
import io.kvmapper.Transaction;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.UniqueConstraintException;
import io.kvmapper.internal.codec.AttributeField;
import io.kvmapper.internal.codec.AttributeWriter;
import io.kvmapper.internal.index.ComponentStates;
import io.kvmapper.internal.index.CounterMaintainer;
import io.kvmapper.internal.index.EntityMaintainers;
import io.kvmapper.internal.index.ExpiryIndexMaintainer;
import io.kvmapper.internal.index.IndexMaintainer;
import io.kvmapper.internal.index.PendingWrites;
import io.kvmapper.internal.layout.KeyLayout;
import io.kvmapper.internal.layout.KeyLimit;
import io.kvmapper.internal.layout.KeyRanges;
import io.kvmapper.internal.layout.RecordRange;
import io.kvmapper.internal.maintenance.IntegrityChecker;
import io.kvmapper.internal.maintenance.SchemaReconciler;
import io.kvmapper.internal.mapping.EntityMapping;
import io.kvmapper.internal.mapping.ExpiryDefinition;
import io.kvmapper.internal.mapping.VersionField;
import io.kvmapper.internal.record.EntityCache;
import io.kvmapper.internal.record.FieldChanges;
import io.kvmapper.internal.record.RecordCursor;
import io.kvmapper.internal.record.RecordLayout;
import io.kvmapper.internal.store.KvStoreImpl;
import io.kvmapper.internal.store.TransactionImpl;
import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.internal.tuple.TupleWriter;
import io.kvmapper.spi.Counters;
import io.kvmapper.spi.KeyRange;
import io.kvmapper.spi.KeyValue;
import io.kvmapper.spi.KvCursor;
import io.kvmapper.spi.KvReader;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.spi.ScanOptions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The one implementation of every repository operation for one entity; generated repositories build
 * keys and ranges and delegate here. Every write goes through one path that diffs the entity's old and
 * new state, so the record, its index entries and its counters change in the same unit of work.
 * Outside a transaction each write runs as its own unit of work through {@link KvStore#transact};
 * inside one ({@link #with}) it joins it. Thread-safe.
 *
 * @param <E> the entity type
 */
public final class EntityOperations<E> {
    /** How many record keys an index scan collects before fetching the records in one multi-get. */
    private static final int FETCH_BATCH = 256;
    /** The most expired entities, or old changes, one unit of work of the reaper deletes. */
    static final int REAP_BATCH = 100;
    /** Where scans report the records they skip because they cannot be decoded. */
    private static final System.Logger CORRUPTION = System.getLogger(KvStore.class.getName());

    private final KvStoreImpl store;
    private final Shared<E> shared;
    private final KvTransaction transaction;

    /**
     * What every copy of one entity's operations on one store shares.
     *
     * @param records the records as reads see them: without the expired ones ({@link RecordLayout#hidingExpired})
     * @param stored every stored record, expired or not, as integrity checks and online builds see them
     * @param expiry the entity's {@code @Expires} field, or null
     * @param feed the entity's change feed, or null
     * @param refusedWrites why writes of the entity are refused on this store, or null if they are not
     */
    private record Shared<E>(EntityMapping<E> mapping, RecordLayout<E> records, RecordLayout<E> stored,
            KeyLayout layout, EntityMaintainers<E> maintainers, ExpiryDefinition<E> expiry, ChangeFeed<E> feed,
            String refusedWrites) {
    }

    /**
     * Operations on {@code store} for the entity {@code mapping} describes. On first use in a store,
     * reconciles the stored schema with the mapping's indexes and counters (see {@link SchemaReconciler}).
     */
    public EntityOperations(KvStore store, EntityMapping<E> mapping) {
        this(KvStoreImpl.of(store), Objects.requireNonNull(mapping, "mapping"));
    }

    private EntityOperations(KvStoreImpl store, EntityMapping<E> mapping) {
        this(store, store.component(SharedStates.class, s -> new SharedStates()).get(store, mapping), null);
    }

    /** The shared state of every entity opened on one store, so that a repository is cheap to create. */
    private static final class SharedStates {
        private final Map<EntityMapping<?>, Shared<?>> states = new java.util.concurrent.ConcurrentHashMap<>();

        @SuppressWarnings("unchecked")
        <E> Shared<E> get(KvStoreImpl store, EntityMapping<E> mapping) {
            Shared<?> shared = states.get(mapping);
            if (shared == null) {
                // Opening an entity reconciles its stored schema once per store (SchemaReconciler.open caches
                // what it opened), so two threads may build a state each; both are equal, and the first one
                // cached is the one every later caller gets.
                Shared<?> created = share(store, mapping);
                Shared<?> first = states.putIfAbsent(mapping, created);
                shared = first != null ? first : created;
                if (first == null) {
                    startHousekeeping(store, created);
                }
            }
            return (Shared<E>) shared;
        }
    }

    private EntityOperations(KvStoreImpl store, Shared<E> shared, KvTransaction transaction) {
        this.store = store;
        this.shared = shared;
        this.transaction = transaction;
    }

    private static <E> Shared<E> share(KvStoreImpl store, EntityMapping<E> mapping) {
        RecordLayout<E> records = RecordLayout.of(mapping, store.backend());
        KeyLayout layout = new KeyLayout(mapping.entityName(), mapping.partitionSize());
        EntityMaintainers<E> maintainers = store.component(SchemaReconciler.class, SchemaReconciler::new)
                .open(records, layout);
        ChangeFeed<E> feed = mapping.changeFeedRetention() == null ? null
                : new ChangeFeed<>(store, records, layout, mapping.changeFeedRetention());
        String refusedWrites = store.backend().detectsConflicts() ? null : refusedWrites(mapping, records, store);
        // reads outside units of work go through the store's entity cache where it is on (EntityCache.cached)
        RecordLayout<E> reads = store.component(EntityCache.class, s -> EntityCache.of(s.backend())).cached(records);
        return new Shared<>(mapping, reads.hidingExpired(store.clock()), records, layout, maintainers,
                mapping.expiry(), feed, refusedWrites);
    }

    /** Has the store's reaper reap the entity's expired entities and prune its change feed. */
    private static void startHousekeeping(KvStoreImpl store, Shared<?> shared) {
        if (shared.expiry() == null && shared.feed() == null) {
            return;
        }
        StoreReaper reaper = store.component(StoreReaper.class, StoreReaper::new);
        EntityOperations<?> operations = new EntityOperations<>(store, shared, null);
        if (shared.expiry() != null) {
            reaper.reapExpired(operations);
        }
        if (shared.feed() != null) {
            reaper.pruneChanges(operations);
        }
    }

    /**
     * Why this store cannot write the entity safely, or null. A {@code @Version} is checked by a
     * compare-and-set of the record's one value, where the layout checks its writes
     * ({@link RecordLayout#checksWrites}); an entity stored one key per attribute has no such value, so on a
     * backend without conflict detection its versioned writes could overwrite each other unawares, and are
     * refused instead. (A checked write of the version's own item is not enough: it commits before the other
     * items, so a writer that retries in between reads the new version over the old items.)
     */
    private static <E> String refusedWrites(EntityMapping<E> mapping, RecordLayout<E> records, KvStoreImpl store) {
        if (mapping.version() == null || records.checksWrites()) {
            return null;
        }
        return mapping.entityName() + ": a @Version entity stored one key per attribute cannot be written on "
                + store.backend() + ", whose transactions detect no conflicting writes, so two writers could"
                + " overwrite each other unawares (see docs/consistency.md); store the entity in the MONOLITHIC"
                + " layout, whose versioned writes are checked atomically, or drop @Version";
    }

    /** The same operations, working inside {@code tx}. */
    public EntityOperations<E> with(Transaction tx) {
        return new EntityOperations<>(store, shared, TransactionImpl.kvOf(tx, store, entityName()));
    }

    /** Whether these operations work inside a unit of work ({@link #with}) rather than each in its own. */
    boolean inTransaction() {
        return transaction != null;
    }

    /** The store. */
    public KvStoreImpl store() {
        return store;
    }

    /** The entity's records, in its layout. */
    public RecordLayout<E> records() {
        return shared.records();
    }

    /** The entity's key layout. */
    public KeyLayout layout() {
        return shared.layout();
    }

    /** The maintainers of the entity's indexes and counters, with their live states. */
    public EntityMaintainers<E> maintainers() {
        return shared.maintainers();
    }

    // ---- point reads and writes

    /** The entity under {@code key}. */
    public Optional<E> find(byte[] key) {
        return timed("find", EntityOperations::findNow, key);
    }

    private Optional<E> findNow(byte[] key) {
        return Optional.ofNullable(shared.records().find(reader(), key));
    }

    /**
     * The entities under {@code keys}, in that order, skipping absent ones: one multi-get in the
     * monolithic layout, one range scan per key in the attribute-per-key layout.
     */
    public List<E> findAll(List<byte[]> keys) {
        return timed("findAll", EntityOperations::findAllNow, keys);
    }

    private List<E> findAllNow(List<byte[]> keys) {
        List<E> found = new ArrayList<>(keys.size());
        if (keys.isEmpty()) {
            return found;
        }
        for (E entity : findEach(keys)) {
            if (entity != null) {
                found.add(entity);
            }
        }
        return found;
    }

    /** The entities under {@code keys}, in that order, with null for each absent one: the read of {@link #findAll}. */
    List<E> findEach(List<byte[]> keys) {
        return keys.isEmpty() ? new ArrayList<>() : shared.records().findAll(reader(), keys);
    }

    /**
     * Rejects a null collection of keys, as {@code findAllById(null)} passes: a call that cannot be served as
     * made, like a null key component.
     *
     * @throws InvalidRequestException if {@code ids} is null
     */
    public void requireIds(java.util.Collection<?> ids) {
        if (ids == null) {
            throw new InvalidRequestException(entityName() + ": findAllById(null); pass a collection of keys (an"
                    + " empty one finds nothing)");
        }
    }

    /** Whether an entity is stored under {@code key}. */
    public boolean exists(byte[] key) {
        return timed("exists", EntityOperations::existsNow, key);
    }

    private boolean existsNow(byte[] key) {
        return shared.records().exists(reader(), key);
    }

    /**
     * Inserts or replaces {@code entity}, with its index entries and counters.
     *
     * @return the entity as stored: with its new version if it has a {@code @Version} field (the
     *     argument is not changed), else the argument
     */
    public E save(E entity) {
        requireEntity(entity, "save");
        byte[] key = shared.mapping().keyOf(entity);
        RecordLayout<E> records = shared.records();
        if (shared.maintainers().isEmpty() && shared.mapping().version() == null && !records.writeNeedsOld()) {
            requireWritable(key);
            execute("save", kv -> {
                records.write(kv, key, null, entity);
                if (shared.feed() != null) {
                    shared.feed().put(kv, key, entity, store.clock().instant());
                }
            });
            return entity;
        }
        return apply("save", kv -> write(kv, key, records.load(kv, key), entity));
    }

    /**
     * Inserts {@code entity}, failing if its key is taken.
     *
     * @return the entity as stored: at version 1 if it has a {@code @Version} field (the argument is not
     *     changed), else the argument
     */
    public E insert(E entity) {
        requireEntity(entity, "insert");
        byte[] key = shared.mapping().keyOf(entity);
        return timed("insert", EntityOperations::insertNow, key, entity);
    }

    private E insertNow(byte[] key, E entity) {
        if (transaction == null && shared.mapping().version() == null && shared.expiry() == null
                && shared.records().checksWrites()) {
            E inserted = insertUnread(key, entity);
            if (inserted != null) {
                return inserted;
            }
        }
        return unitOfWork(kv -> {
            if (shared.expiry() == null) {
                if (shared.records().exists(kv, key)) {
                    throw new DuplicateKeyException(entityName(), shared.mapping().describeKey(key));
                }
                return write(kv, key, null, entity);
            }
            // an expired entity is absent, and is reaped in this unit of work: the write replaces it
            RecordLayout.Stored<E> old = shared.records().load(kv, key);
            if (old != null && !hasExpired(old.entity())) {
                throw new DuplicateKeyException(entityName(), shared.mapping().describeKey(key));
            }
            return write(kv, key, old, entity);
        });
    }

    /**
     * An insert without the read of its key, where the record's write is a checked write expecting no value
     * ({@link RecordLayout#checksWrites()}: on Cassandra an {@code INSERT ... IF NOT EXISTS}), which fails on a
     * taken key anyway and, being applied before every other write of the commit, leaves nothing applied then.
     * Only the first attempt goes unread; a retry reads. If the first and only attempt conflicts (a taken key, or
     * another checked write) or finds a unique value taken, nothing was applied and it returns null, so that the
     * caller inserts with the read and reports what it finds as an insert with the read always has (a taken key
     * before a taken unique value).
     *
     * @return the entity as stored, or null to insert with the read
     */
    private E insertUnread(byte[] key, E entity) {
        int[] attempts = {0};
        try {
            return unitOfWork(kv -> {
                if (attempts[0]++ > 0 && shared.records().exists(kv, key)) { // a retry reads, as an insert does
                    throw new DuplicateKeyException(entityName(), shared.mapping().describeKey(key));
                }
                return write(kv, key, null, entity);
            });
        } catch (TransactionConflictException | UniqueConstraintException e) {
            if (attempts[0] > 1) {
                throw e; // the retries read the key: what they found stands
            }
            return null;
        }
    }

    /**
     * Deletes the entity under {@code key} if, as stored when this unit of work reads it (with conflict tracking),
     * it satisfies {@code matches}; its index entries and counters follow, as in {@link #delete(byte[])}. Whether
     * it was deleted. A derived {@code deleteBy} method deletes through here, so that an entity changed since its
     * query found it is deleted only if it still matches; one that has expired since is left to the reaper, and a
     * change feed gets the {@code DELETE}.
     */
    boolean deleteIf(byte[] key, Predicate<? super E> matches) {
        RecordLayout<E> records = shared.records();
        return apply("delete", kv -> {
            RecordLayout.Stored<E> old = records.load(kv, key);
            if (old == null || hasExpired(old.entity()) || !matches.test(old.entity())) {
                return false;
            }
            remove(kv, key, old);
            return true;
        });
    }

    /**
     * Deletes the entity under {@code key}; whether there was one. An expired entity is absent: its delete
     * changes nothing and is left to the reaper. A record that cannot be decoded is deleted too (whatever is
     * stored under the key): that is how a user removes it. Its index entries (its expiry entry too) and counter
     * contributions cannot be known without its values, so they stay until {@code repair()} removes them; the
     * deletion is logged at WARNING with the {@link CorruptDataException}, saying so, and a change feed gets its
     * {@code DELETE}.
     */
    public boolean delete(byte[] key) {
        RecordLayout<E> records = shared.records();
        CorruptDataException[] corrupt = new CorruptDataException[1];
        boolean deleted = apply("delete", kv -> {
            corrupt[0] = null;
            if (shared.maintainers().isEmpty() && shared.mapping().version() == null) {
                if (!records.exists(kv, key)) {
                    records.deleteRemains(kv, key);
                    return false;
                }
                records.delete(kv, key);
                if (shared.feed() != null) {
                    shared.feed().delete(kv, key, store.clock().instant());
                }
                return true;
            }
            RecordLayout.Stored<E> old;
            try {
                old = records.load(kv, key);
            } catch (CorruptDataException e) {
                corrupt[0] = e;
                deleteUndecodable(kv, key);
                if (shared.feed() != null) {
                    shared.feed().delete(kv, key, store.clock().instant());
                }
                return true;
            }
            if (old == null) {
                records.deleteRemains(kv, key);
                return false;
            }
            if (hasExpired(old.entity())) {
                return false;
            }
            remove(kv, key, old);
            return true;
        });
        if (corrupt[0] != null) {
            CORRUPTION.log(System.Logger.Level.WARNING, entityName() + ": deleted " + shared.mapping().describeKey(key)
                    + ", a record that cannot be decoded; its index entries and counter contributions could not be"
                    + " known, so they stay until repair() removes them", corrupt[0]);
        }
        return deleted;
    }

    /**
     * Deletes every item under {@code key}, whose record cannot be decoded. Where the layout checks its writes,
     * the value is removed only if it is still the one read, so a concurrent writer is not overwritten unawares.
     */
    private void deleteUndecodable(KvTransaction kv, byte[] key) {
        RecordLayout<E> records = shared.records();
        if (records.checksWrites()) {
            byte[] stored = kv.get(key);
            if (stored != null) {
                kv.writeIfUnchanged(key, stored, null);
            }
        } else {
            records.delete(kv, key);
        }
    }

    /** Deletes a loaded record with its index entries and counter contributions, and appends its delete. */
    private void remove(KvTransaction kv, byte[] key, RecordLayout.Stored<E> old) {
        shared.maintainers().update(kv, key, old.entity(), null);
        shared.records().delete(kv, key, old);
        if (shared.feed() != null) {
            shared.feed().delete(kv, key, store.clock().instant());
        }
    }

    /**
     * Changes the entity under {@code key} with {@code change}, atomically (a read-modify-write in one
     * unit of work); indexes and counters follow.
     *
     * @param change gets a fresh copy of the stored entity and returns the new state (it may change and
     *     return its argument)
     * @return false if there is no entity under {@code key}
     */
    public boolean update(byte[] key, UnaryOperator<E> change) {
        RecordLayout<E> records = shared.records();
        return apply("update", kv -> {
            RecordLayout.Stored<E> old = records.load(kv, key);
            if (old == null || hasExpired(old.entity())) {
                return false;
            }
            write(kv, key, old, change.apply(changeable(old)));
            return true;
        });
    }

    /**
     * What a change of the entity {@code old} holds is given: the decoded entity itself when changes build new
     * entities ({@link EntityMapping#changesBuildNewEntities()}), else a fresh copy decoded from the same stored
     * bytes, so that the change's setters leave {@code old} as it was for the index and counter diff.
     */
    private E changeable(RecordLayout.Stored<E> old) {
        return shared.mapping().changesBuildNewEntities() ? old.entity() : shared.records().reread(old);
    }

    private void requireEntity(E entity, String operation) {
        if (entity == null) {
            throw new InvalidRequestException(entityName() + ": cannot " + operation + " null; pass an entity");
        }
    }

    /**
     * The one write path: version check, record, index entries and counters, from the diff of old and now, and
     * the change. An expired {@code old} is absent to the version check, and is reaped here: the diff removes
     * its index entries and counter contributions, and the feed gets its delete before the put.
     */
    private E write(KvTransaction kv, byte[] key, RecordLayout.Stored<E> old, E now) {
        requireWritable(key);
        E before = old == null ? null : old.entity();
        boolean expired = before != null && hasExpired(before);
        E stored = versioned(key, expired ? null : before, now);
        PendingWrites upkeep = shared.maintainers().prepare(kv, key, before, stored);
        boolean wrote;
        try {
            // a record the layout refuses to encode (an item key over the limit) is refused before it writes
            wrote = shared.records().write(kv, key, old, stored);
        } catch (InvalidRequestException e) {
            upkeep.withdrawClaims(kv);
            throw e;
        }
        upkeep.apply(kv);
        if (shared.feed() != null) {
            Instant at = store.clock().instant();
            if (expired) {
                shared.feed().delete(kv, key, at);
            }
            if (wrote) { // a record that already held exactly this is no change, and sent nothing to check
                shared.feed().put(kv, key, stored, at);
            }
        }
        return stored;
    }

    /**
     * Refuses a write under a record key longer than {@link KvStore#MAX_KEY_BYTES}, before anything is written: the
     * first check of a write, since the record's items, index entries and expiry entry all hold the key.
     */
    private void requireWritable(byte[] key) {
        if (!KeyLimit.fits(key.length)) {
            throw KeyLimit.tooLong(key, entityName(), "the record key", "shorten the key components (a long text"
                    + " belongs in a field; a key can hold a hash or an id of it)");
        }
    }

    /** Whether {@code entity} has expired by the store's clock. */
    private boolean hasExpired(E entity) {
        return shared.expiry() != null && shared.expiry().hasExpired(entity, store.clock().instant());
    }

    private E versioned(byte[] key, E old, E now) {
        VersionField<E> version = shared.mapping().version();
        if (version == null) {
            return now;
        }
        long expected = version.get(now);
        long actual = old == null ? 0 : version.get(old);
        if (expected != actual) {
            throw new OptimisticLockException(entityName(), shared.mapping().describeKey(key), expected, actual);
        }
        return version.with(now, actual + 1);
    }

    // ---- changes of one field, in a layout that stores fields apart

    /** Sets one field to what {@code value} writes; {@code change} gives the new entity for indexes and counters. */
    public boolean setAttribute(byte[] key, AttributeField field, Consumer<AttributeWriter> value,
            UnaryOperator<E> change) {
        return changeAttribute(key, field, change,
                (kv, fields, loaded) -> fields.setField(kv, key, field, value, loaded));
    }

    /** Appends an element to a list field. */
    public boolean appendAttribute(byte[] key, AttributeField field, Consumer<AttributeWriter> element,
            UnaryOperator<E> change) {
        return changeAttribute(key, field, change, (kv, fields, loaded) -> fields.append(kv, key, field, element));
    }

    /** Inserts an element into a list field at {@code index}. */
    public boolean insertAttribute(byte[] key, AttributeField field, int index, Consumer<AttributeWriter> element,
            UnaryOperator<E> change) {
        return changeAttribute(key, field, change, (kv, fields, loaded) -> fields.insert(kv, key, field, index, element));
    }

    /** Removes the element at {@code index} of a list field. */
    public boolean removeAttributeAt(byte[] key, AttributeField field, int index, UnaryOperator<E> change) {
        return changeAttribute(key, field, change, (kv, fields, loaded) -> fields.removeAt(kv, key, field, index));
    }

    /** Adds the set element {@code entry} writes ({@code value} null), or maps a map key to {@code value}. */
    public boolean putAttribute(byte[] key, AttributeField field, Consumer<TupleWriter> entry,
            Consumer<AttributeWriter> value, UnaryOperator<E> change) {
        return changeAttribute(key, field, change, (kv, fields, loaded) -> fields.put(kv, key, field, entry, value));
    }

    /** Removes the set element or map key {@code entry} writes. */
    public boolean removeAttribute(byte[] key, AttributeField field, Consumer<TupleWriter> entry,
            UnaryOperator<E> change) {
        return changeAttribute(key, field, change, (kv, fields, loaded) -> fields.remove(kv, key, field, entry));
    }

    /**
     * The one path of field changes, in a layout that stores fields apart
     * ({@link RecordLayout#fieldChanges}). When indexes, counters or a version depend on the field, the entity
     * is read and diffed as in {@link #update}; otherwise only its head is read. Either way the change writes
     * the field's own items and the head, nothing else.
     */
    private boolean changeAttribute(byte[] key, AttributeField field, UnaryOperator<E> change,
            AttributeChange<E> work) {
        RecordLayout<E> records = shared.records();
        FieldChanges<E> fields = records.fieldChanges().orElseThrow(() -> new IllegalStateException(entityName()
                + " is stored as one value per record, which has no field of its own to change"));
        // an expiry must be checked, and a change feed gets the changed entity: both read it
        boolean readsEntity = field.readsEntity() || shared.expiry() != null || shared.feed() != null;
        return apply("update", kv -> {
            List<KeyValue> loaded = null;
            E now = null;
            PendingWrites upkeep = null;
            if (readsEntity) {
                RecordLayout.Stored<E> old = records.load(kv, key);
                if (old == null || hasExpired(old.entity())) {
                    return false;
                }
                requireWritable(key);
                now = versioned(key, old.entity(), change.apply(changeable(old)));
                upkeep = shared.maintainers().prepare(kv, key, old.entity(), now);
                loaded = old.items();
            } else if (!records.exists(kv, key)) {
                return false;
            } else {
                requireWritable(key);
            }
            try {
                // refused (an index out of range, an item key over the limit) before it writes anything
                work.apply(kv, fields, loaded);
                VersionField<E> version = shared.mapping().version();
                if (version != null && now != null) {
                    fields.writeVersion(kv, key, version.get(now));
                }
            } catch (InvalidRequestException e) {
                if (upkeep != null) {
                    upkeep.withdrawClaims(kv);
                }
                throw e;
            }
            if (upkeep != null) {
                upkeep.apply(kv);
            }
            fields.touch(kv, key);
            if (shared.feed() != null) {
                shared.feed().put(kv, key, now, store.clock().instant());
            }
            return true;
        });
    }

    /** One field change, given the record's items if they were read. */
    @FunctionalInterface
    private interface AttributeChange<E> {
        void apply(KvTransaction kv, FieldChanges<E> fields, List<KeyValue> loaded);
    }

    // ---- scans over records

    /** Streams the entities in {@code records} in key order; the stream must be closed. */
    public Stream<E> stream(RecordRange records) {
        return timed("scan", EntityOperations::streamNow, records);
    }

    private Stream<E> streamNow(RecordRange records) {
        KeyRange range = records.keys();
        if (range.isEmpty()) {
            return Stream.empty();
        }
        RecordCursor<E> cursor = scanRecords(range, 0, null);
        Spliterator<E> entities = new Spliterators.AbstractSpliterator<>(Long.MAX_VALUE,
                Spliterator.ORDERED | Spliterator.NONNULL) {
            @Override
            public boolean tryAdvance(Consumer<? super E> action) {
                while (cursor.hasNext()) {
                    E entity = nextDecodable(cursor);
                    if (entity != null) {
                        action.accept(entity);
                        return true;
                    }
                }
                return false;
            }
        };
        return StreamSupport.stream(entities, false).onClose(cursor::close);
    }

    /** Every entity in {@code records}, in key order. */
    public List<E> list(RecordRange records) {
        return timed("scan", EntityOperations::listNow, records);
    }

    private List<E> listNow(RecordRange records) {
        KeyRange range = records.keys();
        List<E> found = new ArrayList<>();
        if (range.isEmpty()) {
            return found;
        }
        try (RecordCursor<E> cursor = scanRecords(range, 0, null)) {
            while (cursor.hasNext()) {
                E entity = nextDecodable(cursor);
                if (entity != null) {
                    found.add(entity);
                }
            }
        }
        return found;
    }

    /**
     * The next record of a scan, or null for one that cannot be decoded: the scan goes on past it, and its
     * {@link CorruptDataException} is logged at WARNING ({@code verify()} lists every such record, and
     * {@code deleteById} removes one).
     */
    E nextDecodable(RecordCursor<E> cursor) {
        try {
            return cursor.next();
        } catch (CorruptDataException e) {
            CORRUPTION.log(System.Logger.Level.WARNING, entityName() + ": a scan skipped a record that cannot be"
                    + " decoded; deleteById removes it, verify() lists every such record", e);
            return null;
        }
    }

    /** One page of the entities in {@code records}, in key order (in scan order across partitions). */
    public Page<E> page(RecordRange records, PageRequest request) {
        return timed("scan", EntityOperations::pageNow, records, request);
    }

    private Page<E> pageNow(RecordRange records, PageRequest request) {
        KeyRange range = records.keys();
        requirePage(request);
        List<E> items = new ArrayList<>(Math.min(request.size(), 256));
        byte[] after = resumeAfter(Continuations.Scan.RECORDS, range, request);
        if (range.isEmpty() || finished(request, after)) {
            return new Page<>(items, Optional.empty());
        }
        byte[] lastKey = null;
        boolean more = false;
        int limit = request.size() + 1; // one record past the page, to know whether another follows
        byte[] from = after;
        while (true) {
            int read = 0;
            try (RecordCursor<E> cursor = scanRecords(range, limit, from)) {
                while (cursor.hasNext()) {
                    if (items.size() == request.size()) {
                        more = true;
                        break;
                    }
                    E entity = nextDecodable(cursor);
                    read++;
                    lastKey = cursor.key();
                    if (entity != null) {
                        items.add(entity);
                    }
                }
            }
            // records that could not be decoded took room in the scan's limit: read on after the last one
            from = more || read < limit ? null : KeyRange.tuplePrefix(lastKey).end();
            if (from == null || java.util.Arrays.compareUnsigned(from, range.end()) >= 0) {
                break;
            }
        }
        return new Page<>(items, more
                ? Optional.of(Continuations.encode(Continuations.Scan.RECORDS, range, lastKey))
                : Optional.empty());
    }

    /**
     * The entities in {@code range} after the key {@code after} (null: from its start), at most {@code limit}
     * (0: all), decoded as they are scanned: the one read of records by range, which the finders, the streams and
     * derived queries ({@link EntityQuery}) share, as they share {@link #findAll(List)} by key and
     * {@link #fetch} by index entry.
     */
    RecordCursor<E> scanRecords(KeyRange range, int limit, byte[] after) {
        return shared.records().scan(reader(), range, limit, after);
    }

    /** How many entities there are: a scan of every record's items, decoding none. */
    public long count() {
        return timedLong("count", (operations, unused, none) -> operations.countRecords(), null, null);
    }

    private long countRecords() {
        return shared.records().count(reader(), shared.layout().records());
    }

    /**
     * How many entities there are, read from {@code counter}, a counter without groups that counts entities;
     * while it is being built, by a scan as {@link #count()} does.
     */
    public long count(String counter) {
        return timedLong("count", (operations, name, none) -> operations.countNow(name), counter, null);
    }

    private long countNow(String counter) {
        CounterMaintainer<E> maintainer = shared.maintainers().counter(counter);
        if (maintainer.state() != ComponentStates.State.READY) {
            return countRecords();
        }
        byte[] key = maintainer.groupKey(new byte[0]);
        return Counters.decode(key, reader().get(key));
    }

    // ---- index finders

    /** The entities whose index {@code index} holds {@code value} (all its elements, encoded), in index order. */
    public List<E> findByIndex(String index, byte[] value) {
        return listByIndex(index, KeyRange.tuplePrefix(concat(indexPrefix(index), value)));
    }

    /** A page of {@link #findByIndex}. */
    public Page<E> findByIndex(String index, byte[] value, PageRequest request) {
        return pageByIndex(index, KeyRange.tuplePrefix(concat(indexPrefix(index), value)), request);
    }

    /**
     * The entities whose index value, after the leading elements {@code prefix}, has a next element in
     * {@code [from, to)} (both encoded), in index order.
     */
    public List<E> findByIndexBetween(String index, byte[] prefix, byte[] from, byte[] to) {
        return listByIndex(index, KeyRanges.between(concat(indexPrefix(index), prefix), from, to, false));
    }

    /** A page of {@link #findByIndexBetween}. */
    public Page<E> findByIndexBetween(String index, byte[] prefix, byte[] from, byte[] to, PageRequest request) {
        return pageByIndex(index, KeyRanges.between(concat(indexPrefix(index), prefix), from, to, false), request);
    }

    /** The entity holding {@code value} in the unique index {@code index}; two point reads. */
    public Optional<E> findByUniqueIndex(String index, byte[] value) {
        return findByUniqueIndex(index, value, null);
    }

    /**
     * The entity holding {@code value} in the unique index {@code index}; two point reads. Outside a
     * transaction the entry and the record are read at slightly different moments, so the record is
     * checked to still hold the value: first with {@code holds}, if given, then (where it says no) by
     * comparing its encoded index value with the entry.
     *
     * <p>An entry that does not hold a record key of the entity (damaged) finds nothing.
     *
     * @param holds a cheap test that an entity holds the value the caller looked up (the generated
     *     finder's {@code equals} on the field); it must never say yes where the encodings differ
     */
    public Optional<E> findByUniqueIndex(String index, byte[] value, Predicate<? super E> holds) {
        return timed("findByIndex", EntityOperations::findByUniqueIndexNow, index, value, holds);
    }

    private Optional<E> findByUniqueIndexNow(String index, byte[] value, Predicate<? super E> holds) {
        IndexMaintainer<E> info = index(index);
        byte[] entry = KeyLayout.uniqueEntry(info.keys().prefix(), value);
        KvReader reader = reader();
        byte[] recordKey = reader.get(entry);
        if (recordKey == null || !shared.layout().isRecordKey(recordKey)) {
            // an entry that names no record key (damaged: empty, cut, a counter's key) points at no record;
            // verify() reports it and repair() mends it. Not read: a backend may refuse such a key
            // (Cassandra needs a partition element, and threw InvalidRequestException for an empty entry)
            return Optional.empty();
        }
        E entity = shared.records().find(reader, recordKey);
        if (entity == null) {
            return Optional.empty();
        }
        return holds != null && holds.test(entity) || info.owns(entity, recordKey, entry)
                ? Optional.of(entity) : Optional.empty();
    }

    private List<E> listByIndex(String index, KeyRange range) {
        return timed("findByIndex", EntityOperations::listByIndexNow, index, range);
    }

    private List<E> listByIndexNow(String index, KeyRange range) {
        IndexMaintainer<E> info = index(index);
        List<E> found = new ArrayList<>();
        if (range.isEmpty()) {
            return found;
        }
        List<KeyValue> entries = new ArrayList<>(FETCH_BATCH);
        try (KvCursor cursor = reader().scan(range, info.entryScan(ScanOptions.FORWARD))) {
            while (cursor.hasNext()) {
                entries.add(cursor.next());
                if (entries.size() == FETCH_BATCH) {
                    found.addAll(fetch(info, entries));
                    entries.clear();
                }
            }
        }
        found.addAll(fetch(info, entries));
        return found;
    }

    private Page<E> pageByIndex(String index, KeyRange range, PageRequest request) {
        return timed("findByIndex", EntityOperations::pageByIndexNow, index, range, request);
    }

    private Page<E> pageByIndexNow(String index, KeyRange range, PageRequest request) {
        IndexMaintainer<E> info = index(index);
        Page<KeyValue> entries = entryPage(info, range, request);
        return new Page<>(fetch(info, entries.items()), entries.continuation());
    }

    /**
     * The entities index entries point at, in one multi-get. Outside a transaction the entries and the
     * records are read at slightly different moments, so each entity is checked to still own its entry:
     * one changed in between is left out rather than returned for a value it no longer holds.
     */
    List<E> fetch(IndexMaintainer<E> info, List<KeyValue> entries) {
        List<E> found = new ArrayList<>(entries.size());
        if (entries.isEmpty()) {
            return found;
        }
        List<byte[]> keys = new ArrayList<>(entries.size());
        for (KeyValue entry : entries) {
            keys.add(info.recordKeyOf(entry));
        }
        for (E entity : fetchEach(info, entries, keys)) {
            if (entity != null) {
                found.add(entity);
            }
        }
        return found;
    }

    /**
     * The read of {@link #fetch}, given the record keys the entries point at: the entities in the entries' order,
     * with null for each one absent or no longer holding its entry's value.
     */
    List<E> fetchEach(IndexMaintainer<E> info, List<KeyValue> entries, List<byte[]> keys) {
        List<E> entities = new ArrayList<>(shared.records().findAll(reader(), keys));
        for (int i = 0; i < keys.size(); i++) {
            E entity = entities.get(i);
            if (entity != null && !info.owns(entity, keys.get(i), entries.get(i).key())) {
                entities.set(i, null);
            }
        }
        return entities;
    }

    /** The maintainer of the index {@code name}, which must be ready to serve reads. */
    IndexMaintainer<E> index(String name) {
        IndexMaintainer<E> index = shared.maintainers().index(name);
        index.requireReady();
        return index;
    }

    private byte[] indexPrefix(String name) {
        return index(name).keys().prefix();
    }

    // ---- counters

    /** The value of the counter {@code counter} for the encoded {@code group} (empty for a global counter). */
    public long counter(String counter, byte[] group) {
        return timedLong("counter", EntityOperations::counterNow, counter, group);
    }

    private long counterNow(String counter, byte[] group) {
        byte[] key = counterMaintainer(counter).groupKey(group);
        return Counters.decode(key, reader().get(key));
    }

    /**
     * Every group of a counter and its value, in group order; a group whose value is zero is not
     * listed. Only the keys the counter itself writes are groups: a key in the counter's range that
     * {@code group} does not read to its end (an extra element, another type), which no point read of a group
     * would ever read, is left out, so the map agrees with {@link #counter} group by group; {@code verify()}
     * reports such a key as an orphaned group and {@code repair()} removes it.
     *
     * @param group reads one group from a reader positioned on it
     */
    public <K> Map<K, Long> counterGroups(String counter, Function<TupleReader, K> group) {
        return counterGroups(counter, new byte[0], group);
    }

    /**
     * The groups of a counter with several group fields whose leading values are {@code leading} (encoded), each
     * with its value, in group order; a group whose value is zero is not listed, nor a key that {@code group} does
     * not read to its end (as in {@link #counterGroups(String, Function)}).
     *
     * @param group reads the rest of a group (its last value) from a reader positioned after {@code leading}
     */
    public <K> Map<K, Long> counterGroups(String counter, byte[] leading, Function<TupleReader, K> group) {
        return timed("counter", EntityOperations::counterGroupsNow, counter, leading, group);
    }

    private <K> Map<K, Long> counterGroupsNow(String counter, byte[] leading, Function<TupleReader, K> group) {
        byte[] prefix = concat(counterMaintainer(counter).keys().prefix(), leading);
        Map<K, Long> groups = new LinkedHashMap<>();
        try (KvCursor cursor = reader().scan(KeyRange.startingWith(prefix), ScanOptions.FORWARD)) {
            while (cursor.hasNext()) {
                KeyValue item = cursor.next();
                TupleReader reader = new TupleReader(item.key(), prefix.length, item.key().length);
                K decoded;
                try {
                    decoded = group.apply(reader); // null for the group of entities whose field is null
                } catch (CorruptDataException e) {
                    continue;
                }
                if (reader.hasNext()) {
                    continue;
                }
                long value = Counters.decode(item.key(), item.value());
                if (value != 0) {
                    groups.put(decoded, value);
                }
            }
        }
        return groups;
    }

    /** The maintainer of the counter {@code name}, which must be ready to serve reads. */
    private CounterMaintainer<E> counterMaintainer(String name) {
        CounterMaintainer<E> counter = shared.maintainers().counter(name);
        counter.requireReady();
        return counter;
    }

    // ---- integrity

    /** Recomputes every ready index entry and counter from the records and reports what differs. */
    public IntegrityReport verify(ProgressListener listener) {
        return timed("verify", EntityOperations::verifyNow, listener);
    }

    private IntegrityReport verifyNow(ProgressListener listener) {
        return checker(false, listener).run();
    }

    /** Like {@link #verify}, and fixes what it finds. */
    public IntegrityReport repair(ProgressListener listener) {
        return timed("repair", EntityOperations::repairNow, listener);
    }

    private IntegrityReport repairNow(ProgressListener listener) {
        return checker(true, listener).run();
    }

    private IntegrityChecker<E> checker(boolean repair, ProgressListener listener) {
        if (transaction != null) {
            throw new InvalidRequestException(entityName() + ": verify() and repair() run in batches of their own, "
                    + "not inside a transaction");
        }
        return new IntegrityChecker<>(store, shared.stored(), shared.layout(), shared.maintainers(), repair,
                Objects.requireNonNull(listener, "listener"));
    }

    // ---- expiry and the change feed

    /**
     * Deletes every entity that had expired at {@code now}, found through the expiry index, in units of work of
     * at most {@value #REAP_BATCH}: each entity is read again in the unit of work, and deleted only if it has
     * still expired then, through the one write path (index entries, counter contributions, a {@code DELETE}
     * change). Nothing while the expiry index is being built: reads hide expired entities meanwhile.
     *
     * @param pace told how many entities each unit of work deleted, before the next one starts
     * @return how many entities it deleted
     */
    long reapExpired(Instant now, IntConsumer pace) {
        ExpiryIndexMaintainer<E> index = shared.maintainers().expiry();
        if (index == null || index.state() != ComponentStates.State.READY) {
            return 0;
        }
        KeyRange expired = index.expiredBy(now);
        long reaped = 0;
        byte[] after = null;
        while (true) {
            List<byte[]> keys = new ArrayList<>(REAP_BATCH);
            ScanOptions options = ScanOptions.FORWARD.withLimit(REAP_BATCH);
            try (KvCursor cursor = after == null ? store.backend().scan(expired, options)
                    : store.backend().resume(expired, options, after)) {
                while (cursor.hasNext()) {
                    KeyValue entry = cursor.next();
                    keys.add(index.recordKeyOf(entry));
                    after = entry.key();
                }
            }
            if (keys.isEmpty()) {
                return reaped;
            }
            int deleted = store.transactKvResult(kv -> {
                int count = 0;
                for (byte[] key : keys) {
                    RecordLayout.Stored<E> old = shared.records().load(kv, key);
                    if (old != null && shared.expiry().hasExpired(old.entity(), now)) {
                        remove(kv, key, old);
                        count++;
                    }
                }
                return count;
            });
            reaped += deleted;
            if (keys.size() < REAP_BATCH) {
                return reaped;
            }
            pace.accept(deleted);
        }
    }

    /** Deletes the changes of the entity's feed older than its retention at {@code now}, in bounded units of work. */
    void pruneChanges(Instant now) {
        ChangeFeed<E> feed = shared.feed();
        Instant cutoff = now.minus(feed.retention());
        while (store.transactKvResult(kv -> feed.prune(kv, cutoff, REAP_BATCH)) == REAP_BATCH) {
            // more old changes follow
        }
    }

    /**
     * A page of the entity's change feed, from the oldest change retained, in the feed's order; every page
     * carries a continuation, the last one too.
     *
     * @throws InvalidRequestException if the entity has no change feed, or the continuation is not one of it
     */
    public Page<Change<E>> changes(PageRequest request) {
        Objects.requireNonNull(request, "page");
        return feed().page(reader(), request);
    }

    /**
     * Calls {@code listener} with each change of the entity this process commits from now on, after its commit,
     * in commit order, on a thread of the store's; closing the result unsubscribes it.
     *
     * @throws InvalidRequestException if the entity has no change feed
     */
    public AutoCloseable onChange(Consumer<Change<E>> listener) {
        return feed().subscribers().add(listener);
    }

    private ChangeFeed<E> feed() {
        if (shared.feed() == null) {
            throw new InvalidRequestException(entityName() + " has no change feed; annotate it with @ChangeFeed");
        }
        return shared.feed();
    }

    // ---- plumbing

    /** A page of the entries of the index {@code info} in {@code range}, with the continuation after its last one. */
    private Page<KeyValue> entryPage(IndexMaintainer<E> info, KeyRange range, PageRequest request) {
        requirePage(request);
        Continuations.Scan scan = Continuations.Scan.INDEX;
        List<KeyValue> items = new ArrayList<>(Math.min(request.size(), 256));
        byte[] after = resumeAfter(scan, range, request);
        if (range.isEmpty() || finished(request, after)) {
            return new Page<>(items, Optional.empty());
        }
        byte[] lastKey = null;
        boolean more = false;
        ScanOptions options = info.entryScan(ScanOptions.FORWARD).withLimit(request.size() + 1);
        try (KvCursor cursor = after == null ? reader().scan(range, options) : reader().resume(range, options, after)) {
            while (cursor.hasNext()) {
                KeyValue next = cursor.next();
                if (items.size() == request.size()) {
                    more = true;
                    break;
                }
                items.add(next);
                lastKey = next.key();
            }
        }
        return new Page<>(items, more ? Optional.of(Continuations.encode(scan, range, lastKey)) : Optional.empty());
    }

    /**
     * The key after which a page request resumes a scan of {@code range}: null to start at the beginning, or if
     * nothing of the range is left ({@link #finished}).
     *
     * @throws InvalidRequestException if the request's continuation is not one of this query's
     */
    private byte[] resumeAfter(Continuations.Scan scan, KeyRange range, PageRequest request) {
        return request.continuation().map(token -> Continuations.resumeAfter(entityName(), token, scan, range))
                .orElse(null);
    }

    /** Whether a page request's continuation, resuming after {@code after}, leaves nothing to read. */
    private static boolean finished(PageRequest request, byte[] after) {
        return request.continuation().isPresent() && after == null;
    }

    private void requirePage(PageRequest request) {
        if (request == null) {
            throw new InvalidRequestException(entityName() + ": a paged finder needs a PageRequest, not null; ask"
                    + " for the first page with PageRequest.ofSize(n)");
        }
    }

    String entityName() {
        return shared.mapping().entityName();
    }

    /** What reads go to: this repository's transaction, or the backend. */
    KvReader reader() {
        return transaction != null ? transaction : store.backend();
    }

    /**
     * Runs {@code work} in this repository's transaction, or in a unit of work of its own.
     *
     * @param operation what the work does, for the store's {@link io.kvmapper.OperationListener}
     */
    private <T> T apply(String operation, Function<KvTransaction, T> work) {
        return timed(operation, EntityOperations::unitOfWork, work);
    }

    /** Runs {@code work} with {@code a}, timed as {@code operation} for the store's listener ({@link Timing#timed}). */
    private <A, T> T timed(String operation, Timing.Work1<EntityOperations<E>, A, T> work, A a) {
        return Timing.timed(store, entityName(), operation, work, this, a);
    }

    /** Runs long-valued {@code work} with {@code a} and {@code b}, timed as {@code operation}, unboxed. */
    private <A, B> long timedLong(String operation, Timing.LongWork<EntityOperations<E>, A, B> work, A a, B b) {
        return Timing.timedLong(store, entityName(), operation, work, this, a, b);
    }

    /** Runs {@code work} with {@code a} and {@code b}, timed as {@code operation} ({@link Timing#timed}). */
    private <A, B, T> T timed(String operation, Timing.Work2<EntityOperations<E>, A, B, T> work, A a, B b) {
        return Timing.timed(store, entityName(), operation, work, this, a, b);
    }

    /** Runs {@code work} with {@code a}, {@code b} and {@code c}, timed as {@code operation} ({@link Timing#timed}). */
    private <A, B, C, T> T timed(String operation, Timing.Work3<EntityOperations<E>, A, B, C, T> work, A a, B b,
            C c) {
        return Timing.timed(store, entityName(), operation, work, this, a, b, c);
    }

    /** Runs {@code work} in this repository's transaction, or in a unit of work of its own; untimed. */
    private <T> T unitOfWork(Function<KvTransaction, T> work) {
        if (shared.refusedWrites() != null) {
            throw new InvalidRequestException(shared.refusedWrites());
        }
        if (transaction != null) {
            return work.apply(transaction);
        }
        return store.transactKvResult(work);
    }

    private void execute(String operation, Consumer<KvTransaction> work) {
        apply(operation, kv -> {
            work.accept(kv);
            return null;
        });
    }
}
