package io.kvmapper.cli.entities;

import io.kvmapper.annotation.Embedded;
import java.util.List;

/** An embedded object holding another, with a primitive an index reaches through it. */
public record Dims(int width, Integer height, String unit, @Embedded Origin origin, List<Double> samples) {
    /** The object inside the object. */
    public record Origin(long x, Long y, String label) {
    }
}
