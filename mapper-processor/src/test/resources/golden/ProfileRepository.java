package com.example.people;

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
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import javax.annotation.processing.Generated;

/**
 * Stores and finds {@link Profile} entities (stored as "Profile"). Thread-safe.
 */
@Generated("io.kvmapper.processor.KvMapperProcessor")
public final class ProfileRepository implements CrudRepository<Profile, String> {
    private final EntityOperations<Profile> operations;

    /**
     * A repository over {@code store}.
     */
    public ProfileRepository(KvStore store) {
        this(new EntityOperations<>(store, Profile_KvMapping.INSTANCE));
    }

    private ProfileRepository(EntityOperations<Profile> operations) {
        this.operations = operations;
    }

    /**
     * This repository, working inside {@code tx}.
     */
    public ProfileRepository with(Transaction tx) {
        return new ProfileRepository(this.operations.with(tx));
    }

    /**
     * Inserts {@code entity}, or replaces the entity with its key; returns the entity as stored.
     */
    @Override
    public Profile save(Profile entity) {
        return this.operations.save(entity);
    }

    /**
     * Inserts {@code entity}; returns the entity as stored.
     *
     * @throws DuplicateKeyException if an entity with its key exists
     */
    @Override
    public Profile insert(Profile entity) {
        return this.operations.insert(entity);
    }

    /**
     * The entity with this key.
     */
    @Override
    public Optional<Profile> findById(String handle) {
        return this.operations.find(Profile_KvMapping.key(handle));
    }

    /**
     * The entities with these keys, in the order given, skipping absent ones; one multi-get.
     */
    @Override
    public List<Profile> findAllById(Collection<String> ids) {
        this.operations.requireIds(ids);
        List<byte[]> keys = new ArrayList<>(ids.size());
        for (String id : ids) {
            keys.add(Profile_KvMapping.key(RecordKeys.require(id, Profile_KvMapping.ENTITY, "handle")));
        }
        return this.operations.findAll(keys);
    }

    /**
     * Whether an entity with this key exists.
     */
    @Override
    public boolean existsById(String handle) {
        return this.operations.exists(Profile_KvMapping.key(handle));
    }

    /**
     * Deletes the entity with this key; whether there was one.
     */
    @Override
    public boolean deleteById(String handle) {
        return this.operations.delete(Profile_KvMapping.key(handle));
    }

    /**
     * Every entity, in key order; streamed from the store, so close the stream.
     */
    @Override
    public Stream<Profile> findAll() {
        return this.operations.stream(Profile_KvMapping.allRecords());
    }

    /**
     * A page of every entity, in key order.
     */
    public Page<Profile> findAll(PageRequest page) {
        return this.operations.page(Profile_KvMapping.allRecords(), page);
    }

    /**
     * How many entities there are: a scan of every record's keys; declare a {@code @Counter} without {@code groupBy} to make it one read.
     */
    @Override
    public long count() {
        return this.operations.count();
    }

    /**
     * The entities whose 'handle' lies from {@code from} (inclusive) to {@code to} (exclusive), in key order.
     */
    public List<Profile> findByHandleBetween(String from, String to) {
        return this.operations.list(Profile_KvMapping.rangeByHandleBetween(from, to));
    }

    /**
     * A page of the entities whose 'handle' lies from {@code from} (inclusive) to {@code to} (exclusive), in key order.
     */
    public Page<Profile> findByHandleBetween(String from, String to, PageRequest page) {
        return this.operations.page(Profile_KvMapping.rangeByHandleBetween(from, to), page);
    }

    /**
     * The entities whose groups contain the given element (index 'groups'), in index order.
     */
    public List<Profile> findByGroups(String groups) {
        return this.operations.findByIndex("groups", Profile_KvMapping.groupsIndexValue(groups));
    }

    /**
     * A page of the entities whose groups contain the given element (index 'groups'), in index order.
     */
    public Page<Profile> findByGroups(String groups, PageRequest page) {
        return this.operations.findByIndex("groups", Profile_KvMapping.groupsIndexValue(groups), page);
    }

