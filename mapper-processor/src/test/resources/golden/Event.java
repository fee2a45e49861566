package com.example.events;

import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.time.Instant;
import java.util.List;

/** Input of GoldenFileTest: one event in a tenant's audit log, newest first. */
@Entity(name = "event")
public record Event(
        @Key String tenant,
        @Key(descending = true) Instant at,
        @Key long sequence,
        String kind,
        @Embedded Origin origin,
        List<String> tags) {

    /** Where an event came from. */
    public record Origin(String host, int port) {
    }
}
