package com.example.shop;

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
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import javax.annotation.processing.Generated;

/**
 * Stores and finds {@link Order} entities (stored as "order"). Thread-safe.
 */
@Generated("io.kvmapper.processor.KvMapperProcessor")
public final class OrderRepository implements CrudRepository<Order, OrderRepository.Key> {
    private final EntityOperations<Order> operations;

    /**
     * A repository over {@code store}.
     */
    public OrderRepository(KvStore store) {
        this(new EntityOperations<>(store, Order_KvMapping.INSTANCE));
    }

    private OrderRepository(EntityOperations<Order> operations) {
        this.operations = operations;
    }

    /**
     * This repository, working inside {@code tx}.
     */
    public OrderRepository with(Transaction tx) {
        return new OrderRepository(this.operations.with(tx));
    }

    /**
     * Inserts {@code entity}, or replaces the entity with its key; returns the entity as stored, at its new version.
     */
    @Override
    public Order save(Order entity) {
        return this.operations.save(entity);
    }

    /**
     * Inserts {@code entity}; returns the entity as stored, at version 1.
     *
     * @throws DuplicateKeyException if an entity with its key exists
     */
    @Override
    public Order insert(Order entity) {
        return this.operations.insert(entity);
    }

    /**
     * The entity with this key.
     */
    public Optional<Order> findById(String shop, long number) {
        return this.operations.find(Order_KvMapping.key(shop, number));
    }

    /**
     * The entity with this key.
     */
    @Override
    public Optional<Order> findById(Key id) {
        RecordKeys.require(id, Order_KvMapping.ENTITY, "id");
        return findById(id.shop(), id.number());
    }

    /**
     * The entities with these keys, in the order given, skipping absent ones; one multi-get.
     */
    @Override
    public List<Order> findAllById(Collection<Key> ids) {
        this.operations.requireIds(ids);
        List<byte[]> keys = new ArrayList<>(ids.size());
        for (Key id : ids) {
            RecordKeys.require(id, Order_KvMapping.ENTITY, "id");
            keys.add(Order_KvMapping.key(id.shop(), id.number()));
        }
        return this.operations.findAll(keys);
    }

    /**
     * Whether an entity with this key exists.
     */
    public boolean existsById(String shop, long number) {
        return this.operations.exists(Order_KvMapping.key(shop, number));
    }

    /**
     * Whether an entity with this key exists.
     */
    @Override
    public boolean existsById(Key id) {
        RecordKeys.require(id, Order_KvMapping.ENTITY, "id");
        return existsById(id.shop(), id.number());
    }

    /**
     * Deletes the entity with this key; whether there was one.
     */
    public boolean deleteById(String shop, long number) {
        return this.operations.delete(Order_KvMapping.key(shop, number));
    }

    /**
     * Deletes the entity with this key; whether there was one.
     */
    @Override
    public boolean deleteById(Key id) {
        RecordKeys.require(id, Order_KvMapping.ENTITY, "id");
        return deleteById(id.shop(), id.number());
    }

    /**
     * Every entity, in key order; streamed from the store, so close the stream.
     */
    @Override
    public Stream<Order> findAll() {
        return this.operations.stream(Order_KvMapping.allRecords());
    }

