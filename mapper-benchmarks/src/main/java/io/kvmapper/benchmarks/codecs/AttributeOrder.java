package io.kvmapper.benchmarks.codecs;

import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** The order of JsonOrder and ProtoOrder, stored one key per attribute, line item field and map entry. */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
public record AttributeOrder(@Key long userId, @Key Instant placedAt, @Key String orderId, long totalCents,
        Status status, String currency, @Embedded Address shipTo, @Embedded List<LineItem> items,
        Map<String, String> attributes) {
}
