package io.kvmapper.samples.cache;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.time.Instant;

/**
 * A cache entry with a time to live: it expires at {@code expiresAt}. The index on {@code expiresAt}
 * orders every entry by its expiry, so the entries expired by a given instant are one range of the
 * index, {@code findByExpiresAtBetween(Instant.MIN, now)}, whatever their keys.
 *
 * @param key the cache key
 * @param value the cached value
 * @param expiresAt when the entry expires: from then on it reads as absent, and a sweep deletes it
 */
@Entity
public record CacheEntry(@Key String key, String value, @Index Instant expiresAt) {
}
