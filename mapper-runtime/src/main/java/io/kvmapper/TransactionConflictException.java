package io.kvmapper;

/**
 * A unit of work conflicted with a concurrent writer and could not commit. Retryable:
 * {@link KvStore#transact} retries with backoff and throws this only when its attempts run out.
 */
public class TransactionConflictException extends KvMapperException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception with a message. */
    public TransactionConflictException(String message) {
        super(message);
    }

    /** Creates the exception with a message and the backend's cause. */
    public TransactionConflictException(String message, Throwable cause) {
        super(message, cause);
    }

    @Override
    public boolean isRetryable() {
        return true;
    }
}
