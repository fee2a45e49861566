package io.kvmapper.it;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.time.LocalDate;

/** Orders per customer, with revenue per day (a sum) and a count per customer; a JavaBean-style class. */
@Entity
@Counter(name = "revenueByDay", groupBy = "day", sum = "totalCents")
@Counter(name = "byCustomer", groupBy = "customerId")
public class Purchase {
    @Key
    long customerId;
    @Key
    String orderId;
    @Index
    LocalDate day;
    Long totalCents;

    public Purchase() {
    }

    public Purchase(long customerId, String orderId, LocalDate day, Long totalCents) {
        this.customerId = customerId;
        this.orderId = orderId;
        this.day = day;
        this.totalCents = totalCents;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Purchase p && customerId == p.customerId && orderId.equals(p.orderId)
                && java.util.Objects.equals(day, p.day) && java.util.Objects.equals(totalCents, p.totalCents);
    }

    @Override
    public int hashCode() {
        return orderId.hashCode();
    }

    @Override
    public String toString() {
        return "Purchase[" + customerId + ", " + orderId + ", " + day + ", " + totalCents + "]";
    }
}
