package io.kvmapper.benchmarks.codecs;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** An order with five line items, stored with the JSON codec; ProtoOrder is the same with the other codec. */
@Entity(codec = Codec.JSON)
public record JsonOrder(@Key long userId, @Key Instant placedAt, @Key String orderId, long totalCents, Status status,
        String currency, @Embedded Address shipTo, @Embedded List<LineItem> items, Map<String, String> attributes) {
}
