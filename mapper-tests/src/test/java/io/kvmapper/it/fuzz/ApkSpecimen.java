package io.kvmapper.it.fuzz;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Layout;

/** A specimen stored one key per attribute, element and map entry. */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
@Index(name = "cityAndPoints", fields = {"place.city", "points"})
@Counter(name = "total")
@Counter(name = "byStatus", groupBy = "status")
@Counter(name = "byScore", groupBy = "score")
@Counter(name = "pointsByCity", groupBy = "place.city", sum = "points")
public class ApkSpecimen extends Specimen {
    public ApkSpecimen() {
    }
}
