package io.kvmapper.schema.document;

/**
 * An index or counter whose definition changed under its name, as {@link SchemaCompatibility#redefinitions}
 * finds it. Its stored entries or figures follow the old definition: the processor refuses the change, and
 * a store builds the component again from scratch.
 *
 * @param kind an index or a counter
 * @param name its name
 * @param recorded the recorded signature
 * @param current the current signature
 */
public record Redefinition(Kind kind, String name, String recorded, String current) {

    /** What was redefined. */
    public enum Kind {
        /** An index. */
        INDEX,
        /** A counter. */
        COUNTER
    }
}
