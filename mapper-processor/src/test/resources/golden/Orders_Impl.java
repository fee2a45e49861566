package com.example.shop;

import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.Transaction;
import io.kvmapper.internal.layout.ComponentRanges;
import io.kvmapper.internal.layout.RecordKeys;
import io.kvmapper.internal.operations.EntityOperations;
import io.kvmapper.internal.operations.EntityQuery;
import io.kvmapper.internal.operations.QueryArguments;
import io.kvmapper.internal.operations.QueryFilters;
import io.kvmapper.internal.operations.QueryScan;
import io.kvmapper.internal.tuple.TupleWriter;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.annotation.processing.Generated;

/**
 * The queries of {@link Orders} on {@link Order} entities, each served by the key or an index as its javadoc says. Thread-safe.
 */
@Generated("io.kvmapper.processor.KvMapperProcessor")
public final class Orders_Impl implements Orders {
    private static final byte[] RECORD_HEAD = RecordKeys.partitionHead(Order_KvMapping.ENTITY);

    private final OrderRepository repository;

    private final EntityOperations<Order> operations;

    /**
     * The queries over {@code store}.
     */
    public Orders_Impl(KvStore store) {
        this(new OrderRepository(store), new EntityOperations<>(store, Order_KvMapping.INSTANCE));
    }

    private Orders_Impl(OrderRepository repository, EntityOperations<Order> operations) {
        this.repository = repository;
        this.operations = operations;
    }

    /**
     * These queries, working inside {@code tx}.
     */
    @Override
    public Orders with(Transaction tx) {
        return new Orders_Impl(this.repository.with(tx), this.operations.with(tx));
    }

    @Override
    public Order save(Order entity) {
        return this.repository.save(entity);
    }

    @Override
    public Order insert(Order entity) {
        return this.repository.insert(entity);
    }

    @Override
    public Optional<Order> findById(OrderRepository.Key id) {
        return this.repository.findById(id);
    }

    @Override
    public List<Order> findAllById(Collection<OrderRepository.Key> ids) {
        return this.repository.findAllById(ids);
    }

    @Override
    public boolean existsById(OrderRepository.Key id) {
        return this.repository.existsById(id);
    }

    @Override
    public boolean deleteById(OrderRepository.Key id) {
        return this.repository.deleteById(id);
    }

    @Override
    public Stream<Order> findAll() {
        return this.repository.findAll();
    }

    @Override
    public long count() {
        return this.repository.count();
    }

    /**
     * Served by the primary key: shop = shop, then number in [from, to); filters nothing.
     */
    @Override
    public List<Order> findByShopAndNumberBetween(String shop, long from, long to) {
        RecordKeys.require(shop, Order_KvMapping.ENTITY, "shop");
        byte[] shopValue = encodeShop(shop);
        byte[] fromValue = encodeNumber(from);
        byte[] toValue = encodeNumber(to);
        byte[] shopKey = encodeShopKey(shop);
        byte[] fromKey = encodeNumberKey(from);
        byte[] toKey = encodeNumberKey(to);
        EntityQuery<Order> query = EntityQuery.of(this.operations, "Orders.findByShopAndNumberBetween", QueryArguments.bind(shopValue, fromValue, toValue));
        byte[] prefix = QueryArguments.recordPrefix(RECORD_HEAD, 1, shopKey);
        query.scan(QueryScan.records(ComponentRanges.range(prefix, fromKey, true, toKey, false, false, false), false));
        return query.list();
    }

    /**
     * Served by the primary key: shop = shop, in reverse; filters nothing.
     */
    @Override
    public Optional<Order> findFirstByShopOrderByNumberDesc(String shop) {
        RecordKeys.require(shop, Order_KvMapping.ENTITY, "shop");
        byte[] shopValue = encodeShop(shop);
        byte[] shopKey = encodeShopKey(shop);
        EntityQuery<Order> query = EntityQuery.of(this.operations, "Orders.findFirstByShopOrderByNumberDesc", QueryArguments.bind(shopValue));
        query.ordered();
        query.limit(1);
        byte[] prefix = QueryArguments.recordPrefix(RECORD_HEAD, 1, shopKey);
        query.scan(QueryScan.records(ComponentRanges.all(prefix), false).reversed());
        return query.first();
    }

    /**
     * Served by a merge, one scan per value of each In of [index 'shipToCountryAndStatus': shipTo.country = country and status in statuses; filters nothing], in primary-key order, without duplicates.
     */
    @Override
    public List<Order> findByShipToCountryAndStatusIn(String country,
            Collection<Order.Status> statuses) {
        byte[] countryValue = encodeShipToCountry(country);
        List<byte[]> statusesValues = QueryArguments.encodeEach(statuses, Orders_Impl::encodeStatus, "Orders.findByShipToCountryAndStatusIn", "statuses");
        EntityQuery<Order> query = EntityQuery.of(this.operations, "Orders.findByShipToCountryAndStatusIn", QueryArguments.bind(countryValue, statusesValues));
        query.inKeyOrder();
        for (byte[] status : statusesValues) {
            byte[] prefix = QueryArguments.concat(countryValue, status);
            query.scan(QueryScan.index("shipToCountryAndStatus", ComponentRanges.all(prefix)));
        }
        return query.list();
    }

