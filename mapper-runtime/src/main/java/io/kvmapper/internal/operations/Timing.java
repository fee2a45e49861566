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

    /** Work that {@link #timed} runs: a method of {@code S} taking one argument. */
    @FunctionalInterface
    interface Work1<S, A, T> {
        /** Does the work for {@code self}. */
        T run(S self, A a);
    }

    /** Work that {@link #timed} runs: a method of {@code S} taking two arguments. */
    @FunctionalInterface
    interface Work2<S, A, B, T> {
        /** Does the work for {@code self}. */
        T run(S self, A a, B b);
    }

    /** Work that {@link #timed} runs: a method of {@code S} taking three arguments. */
    @FunctionalInterface
    interface Work3<S, A, B, C, T> {
        /** Does the work for {@code self}. */
        T run(S self, A a, B b, C c);
    }

    /**
     * Runs {@code work} on {@code self} with {@code a}, {@code b} and {@code c}, timed as {@code operation} of
     * {@code entity} for the store's listener: a failure is reported with the time it took, then rethrown. Pass a
     * method reference or a lambda that captures nothing, so that a store without a listener allocates nothing
     * here and reads no clock ({@link #start} returns null).
     */
    static <S, A, B, C, T> T timed(KvStoreImpl store, String entity, String operation, Work3<S, A, B, C, T> work,
            S self, A a, B b, C c) {
        Timing timing = start(store, entity, operation);
        try {
            return work.run(self, a, b, c);
        } catch (RuntimeException | Error e) {
            failed(timing, e);
            throw e;
        } finally {
            end(timing);
        }
    }

    /** As {@link #timed(KvStoreImpl, String, String, Work3, Object, Object, Object, Object)}, for two arguments. */
    static <S, A, B, T> T timed(KvStoreImpl store, String entity, String operation, Work2<S, A, B, T> work, S self,
            A a, B b) {
        return timed(store, entity, operation, Timing::runTwo, self, work, a, b);
    }

    /** As {@link #timed(KvStoreImpl, String, String, Work3, Object, Object, Object, Object)}, for one argument. */
    static <S, A, T> T timed(KvStoreImpl store, String entity, String operation, Work1<S, A, T> work, S self, A a) {
        return timed(store, entity, operation, Timing::runOne, self, work, a, null);
    }

    /** Work that {@link #timedLong} runs: a method of {@code S} taking two arguments and returning a long. */
    @FunctionalInterface
    interface LongWork<S, A, B> {
        /** Does the work for {@code self}. */
        long run(S self, A a, B b);
    }

    /**
     * As {@link #timed(KvStoreImpl, String, String, Work3, Object, Object, Object, Object)}, for work that returns
     * a long: unboxed, so that a counter read allocates nothing here either.
     */
    static <S, A, B> long timedLong(KvStoreImpl store, String entity, String operation, LongWork<S, A, B> work,
            S self, A a, B b) {
        Timing timing = start(store, entity, operation);
        try {
            return work.run(self, a, b);
        } catch (RuntimeException | Error e) {
            failed(timing, e);
            throw e;
        } finally {
            end(timing);
        }
    }

    private static <S, A, B, T> T runTwo(S self, Work2<S, A, B, T> work, A a, B b) {
        return work.run(self, a, b);
    }

    private static <S, A, T> T runOne(S self, Work1<S, A, T> work, A a, Object unused) {
        return work.run(self, a);
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
