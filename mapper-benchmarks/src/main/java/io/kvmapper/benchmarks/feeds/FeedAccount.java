package io.kvmapper.benchmarks.feeds;

import io.kvmapper.annotation.ChangeFeed;
import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/** {@link PlainAccount} with a change feed: the same fields, indexes and counters, and every change in the feed. */
@Entity
@ChangeFeed
@Counter(name = "total")
@Counter(name = "byStatus", groupBy = "status")
public record FeedAccount(@Key long id, @Index(unique = true) String email, String name, @Index String status) {
}
