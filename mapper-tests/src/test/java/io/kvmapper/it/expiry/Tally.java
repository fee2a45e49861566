package io.kvmapper.it.expiry;

import io.kvmapper.annotation.ChangeFeed;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Version;

/**
 * What the concurrent change feed test writes: tally {@code 0} counts every unit of work that commits, and each
 * unit of work also stamps one other tally with the count it gave tally 0, so the feed shows the commit order.
 *
 * @param id the key; 0 is the global count
 * @param count for tally 0, how many units of work committed; for the others, the count of the last one that
 *     changed them
 * @param version goes up with each write
 */
@Entity
@ChangeFeed
public record Tally(@Key long id, long count, @Version long version) {
}
