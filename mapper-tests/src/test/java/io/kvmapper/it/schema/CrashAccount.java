package io.kvmapper.it.schema;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Version;

/**
 * What the crash test's child process writes: a unique and a non-unique index, a global count, a count
 * per tier and a sum of balances per tier, and optimistic locking.
 */
@Entity
@Counter(name = "total")
@Counter(name = "byTier", groupBy = "tier")
@Counter(name = "balanceByTier", groupBy = "tier", sum = "balance")
public record CrashAccount(
        @Key long id,
        @Index(unique = true) String handle,
        @Index String tier,
        long balance,
        @Version long version) {
}