    /**
     * A page of every entity, in key order.
     */
    public Page<Order> findAll(PageRequest page) {
        return this.operations.page(Order_KvMapping.allRecords(), page);
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
    public List<Order> findByShop(String shop) {
        return this.operations.list(Order_KvMapping.rangeByShop(shop));
    }

    /**
     * A page of the entities whose key starts with these components, in key order.
     */
    public Page<Order> findByShop(String shop, PageRequest page) {
        return this.operations.page(Order_KvMapping.rangeByShop(shop), page);
    }

    /**
     * The entities whose 'shop' lies from {@code from} (inclusive) to {@code to} (exclusive), in key order.
     */
    public List<Order> findByShopBetween(String from, String to) {
        return this.operations.list(Order_KvMapping.rangeByShopBetween(from, to));
    }

    /**
     * A page of the entities whose 'shop' lies from {@code from} (inclusive) to {@code to} (exclusive), in key order.
     */
    public Page<Order> findByShopBetween(String from, String to, PageRequest page) {
        return this.operations.page(Order_KvMapping.rangeByShopBetween(from, to), page);
    }

    /**
     * The entities whose 'number' lies from {@code from} (inclusive) to {@code to} (exclusive) after the given key prefix, in key order.
     */
    public List<Order> findByShopAndNumberBetween(String shop, long from, long to) {
        return this.operations.list(Order_KvMapping.rangeByShopAndNumberBetween(shop, from, to));
    }

    /**
     * A page of the entities whose 'number' lies from {@code from} (inclusive) to {@code to} (exclusive) after the given key prefix, in key order.
     */
    public Page<Order> findByShopAndNumberBetween(String shop, long from, long to,
            PageRequest page) {
        return this.operations.page(Order_KvMapping.rangeByShopAndNumberBetween(shop, from, to), page);
    }

    /**
     * The entity whose reference is the given value (unique index 'reference'); empty if none, or if an argument is null, since nulls are not indexed.
     */
    public Optional<Order> findByReference(String reference) {
        return this.operations.findByUniqueIndex("reference", Order_KvMapping.referenceIndexValue(reference),
                stored -> Objects.equals(stored.reference(), reference));
    }

    /**
     * The entities whose reference lies from {@code from} (inclusive) to {@code to} (exclusive), in index order (index 'reference').
     */
    public List<Order> findByReferenceBetween(String from, String to) {
        return this.operations.findByIndexBetween("reference", new byte[0], Order_KvMapping.referenceIndexValue(from), Order_KvMapping.referenceIndexValue(to));
    }

    /**
     * A page of the entities whose reference lies from {@code from} (inclusive) to {@code to} (exclusive), in index order (index 'reference').
     */
    public Page<Order> findByReferenceBetween(String from, String to, PageRequest page) {
        return this.operations.findByIndexBetween("reference", new byte[0], Order_KvMapping.referenceIndexValue(from), Order_KvMapping.referenceIndexValue(to), page);
    }

    /**
     * The entities whose tags contain the given element (index 'tags'), in index order.
     */
    public List<Order> findByTags(String tags) {
        return this.operations.findByIndex("tags", Order_KvMapping.tagsIndexValue(tags));
    }

    /**
     * A page of the entities whose tags contain the given element (index 'tags'), in index order.
     */
    public Page<Order> findByTags(String tags, PageRequest page) {
        return this.operations.findByIndex("tags", Order_KvMapping.tagsIndexValue(tags), page);
    }

    /**
     * The entities whose tags hold an element from {@code from} (inclusive) to {@code to} (exclusive), in index order (index 'tags'); an entity appears once for each such element.
     */
    public List<Order> findByTagsBetween(String from, String to) {
        return this.operations.findByIndexBetween("tags", new byte[0], Order_KvMapping.tagsIndexValue(from), Order_KvMapping.tagsIndexValue(to));
    }

    /**
     * A page of the entities whose tags hold an element from {@code from} (inclusive) to {@code to} (exclusive), in index order (index 'tags'); an entity appears once for each such element.
     */
    public Page<Order> findByTagsBetween(String from, String to, PageRequest page) {
        return this.operations.findByIndexBetween("tags", new byte[0], Order_KvMapping.tagsIndexValue(from), Order_KvMapping.tagsIndexValue(to), page);
    }

    /**
     * The entities whose shipTo.country and status are the given values (index 'shipToCountryAndStatus'), in index order; a null argument finds the entities where that value is null.
     */
    public List<Order> findByShipToCountryAndStatus(String shipToCountry, Order.Status status) {
        return this.operations.findByIndex("shipToCountryAndStatus", Order_KvMapping.shipToCountryAndStatusIndexValue(shipToCountry, status));
    }

    /**
     * A page of the entities whose shipTo.country and status are the given values (index 'shipToCountryAndStatus'), in index order; a null argument finds the entities where that value is null.
     */
    public Page<Order> findByShipToCountryAndStatus(String shipToCountry, Order.Status status,
            PageRequest page) {
        return this.operations.findByIndex("shipToCountryAndStatus", Order_KvMapping.shipToCountryAndStatusIndexValue(shipToCountry, status), page);
    }

    /**
     * The entities whose status lies from {@code from} (inclusive) to {@code to} (exclusive) after the given leading values, in index order (index 'shipToCountryAndStatus').
     */
    public List<Order> findByShipToCountryAndStatusBetween(String shipToCountry, Order.Status from,
            Order.Status to) {
        return this.operations.findByIndexBetween("shipToCountryAndStatus", Order_KvMapping.shipToCountryAndStatusIndexPrefix(shipToCountry), Order_KvMapping.shipToCountryAndStatusIndexLast(from), Order_KvMapping.shipToCountryAndStatusIndexLast(to));
    }

    /**
     * A page of the entities whose status lies from {@code from} (inclusive) to {@code to} (exclusive) after the given leading values, in index order (index 'shipToCountryAndStatus').
     */
    public Page<Order> findByShipToCountryAndStatusBetween(String shipToCountry, Order.Status from,
            Order.Status to, PageRequest page) {
        return this.operations.findByIndexBetween("shipToCountryAndStatus", Order_KvMapping.shipToCountryAndStatusIndexPrefix(shipToCountry), Order_KvMapping.shipToCountryAndStatusIndexLast(from), Order_KvMapping.shipToCountryAndStatusIndexLast(to), page);
    }

    /**
     * The number of entities whose status is the given value (counter 'byStatus'); one read.
     */
    public long countByStatus(Order.Status status) {
        return this.operations.counter("byStatus", Order_KvMapping.byStatusCounterGroupOf(status));
    }

    /**
     * The number of entities per status, for every group that is not zero, in group order (counter 'byStatus'); one scan.
     */
    public Map<Order.Status, Long> countByStatus() {
        return this.operations.counterGroups("byStatus", Order_KvMapping::byStatusCounterReadGroup);
    }

    /**
     * The sum of totalCents over the entities whose shipTo.country and status are the given values (counter 'revenueByCountryAndStatus'); one read.
     */
    public long sumRevenueByCountryAndStatus(String shipToCountry, Order.Status status) {
        return this.operations.counter("revenueByCountryAndStatus", Order_KvMapping.revenueByCountryAndStatusCounterGroupOf(shipToCountry, status));
    }

    /**
     * The sum of totalCents over the entities whose shipTo.country is the given value, per status, for every group that is not zero, in group order (counter 'revenueByCountryAndStatus'); one scan.
     */
    public Map<Order.Status, Long> sumRevenueByCountryAndStatus(String shipToCountry) {
        return this.operations.counterGroups("revenueByCountryAndStatus", Order_KvMapping.revenueByCountryAndStatusCounterGroupPrefix(shipToCountry), Order_KvMapping::revenueByCountryAndStatusCounterReadLast);
    }

    /**
     * Sets 'reference' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean updateReference(String shop, long number, String reference) {
        return this.operations.update(Order_KvMapping.key(shop, number),
                current -> Order_KvMapping.withReference(current, reference));
    }

    /**
     * Sets 'status' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean updateStatus(String shop, long number, Order.Status status) {
        return this.operations.update(Order_KvMapping.key(shop, number),
                current -> Order_KvMapping.withStatus(current, status));
    }

    /**
     * Sets 'shipTo' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean updateShipTo(String shop, long number, Order.Address shipTo) {
        return this.operations.update(Order_KvMapping.key(shop, number),
                current -> Order_KvMapping.withShipTo(current, shipTo));
    }

    /**
     * Sets 'tags' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean updateTags(String shop, long number, Set<String> tags) {
        return this.operations.update(Order_KvMapping.key(shop, number),
                current -> Order_KvMapping.withTags(current, tags));
    }

    /**
     * Adds {@code element} to 'tags' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean addTags(String shop, long number, String element) {
        return this.operations.update(Order_KvMapping.key(shop, number),
                current -> Order_KvMapping.withTags(current, CollectionChanges.added(current.tags(), element)));
    }

    /**
     * Removes {@code element} from 'tags' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean removeTags(String shop, long number, String element) {
        return this.operations.update(Order_KvMapping.key(shop, number),
                current -> Order_KvMapping.withTags(current, CollectionChanges.removed(current.tags(), element)));
    }

    /**
     * Sets 'totalCents' of the entity with this key, atomically; indexes and counters follow. Returns false if there is no such entity.
     */
    public boolean updateTotalCents(String shop, long number, long totalCents) {
        return this.operations.update(Order_KvMapping.key(shop, number),
                current -> Order_KvMapping.withTotalCents(current, totalCents));
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
     * The primary key of {@link Order}, component by component in key order.
     */
    public record Key(String shop, long number) {
    }
}
