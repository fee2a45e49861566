package io.kvmapper.samples.shop;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * An order, keyed by (user, time descending, order id): the user is the partition, so one user's
 * orders sit together, newest first, and "the last n orders" is one short scan. Two counters keep the
 * seed article's aggregations: the number of orders per user, and the revenue per day (a sum).
 *
 * @param userId the user who ordered
 * @param placedAt when
 * @param orderId the order id
 * @param day the day it counts for
 * @param totalCents the total, in cents
 * @param items the lines
 */
@Entity
@Counter(name = "byUser", groupBy = "userId")
@Counter(name = "revenueByDay", groupBy = "day", sum = "totalCents")
public record Order(@Key long userId, @Key(descending = true) Instant placedAt, @Key String orderId, LocalDate day,
        long totalCents, @Embedded List<LineItem> items) {
}
