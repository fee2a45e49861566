package demo;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Field;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/** Version 3 of "Subscriber": version 2 with the key's type changed from long to String, which no store can follow. */
@Entity(name = "Subscriber")
@Counter(name = "total")
@Counter(name = "byTier", groupBy = "tier")
public record Subscriber(
        @Key String id,
        @Index(unique = true) String email,
        @Index @Field(name = "plan") String tier,
        long age,
        @Index String region) {
}
