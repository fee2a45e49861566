package io.kvmapper.it.indexes;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Version;
import java.util.List;

/**
 * A record entity with every kind of index and counter: a unique email, a non-unique (nullable)
 * status, a collection index on tags, a composite index into an embedded home, a global count, a count
 * per status, a sum of a signed field per status, and a count over two group fields.
 */
@Entity(name = "IxMember")
@Index(name = "cityAndAge", fields = {"home.city", "age"})
@Counter(name = "total")
@Counter(name = "byStatus", groupBy = "status")
@Counter(name = "balanceByStatus", groupBy = "status", sum = "balance")
@Counter(name = "byCityAndStatus", groupBy = {"home.city", "status"})
public record Member(
        @Key long id,
        @Index(unique = true) String email,
        @Index String status,
        int age,
        Long balance,
        @Embedded Home home,
        @Index List<String> tags,
        @Version long version) {

    /** A new member (version 0). */
    public static Member of(long id, String email, String status, int age, Long balance, String city,
            List<String> tags) {
        return new Member(id, email, status, age, balance, city == null ? null : new Home(city, "00000"), tags, 0);
    }

    public Member withEmail(String email) {
        return new Member(id, email, status, age, balance, home, tags, version);
    }

    public Member withStatus(String status) {
        return new Member(id, email, status, age, balance, home, tags, version);
    }

    public Member withBalance(Long balance) {
        return new Member(id, email, status, age, balance, home, tags, version);
    }

    public Member withTags(List<String> tags) {
        return new Member(id, email, status, age, balance, home, tags, version);
    }

    public Member withHome(Home home) {
        return new Member(id, email, status, age, balance, home, tags, version);
    }

    public Member withAge(int age) {
        return new Member(id, email, status, age, balance, home, tags, version);
    }

    public Member withVersion(long version) {
        return new Member(id, email, status, age, balance, home, tags, version);
    }
}
