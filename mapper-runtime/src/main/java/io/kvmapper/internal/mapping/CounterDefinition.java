package io.kvmapper.internal.mapping;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * One maintained counter of an entity, as the processor describes it.
 *
 * @param name the counter name, unique within the entity
 * @param signature a canonical description of the counter; one whose signature changes is rebuilt
 * @param group the encoded group tuple of an entity (empty for a global counter)
 * @param amount what an entity contributes: 1 for a count, the summed field for a sum
 * @param isSum whether it sums a field (a sum can reach zero going up, a count only going down)
 * @param <E> the entity type
 */
public record CounterDefinition<E>(String name, String signature, Function<E, byte[]> group,
        ToLongFunction<E> amount, boolean isSum) {

    /** Checks the definition. */
    public CounterDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(signature, "signature");
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(amount, "amount");
    }
}
