package io.kvmapper.it.schema;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;

/**
 * The second code version of "Member": the same fields, plus a unique index on {@code email}, a
 * non-unique index on {@code team}, a count per team and a sum of points per region.
 */
@Entity(name = "Member")
@Counter(name = "byTeam", groupBy = "team")
@Counter(name = "pointsByRegion", groupBy = "region", sum = "points")
public record MemberV2(
        @Key long id,
        @Index(unique = true) String email,
        @Index String team,
        String region,
        long points) {

    /**
     * Called by every construction of a member, also when the store decodes one (inside the unit of
     * work that read it): lets a test act at a precise moment of another thread's transaction.
     */
    static volatile java.util.function.LongConsumer onCreate = id -> { };

    /** Runs the hook. */
    public MemberV2 {
        onCreate.accept(id);
    }

    MemberV2 withEmail(String newEmail) {
        return new MemberV2(id, newEmail, team, region, points);
    }
}
