package com.example.shop;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Version;
import java.util.Set;

/** Input of GoldenFileTest: an order in a shop, with indexes, counters and optimistic locking. */
@Entity(name = "order")
@Index(fields = {"shipTo.country", "status"})
@Counter(name = "byStatus", groupBy = "status")
@Counter(name = "revenueByCountryAndStatus", groupBy = {"shipTo.country", "status"}, sum = "totalCents")
public record Order(
        @Key String shop,
        @Key long number,
        @Index(unique = true) String reference,
        Status status,
        @Embedded Address shipTo,
        @Index Set<String> tags,
        long totalCents,
        @Version long version) {

    /** Where an order is in its life. */
    public enum Status { OPEN, PAID, SHIPPED }

    /** Where an order goes. */
    public record Address(String city, String country) {
    }
}
