package com.example.web;

import io.kvmapper.Change;
import io.kvmapper.CrudRepository;
import io.kvmapper.DuplicateKeyException;
import io.kvmapper.IntegrityReport;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.ProgressListener;
import io.kvmapper.Transaction;
import io.kvmapper.internal.layout.RecordKeys;
import io.kvmapper.internal.operations.EntityOperations;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import javax.annotation.processing.Generated;

/**
 * Stores and finds {@link Session} entities (stored as "Session"). Thread-safe.
 */
@Generated("io.kvmapper.processor.KvMapperProcessor")
public final class SessionRepository implements CrudRepository<Session, SessionRepository.Key> {
    private final EntityOperations<Session> operations;

    /**
     * A repository over {@code store}.
     */
    public SessionRepository(KvStore store) {
        this(new EntityOperations<>(store, Session_KvMapping.INSTANCE));
    }

    private SessionRepository(EntityOperations<Session> operations) {
        this.operations = operations;
    }

    /**
     * This repository, working inside {@code tx}.
     */
    public SessionRepository with(Transaction tx) {
        return new SessionRepository(this.operations.with(tx));
    }

    /**
     * Inserts {@code entity}, or replaces the entity with its key; returns the entity as stored.
     */
    @Override
    public Session save(Session entity) {
        return this.operations.save(entity);
    }

    /**
     * Inserts {@code entity}; returns the entity as stored.
     *
     * @throws DuplicateKeyException if an entity with its key exists
     */
    @Override
    public Session insert(Session entity) {
        return this.operations.insert(entity);
    }

    /**
     * The entity with this key.
     */
    public Optional<Session> findById(String user, Session.Realm realm, Instant startedAt) {
        return this.operations.find(Session_KvMapping.key(user, realm, startedAt));
    }

    /**
     * The entity with this key.
     */
    @Override
    public Optional<Session> findById(Key id) {
        RecordKeys.require(id, Session_KvMapping.ENTITY, "id");
        return findById(id.user(), id.realm(), id.startedAt());
    }

    /**
     * The entities with these keys, in the order given, skipping absent ones; one multi-get.
     */
    @Override
    public List<Session> findAllById(Collection<Key> ids) {
        this.operations.requireIds(ids);
        List<byte[]> keys = new ArrayList<>(ids.size());
        for (Key id : ids) {
            RecordKeys.require(id, Session_KvMapping.ENTITY, "id");
            keys.add(Session_KvMapping.key(id.user(), id.realm(), id.startedAt()));
        }
        return this.operations.findAll(keys);
    }

    /**
     * Whether an entity with this key exists.
     */
    public boolean existsById(String user, Session.Realm realm, Instant startedAt) {
        return this.operations.exists(Session_KvMapping.key(user, realm, startedAt));
    }

    /**
     * Whether an entity with this key exists.
     */
    @Override
    public boolean existsById(Key id) {
        RecordKeys.require(id, Session_KvMapping.ENTITY, "id");
        return existsById(id.user(), id.realm(), id.startedAt());
    }

    /**
     * Deletes the entity with this key; whether there was one.
     */
    public boolean deleteById(String user, Session.Realm realm, Instant startedAt) {
        return this.operations.delete(Session_KvMapping.key(user, realm, startedAt));
    }

    /**
     * Deletes the entity with this key; whether there was one.
     */
    @Override
    public boolean deleteById(Key id) {
        RecordKeys.require(id, Session_KvMapping.ENTITY, "id");
        return deleteById(id.user(), id.realm(), id.startedAt());
    }

    /**
     * Every entity, in key order; streamed from the store, so close the stream.
     */
    @Override
    public Stream<Session> findAll() {
        return this.operations.stream(Session_KvMapping.allRecords());
    }

