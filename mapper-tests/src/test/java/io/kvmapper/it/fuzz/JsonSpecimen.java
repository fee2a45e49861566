package io.kvmapper.it.fuzz;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;

/** A specimen stored as one JSON value. */
@Entity
@Index(name = "cityAndPoints", fields = {"place.city", "points"})
@Counter(name = "total")
@Counter(name = "byStatus", groupBy = "status")
@Counter(name = "byScore", groupBy = "score")
@Counter(name = "pointsByCity", groupBy = "place.city", sum = "points")
public class JsonSpecimen extends Specimen {
    public JsonSpecimen() {
    }
}
