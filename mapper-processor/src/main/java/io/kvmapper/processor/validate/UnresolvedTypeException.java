package io.kvmapper.processor.validate;

/** A type the entity refers to is not available yet; the processor defers the entity to a later round. */
public final class UnresolvedTypeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param typeName the type that did not resolve */
    public UnresolvedTypeException(String typeName) {
        super(typeName, null, false, false);
    }
}
