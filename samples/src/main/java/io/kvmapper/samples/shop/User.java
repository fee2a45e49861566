package io.kvmapper.samples.shop;

import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.time.Instant;

/**
 * A shop's user, stored as one JSON value under {@code (("User", "r", id))}.
 *
 * @param id the user id
 * @param email the email address
 * @param name the display name
 * @param status the account status
 * @param address where orders go
 * @param lastOrderAt when the user last ordered, or null
 */
@Entity
public record User(@Key long id, String email, String name, Status status, @Embedded Address address,
        Instant lastOrderAt) {

    /** This user with {@code lastOrderAt} set. */
    public User orderedAt(Instant at) {
        return new User(id, email, name, status, address, at);
    }
}
