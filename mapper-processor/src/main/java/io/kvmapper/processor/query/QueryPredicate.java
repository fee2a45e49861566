package io.kvmapper.processor.query;

import io.kvmapper.processor.model.KeyPart;
import io.kvmapper.processor.model.PropertyPath;
import io.kvmapper.processor.query.parse.Operator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One predicate of a derived query, resolved against the entity.
 *
 * @param path the property it tests
 * @param operator what it says of it
 * @param parameters the names of the method parameters it takes, in order (none for IsNull, True, False)
 * @param keyPart the key component the property is, or null
 */
public record QueryPredicate(PropertyPath path, Operator operator, List<String> parameters, KeyPart keyPart) {
    public QueryPredicate {
        parameters = List.copyOf(parameters);
    }

    /** Whether it fixes one value: an equality, IsNull, True or False (not In). */
    public boolean fixesOneValue() {
        return operator.kind() == Operator.Kind.EQUALITY;
    }

    /** How the predicate reads in a plan: {@code age >= from}, {@code status in statuses}, {@code name is null}. */
    public String describe() {
        String property = path.dotted();
        return switch (operator) {
            case EQUAL -> property + " = " + parameters.get(0);
            case IN -> property + " in " + parameters.get(0);
            case IS_NULL -> property + " is null";
            case TRUE -> property + " is true";
            case FALSE -> property + " is false";
            case BETWEEN -> property + " in [" + parameters.get(0) + ", " + parameters.get(1) + ")";
            case LESS_THAN, BEFORE -> property + " < " + parameters.get(0);
            case LESS_THAN_EQUAL -> property + " <= " + parameters.get(0);
            case GREATER_THAN, AFTER -> property + " > " + parameters.get(0);
            case GREATER_THAN_EQUAL -> property + " >= " + parameters.get(0);
            case STARTING_WITH -> property + " starts with " + parameters.get(0);
        };
    }

    /** Several predicates joined with "and". */
    static String describe(List<QueryPredicate> predicates) {
        return predicates.stream().map(QueryPredicate::describe).collect(Collectors.joining(" and "));
    }
}
