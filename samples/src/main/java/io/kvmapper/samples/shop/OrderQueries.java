package io.kvmapper.samples.shop;

import io.kvmapper.CrudRepository;
import io.kvmapper.annotation.Repository;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The shop's orders, queried by derived methods served by the key {@code (userId, placedAt descending, orderId)}:
 * one user's orders lie together, newest first.
 */
@Repository
public interface OrderQueries extends CrudRepository<Order, OrderRepository.Key> {
    /** A user's three newest orders: the first three of the key prefix, which is newest first. */
    List<Order> findTop3ByUserId(long userId);

    /** A user's oldest order: the same prefix scanned in reverse. */
    Optional<Order> findFirstByUserIdOrderByPlacedAtAsc(long userId);

    /** The orders of several users, newest first: one scan per user, merged by time. */
    List<Order> findByUserIdInOrderByPlacedAtDesc(Collection<Long> userIds);

    /** Deletes the orders of the users from {@code userId} on. */
    long deleteByUserIdGreaterThanEqual(long userId);
}
