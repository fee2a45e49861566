package com.example.events;

import io.kvmapper.DuplicateKeyException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.ProgressListener;
import io.kvmapper.Transaction;
import io.kvmapper.runtime.Elements;
import io.kvmapper.runtime.EntityOperations;
import io.kvmapper.runtime.RecordKeys;
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
public final class EventRepository {
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
     * Inserts {@code entity}, or replaces the entity with its key.
     */
    public Event save(Event entity) {
        return this.operations.save(entity);
    }

    /**
     * Inserts {@code entity}.
     *
     * @throws DuplicateKeyException if an entity with its key exists
     */
    public void insert(Event entity) {
        this.operations.insert(entity);
    }

    /**
     * The entity with this key.
     */
    public Optional<Event> findById(String tenant, Instant at, long sequence) {
        return this.operations.find(Event_KvMapping.key(tenant, at, sequence));
    }

    /**
     * The entities with these keys, in the order given, skipping absent ones; one multi-get.
     */
    public List<Event> findAllById(Collection<Key> ids) {
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
     * Deletes the entity with this key; whether there was one.
     */
    public boolean deleteById(String tenant, Instant at, long sequence) {
        return this.operations.delete(Event_KvMapping.key(tenant, at, sequence));
    }

    /**
     * Every entity, in key order; streamed from the store, so close the stream.
     */
    public Stream<Event> findAll() {
        return this.operations.stream(Event_KvMapping.all());
    }

    /**
     * A page of every entity, in key order.
     */
    public Page<Event> findAll(PageRequest page) {
        return this.operations.page(Event_KvMapping.all(), page);
    }

    /**
     * The entities whose key starts with these components, in key order.
     */
    public List<Event> findByTenant(String tenant) {
        return this.operations.list(Event_KvMapping.prefix1(tenant));
    }

    /**
     * A page of the entities whose key starts with these components, in key order.
     */
    public Page<Event> findByTenant(String tenant, PageRequest page) {
        return this.operations.page(Event_KvMapping.prefix1(tenant), page);
    }

    /**
     * The entities whose key starts with these components, in key order.
     */
    public List<Event> findByTenantAndAt(String tenant, Instant at) {
        return this.operations.list(Event_KvMapping.prefix2(tenant, at));
    }

    /**
     * A page of the entities whose key starts with these components, in key order.
     */
    public Page<Event> findByTenantAndAt(String tenant, Instant at, PageRequest page) {
        return this.operations.page(Event_KvMapping.prefix2(tenant, at), page);
    }

    /**
     * The entities whose 'tenant' lies from {@code from} (inclusive) to {@code to} (exclusive), in key order.
     */
    public List<Event> findByTenantBetween(String from, String to) {
        return this.operations.list(Event_KvMapping.between0(from, to));
    }

    /**
     * A page of the entities whose 'tenant' lies from {@code from} (inclusive) to {@code to} (exclusive), in key order.
     */
    public Page<Event> findByTenantBetween(String from, String to, PageRequest page) {
        return this.operations.page(Event_KvMapping.between0(from, to), page);
    }

    /**
     * The entities whose 'at' lies from {@code from} (inclusive) to {@code to} (exclusive) after the given key prefix, 'at' descending.
     */
    public List<Event> findByTenantAndAtBetween(String tenant, Instant from, Instant to) {
        return this.operations.list(Event_KvMapping.between1(tenant, from, to));
    }

    /**
     * A page of the entities whose 'at' lies from {@code from} (inclusive) to {@code to} (exclusive) after the given key prefix, 'at' descending.
     */
    public Page<Event> findByTenantAndAtBetween(String tenant, Instant from, Instant to,
            PageRequest page) {
        return this.operations.page(Event_KvMapping.between1(tenant, from, to), page);
    }

    /**
     * The entities whose 'sequence' lies from {@code from} (inclusive) to {@code to} (exclusive) after the given key prefix, in key order.
     */
    public List<Event> findByTenantAndAtAndSequenceBetween(String tenant, Instant at, long from,
            long to) {
        return this.operations.list(Event_KvMapping.between2(tenant, at, from, to));
    }

    /**
     * A page of the entities whose 'sequence' lies from {@code from} (inclusive) to {@code to} (exclusive) after the given key prefix, in key order.
     */
    public Page<Event> findByTenantAndAtAndSequenceBetween(String tenant, Instant at, long from,
            long to, PageRequest page) {
        return this.operations.page(Event_KvMapping.between2(tenant, at, from, to), page);
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
                current -> Event_KvMapping.withTags(current, Elements.appended(current.tags(), element)));
    }

    /**
     * Inserts {@code element} into 'tags' of the entity with this key, at position {@code index}, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean insertTags(String tenant, Instant at, long sequence, int index, String element) {
        return this.operations.update(Event_KvMapping.key(tenant, at, sequence),
                current -> Event_KvMapping.withTags(current, Elements.inserted(current.tags(), index, element, Event_KvMapping.ENTITY, "tags")));
    }

    /**
     * Removes the element at position {@code index} of 'tags' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean removeTagsAt(String tenant, Instant at, long sequence, int index) {
        return this.operations.update(Event_KvMapping.key(tenant, at, sequence),
                current -> Event_KvMapping.withTags(current, Elements.removedAt(current.tags(), index, Event_KvMapping.ENTITY, "tags")));
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
