package io.kvmapper.it.databind;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.net.URI;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A JSON entity whose fields of types KV Mapper generates no code for (records, a bean, {@code URI},
 * {@code Duration}, {@code ZoneId}, and collections, maps and an {@code Optional} of them) are written by
 * Jackson databind, next to generated fields that are indexed and counted, and inside embedded objects.
 */
@Entity(name = "DbLink")
@Counter(name = "byKind", groupBy = "kind")
public record Link(
        @Key long id,
        @Index String title,
        String kind,
        URI target,
        Duration timeout,
        ZoneId zone,
        Money price,
        Settings settings,
        List<URI> mirrors,
        Map<String, Money> offers,
        Set<URI> tags,
        Optional<Money> discount,
        @Embedded Origin origin,
        @Embedded List<Origin> history,
        long clicks) {

    /** Where a link was found: an embedded record holding databind fields. */
    public record Origin(String host, URI source, Duration ttl) {
    }
}
