package io.kvmapper.it.evolution;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.util.List;

/**
 * Version 1 of the stored entity "Subscriber" (JSON values in the monolithic layout): what the first
 * release wrote.
 */
@Entity(name = "Subscriber")
@Counter(name = "total")
public record SubscriberV1(
        @Key long id,
        @Index(unique = true) String email,
        String nick,
        String plan,
        int age,
        @Embedded Address address,
        List<String> tags) {
}
