package io.kvmapper.processor.query.parse;

import java.util.List;

/**
 * What a predicate of a derived query says about its property, and the keywords that end the predicate to say
 * it ({@code AgeGreaterThanEqual}). Equality has no keyword of its own (Spring Data's {@code Is} and
 * {@code Equals} are accepted).
 */
public enum Operator {
    EQUAL(Kind.EQUALITY, 1, "Is", "Equals"),
    IN(Kind.IN, 1, "In", "IsIn"),
    IS_NULL(Kind.EQUALITY, 0, "IsNull", "Null"),
    TRUE(Kind.EQUALITY, 0, "True", "IsTrue"),
    FALSE(Kind.EQUALITY, 0, "False", "IsFalse"),
    BETWEEN(Kind.RANGE, 2, "Between", "IsBetween"),
    LESS_THAN(Kind.RANGE, 1, "LessThan", "IsLessThan"),
    LESS_THAN_EQUAL(Kind.RANGE, 1, "LessThanEqual", "IsLessThanEqual"),
    GREATER_THAN(Kind.RANGE, 1, "GreaterThan", "IsGreaterThan"),
    GREATER_THAN_EQUAL(Kind.RANGE, 1, "GreaterThanEqual", "IsGreaterThanEqual"),
    BEFORE(Kind.RANGE, 1, "Before", "IsBefore"),
    AFTER(Kind.RANGE, 1, "After", "IsAfter"),
    STARTING_WITH(Kind.RANGE, 1, "StartingWith", "IsStartingWith", "StartsWith");

    /** How a key or index can serve the operator. */
    public enum Kind {
        /** One value: part of an equality prefix. */
        EQUALITY,
        /** One value per element of a collection argument: one scan each, merged. */
        IN,
        /** A range over the element after the equality prefix. */
        RANGE
    }

    private final Kind kind;
    private final int arguments;
    private final List<String> keywords;

    Operator(Kind kind, int arguments, String... keywords) {
        this.kind = kind;
        this.arguments = arguments;
        this.keywords = List.of(keywords);
    }

    public Kind kind() {
        return kind;
    }

    /** How many method parameters the predicate takes. */
    public int arguments() {
        return arguments;
    }

    /** The keywords that end a predicate with this operator, the canonical one first. */
    public List<String> keywords() {
        return keywords;
    }

    /** The canonical keyword, or "" for equality, which needs none. */
    public String keyword() {
        return this == EQUAL ? "" : keywords.get(0);
    }

    /** Whether it bounds the value from below. */
    public boolean bindsLower() {
        return this == BETWEEN || this == GREATER_THAN || this == GREATER_THAN_EQUAL || this == AFTER
                || this == STARTING_WITH;
    }

    /** Whether it bounds the value from above. */
    public boolean bindsUpper() {
        return this == BETWEEN || this == LESS_THAN || this == LESS_THAN_EQUAL || this == BEFORE
                || this == STARTING_WITH;
    }
}
