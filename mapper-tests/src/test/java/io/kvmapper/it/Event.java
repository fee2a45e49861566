package io.kvmapper.it;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.time.Instant;

/** A three-part key: partition by stream, newest first by time, then by sequence number. */
@Entity
public record Event(@Key String stream, @Key(descending = true) Instant at, @Key long seq, String payload) {
}
