package io.kvmapper.cassandra.secure;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/**
 * An entity with every kind of derived data (a unique and a non-unique index, a total and a grouped counter),
 * for the generated repository's run on the secure node ({@link SecureRepositoryTest}).
 *
 * @param id the key
 * @param email unique
 * @param plan indexed and counted per plan
 * @param seats a plain field
 */
@Entity
@Counter(name = "total")
@Counter(name = "byPlan", groupBy = "plan")
public record Subscriber(@Key long id, @Index(unique = true) String email, @Index String plan, int seats) {
}
