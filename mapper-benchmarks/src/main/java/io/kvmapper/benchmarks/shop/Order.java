package io.kvmapper.benchmarks.shop;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.time.LocalDate;

/** An order of a user, keyed by (user, order id) so one user's orders are one prefix; revenue summed per day. */
@Entity
@Counter(name = "revenueByDay", groupBy = "day", sum = "totalCents")
public record Order(@Key long userId, @Key long orderId, LocalDate day, long totalCents) {
}
