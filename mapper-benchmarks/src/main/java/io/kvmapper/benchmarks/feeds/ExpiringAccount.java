package io.kvmapper.benchmarks.feeds;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Expires;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.time.Instant;

/**
 * {@link PlainAccount} that expires: the same fields, indexes and counters, and an {@code @Expires} instant, so
 * that each insert also writes an entry of the expiry index.
 */
@Entity
@Counter(name = "total")
@Counter(name = "byStatus", groupBy = "status")
public record ExpiringAccount(@Key long id, @Index(unique = true) String email, String name, @Index String status,
        @Expires Instant expiresAt) {
}
