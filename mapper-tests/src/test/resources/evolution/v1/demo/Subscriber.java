package demo;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/** Version 1 of the stored entity "Subscriber": what the first release wrote. */
@Entity(name = "Subscriber")
@Counter(name = "total")
public record Subscriber(
        @Key long id,
        @Index(unique = true) String email,
        String nick,
        String plan,
        int age) {
}
