package io.kvmapper.samples.events;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.time.Instant;

/**
 * A time-ordered event log, one partition per source, newest first: the "time-ordered events" use of
 * the two-level map, where a range scan is a time-range query.
 *
 * @param source what produced the event (the partition)
 * @param at when, newest first
 * @param seq orders events of one instant
 * @param level severity
 * @param message what happened
 */
@Entity
public record LogEntry(@Key String source, @Key(descending = true) Instant at, @Key int seq, String level,
        String message) {
}
