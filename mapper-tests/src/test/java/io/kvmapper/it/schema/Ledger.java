package io.kvmapper.it.schema;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;

/** Signed amounts per account: a sum counter whose groups can cancel out to zero. */
@Entity
@Counter(name = "balanceByAccount", groupBy = "account", sum = "amount")
public record Ledger(@Key long id, String account, long amount) {
}
