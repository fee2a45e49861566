package io.kvmapper;

/**
 * Observes a store's repository operations and the conflicts of its units of work: the hook that metrics
 * (such as the Spring Boot starter's Micrometer timers) are built on. Register one with
 * {@link KvStore#addOperationListener} before creating repositories. A store without a listener does no
 * timing at all: neither clock reads nor allocations on its operations' path.
 *
 * <p>Called on the thread that ran the operation, after it ended; keep it quick and do not throw (a listener
 * that throws is logged and otherwise ignored). Must be thread-safe.
 */
public interface OperationListener {
    /**
     * One repository operation ended.
     *
     * @param entity the entity's stored name
     * @param operation the kind of operation, a small fixed set: {@code find}, {@code findAll}, {@code exists},
     *     {@code save}, {@code insert}, {@code delete}, {@code update}, {@code scan}, {@code count},
     *     {@code findByIndex}, {@code counter}, {@code verify}, {@code repair}, and {@code query} for a method of a
     *     {@code @Repository} interface (a {@code deleteBy} also reports a {@code delete} per entity it deletes)
     * @param nanos how long it took, in nanoseconds (for a stream: until it was opened)
     * @param failure what it threw, or null if it succeeded
     */
    void onOperation(String entity, String operation, long nanos, Throwable failure);

    /**
     * A unit of work conflicted with a concurrent writer and is about to run again (or, when
     * {@code retrying} is false, has used up its attempts and fails with {@link TransactionConflictException}).
     *
     * @param attempt the attempt that conflicted, from 1
     * @param retrying whether the unit of work runs again
     */
    default void onConflict(int attempt, boolean retrying) {
    }
}
