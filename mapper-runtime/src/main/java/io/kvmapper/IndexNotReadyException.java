package io.kvmapper;

/**
 * A finder or counter getter used an index or counter that is not usable yet: it is being built online
 * from existing records (retryable: it becomes usable when the build completes, see
 * {@link KvStore#awaitSchemaBuilds}), or its build failed (not retryable: the message says why, for
 * example the duplicate values that stop a unique index).
 */
public class IndexNotReadyException extends KvMapperException {
    private static final long serialVersionUID = 1L;
    private final boolean building;

    /**
     * @param message names the entity, the index or counter, and its state
     * @param building whether a build is under way (so retrying later can help)
     */
    public IndexNotReadyException(String message, boolean building) {
        super(message);
        this.building = building;
    }

    @Override
    public boolean isRetryable() {
        return building;
    }
}
