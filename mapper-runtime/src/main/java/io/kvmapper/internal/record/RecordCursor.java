package io.kvmapper.internal.record;

/**
 * A streamed scan over an entity's records in key order, one entity per record whatever the layout.
 * Holds a backend cursor until closed; {@link #close()} is idempotent.
 *
 * @param <E> the entity type
 */
public interface RecordCursor<E> extends AutoCloseable {
    /** Whether another record follows (within the scan's limit); decodes nothing. */
    boolean hasNext();

    /**
     * Decodes the next record.
     *
     * @throws io.kvmapper.CorruptDataException naming the entity and key if the record is corrupt; the
     *     cursor has then moved past it, so the scan can go on
     */
    E next();

    /** The key of the record {@link #next()} last returned or failed on. */
    byte[] key();

    @Override
    void close();
}
