package io.kvmapper.processor.query;

/** What a derived query method returns. */
public enum ReturnKind {
    /** {@code List<E>}. */
    LIST,
    /** {@code Stream<E>}, which must be closed. */
    STREAM,
    /** {@code Page<E>}, with a last {@code PageRequest} parameter. */
    PAGE,
    /** {@code Optional<E>}. */
    OPTIONAL,
    /** {@code E}, null if none. */
    ENTITY,
    /** {@code long}: how many. */
    COUNT,
    /** {@code boolean}: whether there is one. */
    EXISTS,
    /** {@code long}: how many were deleted. */
    DELETE_COUNT,
    /** {@code void}: deletes. */
    DELETE_VOID
}
