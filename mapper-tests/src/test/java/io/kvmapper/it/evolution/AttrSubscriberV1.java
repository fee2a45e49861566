package io.kvmapper.it.evolution;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import java.util.List;

/** Version 1 of the stored entity "AttrSubscriber" (the attribute-per-key layout): what the first release wrote. */
@Entity(name = "AttrSubscriber", layout = Layout.ATTRIBUTE_PER_KEY)
@Counter(name = "total")
public record AttrSubscriberV1(
        @Key long id,
        @Index(unique = true) String email,
        String nick,
        String plan,
        int age,
        @Embedded Address address,
        List<String> tags) {
}
