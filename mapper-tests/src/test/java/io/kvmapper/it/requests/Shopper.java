package io.kvmapper.it.requests;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/**
 * The Cassandra benchmark's user (mapper-benchmarks): a unique email, a status index, a total and a per-status
 * counter, no {@code @Version}; so its record is written through checked writes on Cassandra.
 */
@Entity(name = "RqShopper")
@Counter(name = "total")
@Counter(name = "byStatus", groupBy = "status")
public record Shopper(@Key long id, @Index(unique = true) String email, String name, @Index String status) {
}
