package com.example.shop;

import io.kvmapper.CrudRepository;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.Transaction;
import io.kvmapper.annotation.Repository;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Input of GoldenFileTest: queries over Order, one of each kind of plan. */
@Repository
public interface Orders extends CrudRepository<Order, OrderRepository.Key> {
    List<Order> findByShopAndNumberBetween(String shop, long from, long to);

    Optional<Order> findFirstByShopOrderByNumberDesc(String shop);

    List<Order> findByShipToCountryAndStatusIn(String country, Collection<Order.Status> statuses);

    Page<Order> findByTagsOrReference(String tag, String reference, PageRequest page);

    List<Order> findTop10ByShopAndTotalCentsGreaterThan(String shop, long cents);

    long countByStatus(Order.Status status);

    boolean existsByReference(String reference);

    long deleteByShopAndStatus(String shop, Order.Status status);

    Orders with(Transaction tx);
}
