package io.kvmapper.samples.sessions;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Expires;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.time.Instant;

/**
 * A login session with a time to live: from {@code expiresAt} on it is absent to every read, and the store's
 * reaper deletes it with its index entry and its count.
 *
 * @param token the session token, its key
 * @param user who logged in; indexed, to list a user's sessions
 * @param expiresAt when the session expires
 */
@Entity
@Counter(name = "total")
public record LoginSession(@Key String token, @Index String user, @Expires Instant expiresAt) {
    /** The same session, expiring at {@code at} instead. */
    public LoginSession renewedUntil(Instant at) {
        return new LoginSession(token, user, at);
    }
}
