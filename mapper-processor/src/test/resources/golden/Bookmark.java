package com.example.links;

import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Input of GoldenFileTest: a saved link, some of whose fields Jackson databind writes. */
@Entity
public record Bookmark(
        @Key long id,
        String title,
        URI link,
        List<URI> mirrors,
        Optional<Duration> ttl,
        @Embedded Meta meta) {

    /** Who keeps the bookmark, and what it cost. */
    public record Meta(String owner, Money price) {
    }

    /** A value object that is not marked @Embedded, so databind writes it. */
    public record Money(long cents, String currency) {
    }
}
