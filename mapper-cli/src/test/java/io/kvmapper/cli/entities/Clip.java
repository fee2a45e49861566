package io.kvmapper.cli.entities;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** A JSON entity with fields that Jackson databind writes (jackson-databind is on the test class path). */
@Entity
public record Clip(@Key long id, @Index String title, URI link, Duration length, List<URI> mirrors, Money price,
        Optional<Duration> pause) {
    /** A value object not marked {@code @Embedded}: databind writes it. */
    public record Money(BigDecimal amount, String currency) {
    }
}
