package io.kvmapper.samples.feed;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;

/**
 * The warehouse's own record of a paid order it has to pick: its projection of the orders service's feed.
 *
 * @param orderId the order
 * @param customer whom it goes to
 */
@Entity
public record PickItem(@Key String orderId, String customer) {
}
