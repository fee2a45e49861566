package demo;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Field;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/**
 * Version 2 of "Subscriber": {@code nick} removed, {@code plan} renamed to {@code tier} (stored name kept) and
 * indexed, {@code age} widened from int to long, {@code region} added with an index, and the counter
 * {@code byTier} added.
 */
@Entity(name = "Subscriber")
@Counter(name = "total")
@Counter(name = "byTier", groupBy = "tier")
public record Subscriber(
        @Key long id,
        @Index(unique = true) String email,
        @Index @Field(name = "plan") String tier,
        long age,
        @Index String region) {
}
