package io.kvmapper;

/** An {@code insert} found an entity with the same primary key already stored. */
public class DuplicateKeyException extends KvMapperException {
    private static final long serialVersionUID = 1L;
    private final String entity;
    private final String key;

    /**
     * @param entity the entity name
     * @param key the primary key, as a decoded tuple
     */
    public DuplicateKeyException(String entity, String key) {
        super(entity + ": an entity with key " + key + " already exists; use save() to replace it");
        this.entity = entity;
        this.key = key;
    }

    /** The entity name. */
    public String entity() {
        return entity;
    }

    /** The primary key, as a decoded tuple. */
    public String key() {
        return key;
    }
}