    /**
     * The entities whose groups hold an element from {@code from} (inclusive) to {@code to} (exclusive), in index order (index 'groups'); an entity appears once for each such element.
     */
    public List<Profile> findByGroupsBetween(String from, String to) {
        return this.operations.findByIndexBetween("groups", new byte[0], Profile_KvMapping.groupsIndexValue(from), Profile_KvMapping.groupsIndexValue(to));
    }

    /**
     * A page of the entities whose groups hold an element from {@code from} (inclusive) to {@code to} (exclusive), in index order (index 'groups'); an entity appears once for each such element.
     */
    public Page<Profile> findByGroupsBetween(String from, String to, PageRequest page) {
        return this.operations.findByIndexBetween("groups", new byte[0], Profile_KvMapping.groupsIndexValue(from), Profile_KvMapping.groupsIndexValue(to), page);
    }

    /**
     * The number of entities whose home.city is the given value (counter 'byCity'); one read.
     */
    public long countByCity(String homeCity) {
        return this.operations.counter("byCity", Profile_KvMapping.byCityCounterGroupOf(homeCity));
    }

    /**
     * The number of entities per home.city, for every group that is not zero, in group order (counter 'byCity'); one scan.
     */
    public Map<String, Long> countByCity() {
        return this.operations.counterGroups("byCity", Profile_KvMapping::byCityCounterReadGroup);
    }

    /**
     * Sets 'name' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity. Writes the field's own keys only.
     */
    public boolean updateName(String handle, String name) {
        return this.operations.setAttribute(Profile_KvMapping.key(handle), Profile_KvAttributeCodec.NAME_FIELD,
                out -> Profile_KvAttributeCodec.writeName(out, name),
                current -> Profile_KvMapping.withName(current, name));
    }

    /**
     * Sets 'home' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity. Writes the field's own keys only.
     */
    public boolean updateHome(String handle, Profile.Home home) {
        return this.operations.setAttribute(Profile_KvMapping.key(handle), Profile_KvAttributeCodec.HOME_FIELD,
                out -> Profile_KvAttributeCodec.writeHome(out, home),
                current -> Profile_KvMapping.withHome(current, home));
    }

    /**
     * Sets 'attributes' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity. Writes the field's own keys only.
     */
    public boolean updateAttributes(String handle, Map<String, String> attributes) {
        return this.operations.setAttribute(Profile_KvMapping.key(handle), Profile_KvAttributeCodec.ATTRIBUTES_FIELD,
                out -> Profile_KvAttributeCodec.writeAttributes(out, attributes),
                current -> Profile_KvMapping.withAttributes(current, attributes));
    }

    /**
     * Maps {@code key} to {@code value} in 'attributes' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean putAttributes(String handle, String key, String value) {
        return this.operations.putAttribute(Profile_KvMapping.key(handle), Profile_KvAttributeCodec.ATTRIBUTES_FIELD,
                path -> Profile_KvAttributeCodec.writeAttributesKey(path, key),
                out -> Profile_KvAttributeCodec.writeAttributesElement(out, value),
                current -> Profile_KvMapping.withAttributes(current, CollectionChanges.put(current.attributes(), CollectionChanges.mapKey(key, Profile_KvMapping.ENTITY, "attributes"), value)));
    }

    /**
     * Removes the key {@code key} from 'attributes' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean removeAttributes(String handle, String key) {
        return this.operations.removeAttribute(Profile_KvMapping.key(handle), Profile_KvAttributeCodec.ATTRIBUTES_FIELD,
                path -> Profile_KvAttributeCodec.writeAttributesKey(path, key),
                current -> Profile_KvMapping.withAttributes(current, CollectionChanges.removedKey(current.attributes(), key)));
    }

    /**
     * Sets 'friends' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity. Writes the field's own keys only.
     */
    public boolean updateFriends(String handle, List<String> friends) {
        return this.operations.setAttribute(Profile_KvMapping.key(handle), Profile_KvAttributeCodec.FRIENDS_FIELD,
                out -> Profile_KvAttributeCodec.writeFriends(out, friends),
                current -> Profile_KvMapping.withFriends(current, friends));
    }

