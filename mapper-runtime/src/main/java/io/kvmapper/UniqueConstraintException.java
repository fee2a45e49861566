package io.kvmapper;

/** A write would give a unique index a second entity with the same value; the store is unchanged. */
public class UniqueConstraintException extends KvMapperException {
    private static final long serialVersionUID = 1L;
    private final String entity;
    private final String index;
    private final String value;

    /**
     * @param entity the entity name
     * @param index the unique index
     * @param value the contested value, as a decoded tuple
     * @param holder the key of the entity that holds the value, as a decoded tuple
     */
    public UniqueConstraintException(String entity, String index, String value, String holder) {
        super(entity + ": unique index \"" + index + "\" already maps value " + value + " to the entity with key "
                + holder);
        this.entity = entity;
        this.index = index;
        this.value = value;
    }

    /** The entity name. */
    public String entity() {
        return entity;
    }

    /** The unique index. */
    public String index() {
        return index;
    }

    /** The contested value, as a decoded tuple. */
    public String value() {
        return value;
    }
}