    /**
     * A page of every entity, in key order.
     */
    public Page<Session> findAll(PageRequest page) {
        return this.operations.page(Session_KvMapping.allRecords(), page);
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
    public List<Session> findByUser(String user) {
        return this.operations.list(Session_KvMapping.rangeByUser(user));
    }

    /**
     * A page of the entities whose key starts with these components, in key order.
     */
    public Page<Session> findByUser(String user, PageRequest page) {
        return this.operations.page(Session_KvMapping.rangeByUser(user), page);
    }

    /**
     * The entities whose key starts with these components, in key order.
     */
    public List<Session> findByUserAndRealm(String user, Session.Realm realm) {
        return this.operations.list(Session_KvMapping.rangeByUserAndRealm(user, realm));
    }

    /**
     * A page of the entities whose key starts with these components, in key order.
     */
    public Page<Session> findByUserAndRealm(String user, Session.Realm realm, PageRequest page) {
        return this.operations.page(Session_KvMapping.rangeByUserAndRealm(user, realm), page);
    }

    /**
     * The entities whose 'user' lies from {@code from} (inclusive) to {@code to} (exclusive), in key order.
     */
    public List<Session> findByUserBetween(String from, String to) {
        return this.operations.list(Session_KvMapping.rangeByUserBetween(from, to));
    }

    /**
     * A page of the entities whose 'user' lies from {@code from} (inclusive) to {@code to} (exclusive), in key order.
     */
    public Page<Session> findByUserBetween(String from, String to, PageRequest page) {
        return this.operations.page(Session_KvMapping.rangeByUserBetween(from, to), page);
    }

    /**
     * The entities whose 'realm' lies from {@code from} (inclusive) to {@code to} (exclusive) after the given key prefix, in key order.
     */
    public List<Session> findByUserAndRealmBetween(String user, Session.Realm from,
            Session.Realm to) {
        return this.operations.list(Session_KvMapping.rangeByUserAndRealmBetween(user, from, to));
    }

    /**
     * A page of the entities whose 'realm' lies from {@code from} (inclusive) to {@code to} (exclusive) after the given key prefix, in key order.
     */
    public Page<Session> findByUserAndRealmBetween(String user, Session.Realm from,
            Session.Realm to, PageRequest page) {
        return this.operations.page(Session_KvMapping.rangeByUserAndRealmBetween(user, from, to), page);
    }

    /**
     * The entities whose 'startedAt' lies from {@code from} (inclusive) to {@code to} (exclusive) after the given key prefix, 'startedAt' descending.
     */
    public List<Session> findByUserAndRealmAndStartedAtBetween(String user, Session.Realm realm,
            Instant from, Instant to) {
        return this.operations.list(Session_KvMapping.rangeByUserAndRealmAndStartedAtBetween(user, realm, from, to));
    }

    /**
     * A page of the entities whose 'startedAt' lies from {@code from} (inclusive) to {@code to} (exclusive) after the given key prefix, 'startedAt' descending.
     */
    public Page<Session> findByUserAndRealmAndStartedAtBetween(String user, Session.Realm realm,
            Instant from, Instant to, PageRequest page) {
        return this.operations.page(Session_KvMapping.rangeByUserAndRealmAndStartedAtBetween(user, realm, from, to), page);
    }

    /**
     * The entities whose device is the given value (index 'device'), in index order; a null argument finds the entities where that value is null.
     */
    public List<Session> findByDevice(String device) {
        return this.operations.findByIndex("device", Session_KvMapping.deviceIndexValue(device));
    }

    /**
     * A page of the entities whose device is the given value (index 'device'), in index order; a null argument finds the entities where that value is null.
     */
    public Page<Session> findByDevice(String device, PageRequest page) {
        return this.operations.findByIndex("device", Session_KvMapping.deviceIndexValue(device), page);
    }

    /**
     * The entities whose device lies from {@code from} (inclusive) to {@code to} (exclusive), in index order (index 'device').
     */
    public List<Session> findByDeviceBetween(String from, String to) {
        return this.operations.findByIndexBetween("device", new byte[0], Session_KvMapping.deviceIndexValue(from), Session_KvMapping.deviceIndexValue(to));
    }

    /**
     * A page of the entities whose device lies from {@code from} (inclusive) to {@code to} (exclusive), in index order (index 'device').
     */
    public Page<Session> findByDeviceBetween(String from, String to, PageRequest page) {
        return this.operations.findByIndexBetween("device", new byte[0], Session_KvMapping.deviceIndexValue(from), Session_KvMapping.deviceIndexValue(to), page);
    }

    /**
     * The number of entities whose device is the given value (counter 'byDevice'); one read.
     */
    public long countByDevice(String device) {
        return this.operations.counter("byDevice", Session_KvMapping.byDeviceCounterGroupOf(device));
    }

    /**
     * The number of entities per device, for every group that is not zero, in group order (counter 'byDevice'); one scan.
     */
    public Map<String, Long> countByDevice() {
        return this.operations.counterGroups("byDevice", Session_KvMapping::byDeviceCounterReadGroup);
    }

    /**
     * Sets 'device' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean updateDevice(String user, Session.Realm realm, Instant startedAt,
            String device) {
        return this.operations.update(Session_KvMapping.key(user, realm, startedAt),
                current -> Session_KvMapping.withDevice(current, device));
    }

    /**
     * Sets 'expiresAt' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean updateExpiresAt(String user, Session.Realm realm, Instant startedAt,
            Instant expiresAt) {
        return this.operations.update(Session_KvMapping.key(user, realm, startedAt),
                current -> Session_KvMapping.withExpiresAt(current, expiresAt));
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
     * A page of the entity's change feed, from the oldest change retained, in commit order; every page carries a continuation, the last one too, to poll for later changes with.
     */
    public Page<Change<Session>> changes(PageRequest page) {
        return this.operations.changes(page);
    }

    /**
     * Calls {@code listener} with each change this process commits from now on, after its commit, in commit order, on a thread of the store's; closing the result unsubscribes it.
     */
    public AutoCloseable onChange(Consumer<Change<Session>> listener) {
        return this.operations.onChange(listener);
    }

    /**
     * The primary key of {@link Session}, component by component in key order.
     */
    public record Key(String user, Session.Realm realm, Instant startedAt) {
    }
}
