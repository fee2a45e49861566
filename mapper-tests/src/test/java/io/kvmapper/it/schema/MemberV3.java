package io.kvmapper.it.schema;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/** The third code version of "Member": drops the index {@code team} and the counter {@code pointsByRegion}. */
@Entity(name = "Member")
@Counter(name = "byTeam", groupBy = "team")
public record MemberV3(@Key long id, @Index(unique = true) String email, String team, String region, long points) {
}
