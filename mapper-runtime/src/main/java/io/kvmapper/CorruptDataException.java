package io.kvmapper;

/**
 * Bytes in the store are not what the schema says they are. Never retryable: the data must be
 * repaired or restored.
 */
public class CorruptDataException extends KvMapperException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception with a message that names the key and what is wrong. */
    public CorruptDataException(String message) {
        super(message);
    }

    /** Creates the exception with a message that names the key and what is wrong, and the cause. */
    public CorruptDataException(String message, Throwable cause) {
        super(message, cause);
    }
}
