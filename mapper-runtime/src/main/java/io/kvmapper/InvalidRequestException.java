package io.kvmapper;

/**
 * A call that cannot be served as made: a null key component, a continuation that belongs to another
 * query, a value that cannot be stored. Not retryable; fix the call.
 */
public class InvalidRequestException extends KvMapperException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception with a message naming the entity and what is wrong. */
    public InvalidRequestException(String message) {
        super(message);
    }

    /** Creates the exception with a message naming the entity and what is wrong, and a cause. */
    public InvalidRequestException(String message, Throwable cause) {
        super(message, cause);
    }
}
