package io.kvmapper.internal.index;

/**
 * The check of one index or counter against the records that an integrity check streams past it: first every
 * record, in bounded batches (what the records say the component must hold), then the component's own items
 * (what it holds that no record accounts for, or holds wrongly). Problems and repairs go to the
 * {@link CheckContext} that created it.
 *
 * @param <E> the entity type
 */
public interface ComponentCheck<E> {
    /** Notes what the record under {@code recordKey} must have in the component. */
    void record(byte[] recordKey, E entity);

    /** Checks (and repairs) what the records noted since the last batch ended. */
    void endRecordBatch();

    /** Once every record is noted: checks (and repairs) every item the component holds. */
    void checkItems();
}
