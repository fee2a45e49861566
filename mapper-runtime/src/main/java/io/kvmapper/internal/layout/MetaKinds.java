package io.kvmapper.internal.layout;

/** The kinds of metadata keys under an entity's metadata area. */
public final class MetaKinds {
    /**
     * The schema the entity was last opened with (name {@value #SCHEMA_NAME}): the tuple {@code (version,
     * json)}, the JSON being the entity's schema document with every field the store has seen.
     */
    public static final String SCHEMA = "schema";
    /** The name of the one metadata key of kind {@link #SCHEMA}. */
    public static final String SCHEMA_NAME = "current";
    /** An index's definition and state. */
    public static final String INDEX = "index";
    /** A counter's definition and state. */
    public static final String COUNTER = "counter";
    /** How far an index's online build has come: the last record key it covered (empty: none). */
    public static final String INDEX_CURSOR = "index-build";
    /** How far a counter's online build has come. */
    public static final String COUNTER_CURSOR = "counter-build";
    /** Bumped by writes the counter's build has not reached yet; every batch of the build reads it. */
    public static final String COUNTER_FENCE = "counter-fence";
    /**
     * The duplicates a unique index's online build has met so far, {@code (count, description...)}, so
     * that a build resumed after a restart still fails on them.
     */
    public static final String INDEX_DUPLICATES = "index-duplicates";
    /** Never written (a counter has no duplicates); reserved so that every component has the same keys. */
    public static final String COUNTER_DUPLICATES = "counter-duplicates";
    /** The expiry index's definition and state (named after the {@code @Expires} field). */
    public static final String EXPIRY = "expiry";
    /** How far the expiry index's online build has come. */
    public static final String EXPIRY_CURSOR = "expiry-build";
    /** Never written (an expiry index has no duplicates); reserved so that every component has the same keys. */
    public static final String EXPIRY_DUPLICATES = "expiry-duplicates";

    private MetaKinds() {
    }
}
