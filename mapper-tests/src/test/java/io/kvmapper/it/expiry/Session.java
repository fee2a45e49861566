package io.kvmapper.it.expiry;

import io.kvmapper.annotation.ChangeFeed;
import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Expires;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.time.Instant;

/**
 * A login session that expires, in the monolithic layout: a composite key (the user is the partition), a unique
 * token, an index on the device, a count per device and in all, and a change feed.
 */
@Entity
@ChangeFeed(retention = "P1D")
@Counter(name = "total")
@Counter(name = "byDevice", groupBy = "device")
public record Session(
        @Key String user,
        @Key long id,
        @Index(unique = true) String token,
        @Index String device,
        @Expires Instant expiresAt) {

    public Session withExpiresAt(Instant expiresAt) {
        return new Session(user, id, token, device, expiresAt);
    }

    public Session withDevice(String device) {
        return new Session(user, id, token, device, expiresAt);
    }
}
