package io.kvmapper;

/** The backend failed (an I/O error, a full disk, a lost connection), as opposed to a data problem. */
public class StorageException extends KvMapperException {
    private static final long serialVersionUID = 1L;
    private final boolean retryable;

    /**
     * @param message what was being done
     * @param cause the backend's error
     * @param retryable whether the same work may succeed if run again
     */
    public StorageException(String message, Throwable cause, boolean retryable) {
        super(message, cause);
        this.retryable = retryable;
    }

    @Override
    public boolean isRetryable() {
        return retryable;
    }
}
