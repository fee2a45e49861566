package io.kvmapper.internal.operations;

import io.kvmapper.KvStore;
import io.kvmapper.OperationListener;
import io.kvmapper.internal.store.KvStoreImpl;

/**
 * One repository operation being timed for the store's {@link OperationListener}. A store without a listener
 * gets no timing: {@link #start} returns null, and {@link #failed} and {@link #end} do nothing with it, so the
 * default path reads no clock and allocates nothing.
 */
final class Timing {
    private final OperationListener listener;
    private final String entity;
    private final String operation;
    private final long started;
    private Throwable failure;

    private Timing(OperationListener listener, String entity, String operation) {
        this.listener = listener;
        this.entity = entity;
        this.operation = operation;
        this.started = System.nanoTime();
    }

    /** Starts timing {@code operation} of {@code entity}; null if the store has no listener. */
    static Timing start(KvStoreImpl store, String entity, String operation) {
        OperationListener listener = store.operationListener();
        return listener == null ? null : new Timing(listener, entity, operation);
    }

    /** Records that the operation threw {@code failure}. */
    static void failed(Timing timing, Throwable failure) {
        if (timing != null) {
            timing.failure = failure;
        }
    }

    /** Reports the ended operation; a listener that throws is logged, never passed to the caller. */
    static void end(Timing timing) {
        if (timing == null) {
            return;
        }
        long nanos = System.nanoTime() - timing.started;
        try {
            timing.listener.onOperation(timing.entity, timing.operation, nanos, timing.failure);
        } catch (RuntimeException e) {
            System.getLogger(KvStore.class.getName()).log(System.Logger.Level.WARNING,
                    "operation listener failed on " + timing.entity + " " + timing.operation, e);
        }
    }
}
