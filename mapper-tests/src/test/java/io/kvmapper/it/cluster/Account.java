package io.kvmapper.it.cluster;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Version;

/**
 * What the three-node failure test writes: a unique and a non-unique index, a count, a count per group
 * and a sum per group, and a version, so that every kind of write the repositories make (claims, checked
 * writes, logged batches, counter adds) meets the failure.
 */
@Entity
@Counter(name = "total")
@Counter(name = "byTier", groupBy = "tier")
@Counter(name = "balanceByTier", groupBy = "tier", sum = "balance")
public record Account(@Key long id, @Index(unique = true) String email, @Index String tier, long balance,
        @Version long version) {

    Account withEmail(String newEmail) {
        return new Account(id, newEmail, tier, balance, version);
    }

    Account withTier(String newTier) {
        return new Account(id, email, newTier, balance, version);
    }

    Account withBalance(long newBalance) {
        return new Account(id, email, tier, newBalance, version);
    }

    Account withVersion(long newVersion) {
        return new Account(id, email, tier, balance, newVersion);
    }
}
