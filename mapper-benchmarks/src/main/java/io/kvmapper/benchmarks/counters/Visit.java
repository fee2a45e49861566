package io.kvmapper.benchmarks.counters;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;

/**
 * A page visit with two hot counters, a total and a count per kind, and no index: an insert is an
 * existence check, the record and two counter adds ({@link io.kvmapper.benchmarks.CounterScale}).
 */
@Entity
@Counter(name = "total")
@Counter(name = "byKind", groupBy = "kind")
public record Visit(@Key long id, String page, Kind kind) {

    /** What the visitor did. */
    public enum Kind {
        VIEW, CLICK, SHARE
    }

    /** Visit {@code id}: one of a thousand pages, the kinds in turn. */
    public static Visit of(long id) {
        return new Visit(id, "/page/" + id % 1_000, Kind.values()[(int) (id % Kind.values().length)]);
    }
}