    /**
     * Appends {@code element} to 'friends' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean appendFriends(String handle, String element) {
        return this.operations.appendAttribute(Profile_KvMapping.key(handle), Profile_KvAttributeCodec.FRIENDS_FIELD,
                out -> Profile_KvAttributeCodec.writeFriendsElement(out, element),
                current -> Profile_KvMapping.withFriends(current, CollectionChanges.appended(current.friends(), element)));
    }

    /**
     * Inserts {@code element} into 'friends' of the entity with this key, at position {@code index}, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean insertFriends(String handle, int index, String element) {
        return this.operations.insertAttribute(Profile_KvMapping.key(handle), Profile_KvAttributeCodec.FRIENDS_FIELD,
                index, out -> Profile_KvAttributeCodec.writeFriendsElement(out, element),
                current -> Profile_KvMapping.withFriends(current, CollectionChanges.inserted(current.friends(), index, element, Profile_KvMapping.ENTITY, "friends")));
    }

    /**
     * Removes the element at position {@code index} of 'friends' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean removeFriendsAt(String handle, int index) {
        return this.operations.removeAttributeAt(Profile_KvMapping.key(handle), Profile_KvAttributeCodec.FRIENDS_FIELD,
                index,
                current -> Profile_KvMapping.withFriends(current, CollectionChanges.removedAt(current.friends(), index, Profile_KvMapping.ENTITY, "friends")));
    }

    /**
     * Sets 'groups' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity. Writes the field's own keys only.
     */
    public boolean updateGroups(String handle, Set<String> groups) {
        return this.operations.setAttribute(Profile_KvMapping.key(handle), Profile_KvAttributeCodec.GROUPS_FIELD,
                out -> Profile_KvAttributeCodec.writeGroups(out, groups),
                current -> Profile_KvMapping.withGroups(current, groups));
    }

    /**
     * Adds {@code element} to 'groups' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean addGroups(String handle, String element) {
        return this.operations.putAttribute(Profile_KvMapping.key(handle), Profile_KvAttributeCodec.GROUPS_FIELD,
                path -> Profile_KvAttributeCodec.writeGroupsKey(path, element), null,
                current -> Profile_KvMapping.withGroups(current, CollectionChanges.added(current.groups(), element)));
    }

    /**
     * Removes {@code element} from 'groups' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean removeGroups(String handle, String element) {
        return this.operations.removeAttribute(Profile_KvMapping.key(handle), Profile_KvAttributeCodec.GROUPS_FIELD,
                path -> Profile_KvAttributeCodec.writeGroupsKey(path, element),
                current -> Profile_KvMapping.withGroups(current, CollectionChanges.removed(current.groups(), element)));
    }

    /**
     * Sets 'scores' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity. Writes the field's own keys only.
     */
    public boolean updateScores(String handle, Map<String, List<Integer>> scores) {
        return this.operations.setAttribute(Profile_KvMapping.key(handle), Profile_KvAttributeCodec.SCORES_FIELD,
                out -> Profile_KvAttributeCodec.writeScores(out, scores),
                current -> Profile_KvMapping.withScores(current, scores));
    }

    /**
     * Maps {@code key} to {@code value} in 'scores' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean putScores(String handle, String key, List<Integer> value) {
        return this.operations.putAttribute(Profile_KvMapping.key(handle), Profile_KvAttributeCodec.SCORES_FIELD,
                path -> Profile_KvAttributeCodec.writeScoresKey(path, key),
                out -> Profile_KvAttributeCodec.writeScoresElement(out, value),
                current -> Profile_KvMapping.withScores(current, CollectionChanges.put(current.scores(), CollectionChanges.mapKey(key, Profile_KvMapping.ENTITY, "scores"), value)));
    }

    /**
     * Removes the key {@code key} from 'scores' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean removeScores(String handle, String key) {
        return this.operations.removeAttribute(Profile_KvMapping.key(handle), Profile_KvAttributeCodec.SCORES_FIELD,
                path -> Profile_KvAttributeCodec.writeScoresKey(path, key),
                current -> Profile_KvMapping.withScores(current, CollectionChanges.removedKey(current.scores(), key)));
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
}
