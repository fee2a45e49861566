package io.kvmapper.it.schema;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;

/** An older code version of {@link Ledger}, without its sum counter. */
@Entity(name = "Ledger")
public record LedgerV0(@Key long id, String account, long amount) {
}
