package io.kvmapper.it.fuzz;

import io.kvmapper.annotation.Codec;
import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;

/** A specimen stored as one Protobuf value. */
@Entity(codec = Codec.PROTOBUF)
@Index(name = "cityAndPoints", fields = {"place.city", "points"})
@Counter(name = "total")
@Counter(name = "byStatus", groupBy = "status")
@Counter(name = "byScore", groupBy = "score")
@Counter(name = "pointsByCity", groupBy = "place.city", sum = "points")
public class ProtoSpecimen extends Specimen {
    public ProtoSpecimen() {
    }
}
