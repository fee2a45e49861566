package io.kvmapper.it.schema;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Version;

/** An older code version of {@link CrashAccount}: the same fields, without indexes and counters. */
@Entity(name = "CrashAccount")
public record CrashAccountV0(@Key long id, String handle, String tier, long balance, @Version long version) {
}
