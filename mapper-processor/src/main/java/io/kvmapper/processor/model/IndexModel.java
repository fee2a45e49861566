package io.kvmapper.processor.model;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A secondary index.
 *
 * @param name the index name, which also names its finders
 * @param unique whether values are unique
 * @param paths the indexed paths, in order
 */
public record IndexModel(String name, boolean unique, List<PropertyPath> paths) {
    /** The canonical description stored in the schema area. */
    public String signature() {
        return (unique ? "unique(" : "index(") + paths.stream().map(PropertyPath::signature)
                .collect(Collectors.joining(",")) + ")";
    }
}
