package io.kvmapper.benchmarks.queries;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/**
 * The entity of {@code QueryBenchmark}: a member with an age and a city, each indexed.
 *
 * @param id the key
 * @param name the display name
 * @param age indexed, for a range query
 * @param city indexed, for an In query
 * @param points not indexed
 */
@Entity
public record Member(@Key long id, String name, @Index int age, @Index String city, long points) {
}
