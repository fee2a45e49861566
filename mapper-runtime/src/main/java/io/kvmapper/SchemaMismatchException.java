package io.kvmapper;

/** The store was written with a schema the code cannot read. */
public class SchemaMismatchException extends KvMapperException {
    private static final long serialVersionUID = 1L;

    /**
     * @param entity the entity name
     * @param difference what differs, and how to proceed
     */
    public SchemaMismatchException(String entity, String difference) {
        super(entity + ": the stored schema does not match the code: " + difference);
    }
}
