package io.kvmapper.samples.shop;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Version;
import java.time.Instant;

/**
 * A shop's user, stored as one JSON value under {@code (("User", "r", id))}: the seed article's user,
 * findable by a unique email and a unique username and by status, with the total number of users and
 * the number per status maintained as counters. Every index entry and counter changes in the same
 * transaction as the record.
 *
 * @param id the user id
 * @param email the email address; no two users share one
 * @param username the login name; no two users share one
 * @param name the display name, indexed for the query interface's prefix search ({@link UserQueries})
 * @param age in years, indexed for ranges
 * @param status the account status
 * @param address where orders go
 * @param lastOrderAt when the user last ordered, or null
 * @param version how many times the user was saved; a save of a stale copy is refused
 */
@Entity
@Counter(name = "total")
@Counter(name = "byStatus", groupBy = "status")
public record User(@Key long id, @Index(unique = true) String email, @Index(unique = true) String username,
        @Index String name, @Index int age, @Index Status status, @Embedded Address address, Instant lastOrderAt,
        @Version long version) {

    /** A new user, at version 0, whose age is not known (0). */
    public static User of(long id, String email, String username, String name, Status status, Address address) {
        return of(id, email, username, name, 0, status, address);
    }

    /** A new user, at version 0. */
    public static User of(long id, String email, String username, String name, int age, Status status,
            Address address) {
        return new User(id, email, username, name, age, status, address, null, 0);
    }

    /** This user with {@code lastOrderAt} set. */
    public User orderedAt(Instant at) {
        return new User(id, email, username, name, age, status, address, at, version);
    }

    /** This user with another display name. */
    public User named(String newName) {
        return new User(id, email, username, newName, age, status, address, lastOrderAt, version);
    }
}
