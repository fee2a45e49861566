package io.kvmapper.benchmarks.shop;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import java.time.LocalDate;

/** {@link Order} in the attribute-per-key layout. */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
@Counter(name = "revenueByDay", groupBy = "day", sum = "totalCents")
public record ApkOrder(@Key long userId, @Key long orderId, LocalDate day, long totalCents) {
}
