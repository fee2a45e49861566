package com.example.events;

import io.kvmapper.CrudRepository;
import io.kvmapper.DuplicateKeyException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.ProgressListener;
import io.kvmapper.Transaction;
import io.kvmapper.internal.codec.CollectionChanges;
import io.kvmapper.internal.layout.RecordKeys;
import io.kvmapper.internal.operations.EntityOperations;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.annotation.processing.Generated;

/**
 * Stores and finds {@link Event} entities (stored as "event"). Thread-safe.
 */
@Generated("io.kvmapper.processor.KvMapperProcessor")
public final class EventRepository implements CrudRepository<Event, EventRepository.Key> {
    private final EntityOperations<Event> operations;

    /**
     * A repository over {@code store}.
     */
    public EventRepository(KvStore store) {
        this(new EntityOperations<>(store, Event_KvMapping.INSTANCE));
    }

    private EventRepository(EntityOperations<Event> operations) {
        this.operations = operations;
    }

    /**
     * This repository, working inside {@code tx}.
     */
    public EventRepository with(Transaction tx) {
        return new EventRepository(this.operations.with(tx));
    }

    /**
     * Inserts {@code entity}, or replaces the entity with its key; returns the entity as stored.
     */
    @Override
    public Event save(Event entity) {
        return this.operations.save(entity);
    }

    /**
     * Inserts {@code entity}; returns the entity as stored.
     *
     * @throws DuplicateKeyException if an entity with its key exists
     */
    @Override
    public Event insert(Event entity) {
        return this.operations.insert(entity);
    }

    /**
     * The entity with this key.
     */
    public Optional<Event> findById(String tenant, Instant at, long sequence) {
        return this.operations.find(Event_KvMapping.key(tenant, at, sequence));
    }

    /**
     * The entity with this key.
     */
    @Override
    public Optional<Event> findById(Key id) {
        RecordKeys.require(id, Event_KvMapping.ENTITY, "id");
        return findById(id.tenant(), id.at(), id.sequence());
    }

    /**
     * The entities with these keys, in the order given, skipping absent ones; one multi-get.
     */
    @Override
    public List<Event> findAllById(Collection<Key> ids) {
        this.operations.requireIds(ids);
        List<byte[]> keys = new ArrayList<>(ids.size());
        for (Key id : ids) {
            RecordKeys.require(id, Event_KvMapping.ENTITY, "id");
            keys.add(Event_KvMapping.key(id.tenant(), id.at(), id.sequence()));
        }
        return this.operations.findAll(keys);
    }

    /**
     * Whether an entity with this key exists.
     */
    public boolean existsById(String tenant, Instant at, long sequence) {
        return this.operations.exists(Event_KvMapping.key(tenant, at, sequence));
    }

    /**
     * Whether an entity with this key exists.
     */
    @Override
    public boolean existsById(Key id) {
        RecordKeys.require(id, Event_KvMapping.ENTITY, "id");
        return existsById(id.tenant(), id.at(), id.sequence());
    }

    /**
     * Deletes the entity with this key; whether there was one.
     */
    public boolean deleteById(String tenant, Instant at, long sequence) {
        return this.operations.delete(Event_KvMapping.key(tenant, at, sequence));
    }

    /**
     * Deletes the entity with this key; whether there was one.
     */
    @Override
    public boolean deleteById(Key id) {
        RecordKeys.require(id, Event_KvMapping.ENTITY, "id");
        return deleteById(id.tenant(), id.at(), id.sequence());
    }

    /**
     * Every entity, in key order; streamed from the store, so close the stream.
     */
    @Override
    public Stream<Event> findAll() {
        return this.operations.stream(Event_KvMapping.allRecords());
    }

    /**
     * A page of every entity, in key order.
     */
    public Page<Event> findAll(PageRequest page) {
        return this.operations.page(Event_KvMapping.allRecords(), page);
    }

    /**
     * How many entities there are: a scan of every record's keys; declare a {@code @Counter} without {@code groupBy} to make it one read.
     */
    @Override
    public long count() {
        return this.operations.count();
    }

    /**
     * The entities whose key starts with these components, in key order.
     */
    public List<Event> findByTenant(String tenant) {
        return this.operations.list(Event_KvMapping.rangeByTenant(tenant));
    }

    /**
     * A page of the entities whose key starts with these components, in key order.
     */
    public Page<Event> findByTenant(String tenant, PageRequest page) {
        return this.operations.page(Event_KvMapping.rangeByTenant(tenant), page);
    }

    /**
     * The entities whose key starts with these components, in key order.
     */
    public List<Event> findByTenantAndAt(String tenant, Instant at) {
        return this.operations.list(Event_KvMapping.rangeByTenantAndAt(tenant, at));
    }

    /**
     * A page of the entities whose key starts with these components, in key order.
     */
    public Page<Event> findByTenantAndAt(String tenant, Instant at, PageRequest page) {
        return this.operations.page(Event_KvMapping.rangeByTenantAndAt(tenant, at), page);
    }

