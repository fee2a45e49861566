package io.kvmapper.it.expiry;

import io.kvmapper.annotation.ChangeFeed;
import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Expires;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import java.time.Instant;
import java.util.List;

/**
 * A visit that expires, in the attribute-per-key layout: a list of pages changed element by element, an index on
 * the user, a count per user, and a change feed.
 */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
@ChangeFeed
@Counter(name = "byUser", groupBy = "user")
public record Visit(
        @Key long id,
        @Index String user,
        List<String> pages,
        @Expires Instant expiresAt) {
}
