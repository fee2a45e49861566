package io.kvmapper.benchmarks.shop;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.time.LocalDate;

/** {@link Order} with the Protobuf codec. */
@Entity(codec = Codec.PROTOBUF)
@Counter(name = "revenueByDay", groupBy = "day", sum = "totalCents")
public record ProtoOrder(@Key long userId, @Key long orderId, LocalDate day, long totalCents) {
}
