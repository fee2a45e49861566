package io.kvmapper.samples.feed;

import io.kvmapper.annotation.ChangeFeed;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;

/**
 * An order as the orders service keeps it. Its change feed holds every committed change for seven days, for the
 * services that follow the orders.
 *
 * @param id the order number
 * @param customer who placed it
 * @param status where it is
 * @param cents what it costs
 */
@Entity
@ChangeFeed(retention = "P7D")
public record PlacedOrder(@Key String id, String customer, Status status, long cents) {
}