    /**
     * The entities whose 'tenant' lies from {@code from} (inclusive) to {@code to} (exclusive), in key order.
     */
    public List<Event> findByTenantBetween(String from, String to) {
        return this.operations.list(Event_KvMapping.rangeByTenantBetween(from, to));
    }

    /**
     * A page of the entities whose 'tenant' lies from {@code from} (inclusive) to {@code to} (exclusive), in key order.
     */
    public Page<Event> findByTenantBetween(String from, String to, PageRequest page) {
        return this.operations.page(Event_KvMapping.rangeByTenantBetween(from, to), page);
    }

    /**
     * The entities whose 'at' lies from {@code from} (inclusive) to {@code to} (exclusive) after the given key prefix, 'at' descending.
     */
    public List<Event> findByTenantAndAtBetween(String tenant, Instant from, Instant to) {
        return this.operations.list(Event_KvMapping.rangeByTenantAndAtBetween(tenant, from, to));
    }

    /**
     * A page of the entities whose 'at' lies from {@code from} (inclusive) to {@code to} (exclusive) after the given key prefix, 'at' descending.
     */
    public Page<Event> findByTenantAndAtBetween(String tenant, Instant from, Instant to,
            PageRequest page) {
        return this.operations.page(Event_KvMapping.rangeByTenantAndAtBetween(tenant, from, to), page);
    }

    /**
     * The entities whose 'sequence' lies from {@code from} (inclusive) to {@code to} (exclusive) after the given key prefix, in key order.
     */
    public List<Event> findByTenantAndAtAndSequenceBetween(String tenant, Instant at, long from,
            long to) {
        return this.operations.list(Event_KvMapping.rangeByTenantAndAtAndSequenceBetween(tenant, at, from, to));
    }

    /**
     * A page of the entities whose 'sequence' lies from {@code from} (inclusive) to {@code to} (exclusive) after the given key prefix, in key order.
     */
    public Page<Event> findByTenantAndAtAndSequenceBetween(String tenant, Instant at, long from,
            long to, PageRequest page) {
        return this.operations.page(Event_KvMapping.rangeByTenantAndAtAndSequenceBetween(tenant, at, from, to), page);
    }

    /**
     * Sets 'kind' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean updateKind(String tenant, Instant at, long sequence, String kind) {
        return this.operations.update(Event_KvMapping.key(tenant, at, sequence),
                current -> Event_KvMapping.withKind(current, kind));
    }

    /**
     * Sets 'origin' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean updateOrigin(String tenant, Instant at, long sequence, Event.Origin origin) {
        return this.operations.update(Event_KvMapping.key(tenant, at, sequence),
                current -> Event_KvMapping.withOrigin(current, origin));
    }

    /**
     * Sets 'tags' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean updateTags(String tenant, Instant at, long sequence, List<String> tags) {
        return this.operations.update(Event_KvMapping.key(tenant, at, sequence),
                current -> Event_KvMapping.withTags(current, tags));
    }

    /**
     * Appends {@code element} to 'tags' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean appendTags(String tenant, Instant at, long sequence, String element) {
        return this.operations.update(Event_KvMapping.key(tenant, at, sequence),
                current -> Event_KvMapping.withTags(current, CollectionChanges.appended(current.tags(), element)));
    }

    /**
     * Inserts {@code element} into 'tags' of the entity with this key, at position {@code index}, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean insertTags(String tenant, Instant at, long sequence, int index, String element) {
        return this.operations.update(Event_KvMapping.key(tenant, at, sequence),
                current -> Event_KvMapping.withTags(current, CollectionChanges.inserted(current.tags(), index, element, Event_KvMapping.ENTITY, "tags")));
    }

    /**
     * Removes the element at position {@code index} of 'tags' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean removeTagsAt(String tenant, Instant at, long sequence, int index) {
        return this.operations.update(Event_KvMapping.key(tenant, at, sequence),
                current -> Event_KvMapping.withTags(current, CollectionChanges.removedAt(current.tags(), index, Event_KvMapping.ENTITY, "tags")));
    }

    /**
     * Recomputes every index entry and counter from the records and reports missing, orphaned and drifted ones; streams the data in bounded batches.
     */
    public IntegrityReport verify() {
        return this.operations.verify(ProgressListener.none());
    }

    /**
     * {@link #verify()}, reporting progress after each batch to {@code listener}.
     */
    public IntegrityReport verify(ProgressListener listener) {
        return this.operations.verify(listener);
    }

    /**
     * Like {@link #verify()}, and fixes what it finds: writes missing entries, deletes orphaned ones, sets drifted counters to the recount.
     */
    public IntegrityReport repair() {
        return this.operations.repair(ProgressListener.none());
    }

    /**
     * {@link #repair()}, reporting progress after each batch to {@code listener}.
     */
    public IntegrityReport repair(ProgressListener listener) {
        return this.operations.repair(listener);
    }

    /**
     * The primary key of {@link Event}, component by component in key order.
     */
    public record Key(String tenant, Instant at, long sequence) {
    }
}