    /**
     * Served by a merge of [index 'tags': tags = tag; filters nothing] or [index 'reference': reference = reference; filters nothing], in primary-key order, without duplicates.
     */
    @Override
    public Page<Order> findByTagsOrReference(String tag, String reference, PageRequest page) {
        byte[] tagValue = encodeTags(tag);
        byte[] referenceValue = encodeReference(reference);
        EntityQuery<Order> query = EntityQuery.of(this.operations, "Orders.findByTagsOrReference", QueryArguments.bind(tagValue, referenceValue));
        query.inKeyOrder();
        byte[] prefix = tagValue;
        query.scan(QueryScan.index("tags", ComponentRanges.all(prefix)));
        byte[] prefix_ = referenceValue;
        query.scan(QueryScan.index("reference", ComponentRanges.all(prefix_)));
        return query.page(page);
    }

    /**
     * Served by the primary key: shop = shop; filters totalCents > cents.
     */
    @Override
    public List<Order> findTop10ByShopAndTotalCentsGreaterThan(String shop, long cents) {
        RecordKeys.require(shop, Order_KvMapping.ENTITY, "shop");
        byte[] shopValue = encodeShop(shop);
        byte[] centsValue = encodeTotalCents(cents);
        byte[] shopKey = encodeShopKey(shop);
        EntityQuery<Order> query = EntityQuery.of(this.operations, "Orders.findTop10ByShopAndTotalCentsGreaterThan", QueryArguments.bind(shopValue, centsValue));
        query.limit(10);
        byte[] prefix = QueryArguments.recordPrefix(RECORD_HEAD, 1, shopKey);
        query.scan(QueryScan.records(ComponentRanges.all(prefix), false),
                entity -> QueryFilters.range(valueOfTotalCents(entity), centsValue, false, null, false));
        return query.list();
    }

    /**
     * Served by counter 'byStatus', one read.
     */
    @Override
    public long countByStatus(Order.Status status) {
        byte[] statusValue = encodeStatus(status);
        return this.operations.counter("byStatus", statusValue);
    }

    /**
     * Served by index 'reference': reference = reference; filters nothing.
     */
    @Override
    public boolean existsByReference(String reference) {
        byte[] referenceValue = encodeReference(reference);
        EntityQuery<Order> query = EntityQuery.of(this.operations, "Orders.existsByReference", QueryArguments.bind(referenceValue));
        byte[] prefix = referenceValue;
        query.scan(QueryScan.index("reference", ComponentRanges.all(prefix)));
        return query.exists();
    }

    /**
     * Served by the primary key: shop = shop; filters status = status.
     */
    @Override
    public long deleteByShopAndStatus(String shop, Order.Status status) {
        RecordKeys.require(shop, Order_KvMapping.ENTITY, "shop");
        byte[] shopValue = encodeShop(shop);
        byte[] statusValue = encodeStatus(status);
        byte[] shopKey = encodeShopKey(shop);
        EntityQuery<Order> query = EntityQuery.of(this.operations, "Orders.deleteByShopAndStatus", QueryArguments.bind(shopValue, statusValue));
        byte[] prefix = QueryArguments.recordPrefix(RECORD_HEAD, 1, shopKey);
        query.scan(QueryScan.records(ComponentRanges.all(prefix), false),
                entity -> QueryFilters.equal(valueOfStatus(entity), statusValue));
        return query.delete(entity -> QueryFilters.equal(valueOfShop(entity), shopValue)
                && QueryFilters.equal(valueOfStatus(entity), statusValue));
    }

    private static byte[] encodeShop(String value) {
        if (value == null) {
            return QueryArguments.NULL;
        }
        return new TupleWriter(16).writeString(value).toByteArray();
    }

    private static byte[] encodeNumber(Long value) {
        if (value == null) {
            return QueryArguments.NULL;
        }
        return new TupleWriter(16).writeLong(value).toByteArray();
    }

    private static byte[] encodeShopKey(String value) {
        return new TupleWriter(16).writeString(RecordKeys.require(value, Order_KvMapping.ENTITY, "shop")).toByteArray();
    }

    private static byte[] encodeNumberKey(Long value) {
        return new TupleWriter(16).writeLong(RecordKeys.require(value, Order_KvMapping.ENTITY, "number")).toByteArray();
    }

    private static byte[] encodeShipToCountry(String value) {
        if (value == null) {
            return QueryArguments.NULL;
        }
        return new TupleWriter(16).writeString(value).toByteArray();
    }

    private static byte[] encodeStatus(Order.Status value) {
        if (value == null) {
            return QueryArguments.NULL;
        }
        return new TupleWriter(16).writeEnum(value).toByteArray();
    }

    private static byte[] encodeTags(String value) {
        if (value == null) {
            return QueryArguments.NULL;
        }
        return new TupleWriter(16).writeString(value).toByteArray();
    }

    private static byte[] encodeReference(String value) {
        if (value == null) {
            return QueryArguments.NULL;
        }
        return new TupleWriter(16).writeString(value).toByteArray();
    }

    private static byte[] encodeTotalCents(Long value) {
        if (value == null) {
            return QueryArguments.NULL;
        }
        return new TupleWriter(16).writeLong(value).toByteArray();
    }

    private static byte[] valueOfTotalCents(Order entity) {
        return encodeTotalCents(entity.totalCents());
    }

    private static byte[] valueOfStatus(Order entity) {
        return encodeStatus(entity.status());
    }

    private static byte[] valueOfShop(Order entity) {
        return encodeShop(entity.shop());
    }
}
