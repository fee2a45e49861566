package io.kvmapper.benchmarks.feeds;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/** The benchmark's user without a change feed: a unique email, a status index, a total and a per-status count. */
@Entity
@Counter(name = "total")
@Counter(name = "byStatus", groupBy = "status")
public record PlainAccount(@Key long id, @Index(unique = true) String email, String name, @Index String status) {
}
