package io.kvmapper.processor.model;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A maintained counter: a count of entities, or a sum of a field, per group.
 *
 * @param name the counter name
 * @param groupBy the paths whose values form a group; empty for one global figure
 * @param sum the summed field, or empty for a count
 */
public record CounterModel(String name, List<PropertyPath> groupBy, Optional<PropertyPath> sum) {
    /** The canonical description stored in the schema area. */
    public String signature() {
        return (sum.isPresent() ? "sum(" + sum.get().signature() + ";" : "count(")
                + groupBy.stream().map(PropertyPath::signature).collect(Collectors.joining(",")) + ")";
    }
}
