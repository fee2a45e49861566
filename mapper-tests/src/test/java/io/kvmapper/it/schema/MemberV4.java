package io.kvmapper.it.schema;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/**
 * A fourth code version of "Member" that redefines two components under their old names: the index
 * {@code team} now indexes {@code region}, and the counter {@code byTeam} counts per region.
 */
@Entity(name = "Member")
@Counter(name = "byTeam", groupBy = "region")
@Counter(name = "pointsByRegion", groupBy = "region", sum = "points")
public record MemberV4(
        @Key long id,
        @Index(unique = true) String email,
        String team,
        @Index(name = "team") String region,
        long points) {
}
