package io.kvmapper;

/** A save carried a stale {@code @Version}: someone else saved the entity since it was read. */
public class OptimisticLockException extends KvMapperException {
    private static final long serialVersionUID = 1L;

    /**
     * @param entity the entity name
     * @param key the primary key, as a decoded tuple
     * @param expected the version the caller's copy carries
     * @param actual the version in the store
     */
    public OptimisticLockException(String entity, String key, long expected, long actual) {
        super(entity + " " + key + ": version " + expected + " is stale, the store holds version " + actual
                + "; read the entity again and reapply the change");
    }
}
