package io.kvmapper;

/**
 * The root of every exception KV Mapper throws. Each subclass carries a fixed message plus the
 * context that explains it (entity, index, key as a decoded tuple) and says whether retrying the
 * same operation can help.
 */
public class KvMapperException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Creates an exception with a message. */
    public KvMapperException(String message) {
        super(message);
    }

    /** Creates an exception with a message and a cause. */
    public KvMapperException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * Whether running the same unit of work again may succeed. {@link KvStore#transact} retries
     * retryable failures by itself.
     */
    public boolean isRetryable() {
        return false;
    }
}
