package io.kvmapper.index;

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
 * @param <E> the entity type
 */
public record CounterDefinition<E>(String name, String signature, Function<E, byte[]> group,
        ToLongFunction<E> amount) {

    /** Checks the definition. */
    public CounterDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(signature, "signature");
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(amount, "amount");
    }

    /**
     * Whether this counter sums a field rather than counting entities: its groups can then be negative,
     * and an increment can bring one to zero.
     */
    public boolean isSum() {
        return signature.startsWith("sum(");
    }
}
