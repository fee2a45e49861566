package io.kvmapper.annotation;

/**
 * How an entity's value is laid out in the store.
 *
 * @see Entity#layout()
 */
public enum Layout {
    /** The whole entity is encoded into one value under its primary key. */
    MONOLITHIC,
    /** Each attribute, and each element of a collection attribute, is stored under its own key. */
    ATTRIBUTE_PER_KEY
}
