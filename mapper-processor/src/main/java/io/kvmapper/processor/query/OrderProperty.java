package io.kvmapper.processor.query;

import io.kvmapper.processor.model.PropertyPath;

/**
 * One property of a derived query's {@code OrderBy}, resolved.
 *
 * @param path the property
 * @param descending whether largest comes first
 */
public record OrderProperty(PropertyPath path, boolean descending) {
    /** "age desc". */
    public String describe() {
        return path.dotted() + (descending ? " desc" : "");
    }
}
