package io.kvmapper;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One page of a list finder's results.
 *
 * @param items the items, in the finder's order
 * @param continuation resumes with the next page through {@link PageRequest#resume}; empty on the
 *     last page
 * @param <T> the item type
 */
public record Page<T>(List<T> items, Optional<String> continuation) {
    /** Copies the items. */
    public Page {
        items = List.copyOf(items);
        Objects.requireNonNull(continuation, "continuation");
    }

    /** Whether another page follows. */
    public boolean hasNext() {
        return continuation.isPresent();
    }
}
