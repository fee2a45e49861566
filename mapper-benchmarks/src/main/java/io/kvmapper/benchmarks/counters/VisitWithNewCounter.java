package io.kvmapper.benchmarks.counters;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;

/**
 * The stored entity "Visit" as a later code version sees it: the same fields and counters, plus a new
 * count per kind, which a store of existing visits builds online when this version first opens it.
 */
@Entity(name = "Visit")
@Counter(name = "total")
@Counter(name = "byKind", groupBy = "kind")
@Counter(name = "kinds", groupBy = "kind")
public record VisitWithNewCounter(@Key long id, String page, Visit.Kind kind) {
}
