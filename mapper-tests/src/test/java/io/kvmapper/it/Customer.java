package io.kvmapper.it;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Version;
import java.util.List;

/**
 * The seed article's user: unique email and username, a status index, a composite index into an
 * embedded address, a collection index, a total and a per-status counter, optimistic locking.
 */
@Entity
@Index(name = "cityAndAge", fields = {"address.city", "age"})
@Counter(name = "total")
@Counter(name = "byStatus", groupBy = "status")
@Counter(name = "byCityAndStatus", groupBy = {"address.city", "status"})
@Counter(name = "ageByStatus", groupBy = "status", sum = "age")
public record Customer(
        @Key long id,
        @Index(unique = true) String email,
        @Index(name = "username", unique = true) String login,
        @Index Status status,
        int age,
        @Embedded Address address,
        @Index List<String> tags,
        @Version long version) {

    /** An account status. */
    public enum Status {
        ACTIVE, SUSPENDED, CLOSED
    }

    /** A new customer at version 0. */
    public static Customer of(long id, String email, String login, Status status, int age, String city,
            List<String> tags) {
        return new Customer(id, email, login, status, age, city == null ? null : new Address("street", city, null), tags,
                0);
    }
}
