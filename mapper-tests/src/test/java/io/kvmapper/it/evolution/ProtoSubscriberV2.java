package io.kvmapper.it.evolution;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Field;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.util.List;

/**
 * Version 2 of "ProtoSubscriber": {@code nick} removed, {@code plan} renamed to {@code tier} (stored name kept) and
 * indexed, {@code age} widened from int to long, {@code region} added with an index, and the counter
 * {@code byTier} added. Its schema file continues version 1's history, as one class's file would.
 */
@Entity(name = "ProtoSubscriber", codec = Codec.PROTOBUF)
@Counter(name = "total")
@Counter(name = "byTier", groupBy = "tier")
public record ProtoSubscriberV2(
        @Key long id,
        @Index(unique = true) String email,
        @Index @Field(name = "plan") String tier,
        long age,
        @Embedded Address address,
        List<String> tags,
        @Index String region) {
}
