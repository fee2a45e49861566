package io.kvmapper.it.queries.design;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.time.Instant;

/**
 * The user of DESIGN.md's query interface example, with the indexes that example needs: age, the composite
 * (city, age), the composite (status, joinedAt), name, and unique email and username; and the counter of users per
 * status that {@code countByStatus} reads.
 *
 * @param id the key
 * @param email unique
 * @param username unique
 * @param name the display name
 * @param age in years
 * @param city where the user lives
 * @param status the account status
 * @param joinedAt when the user signed up
 */
@Entity
@Index(name = "cityAndAge", fields = {"city", "age"})
@Index(name = "statusAndJoinedAt", fields = {"status", "joinedAt"})
@Counter(name = "byStatus", groupBy = "status")
public record User(@Key long id, @Index(unique = true) String email, @Index(unique = true) String username,
        @Index String name, @Index int age, String city, Status status, Instant joinedAt) {
}
