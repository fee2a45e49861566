package io.kvmapper.internal.store;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvMapperException;
import io.kvmapper.KvStore;
import io.kvmapper.Multimap;
import io.kvmapper.OperationListener;
import io.kvmapper.Progress;
import io.kvmapper.ProgressListener;
import io.kvmapper.RetryPolicy;
import io.kvmapper.StorageException;
import io.kvmapper.StoreCopy;
import io.kvmapper.StoreOptions;
import io.kvmapper.Transaction;
import io.kvmapper.TransactionConflictException;
import io.kvmapper.internal.tuple.ScalarType;
import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvTransaction;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The one implementation of {@link KvStore}: a backend plus the policies and per-store state that generated
 * repositories share. Backends' openers create it with {@link #open}; the runtime reaches what users do not
 * see (the backend, per-store components, progress reports) through {@link #of}.
 */
public final class KvStoreImpl implements KvStore {
    private final KvBackend backend;
    private final RetryPolicy retryPolicy;
    private final Clock clock;
    private final Duration expiryInterval;
    private final int reapRate;
    private final Map<Class<?>, Object> components = new ConcurrentHashMap<>();
    private final List<ProgressListener> listeners = new CopyOnWriteArrayList<>();
    /** Null while no listener is registered: the check that keeps operations untimed by default. */
    private volatile OperationListener operationListener;

    private KvStoreImpl(KvBackend backend, RetryPolicy retryPolicy, Clock clock, Duration expiryInterval,
            int reapRate) {
        this.backend = Objects.requireNonNull(backend, "backend");
        this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.expiryInterval = Objects.requireNonNull(expiryInterval, "expiryInterval");
        this.reapRate = reapRate;
    }

    /**
     * A store over {@code backend} with the settings of {@code options}, which every backend's options builder
     * shares; closing it closes the backend. What a backend's opener returns.
     */
    public static KvStore open(KvBackend backend, StoreOptions<?> options) {
        Objects.requireNonNull(options, "options");
        return new KvStoreImpl(backend, options.retryPolicy(), options.clock(), options.expiryInterval(),
                options.reapRate());
    }

    /**
     * A store over {@code backend} that retries failed units of work as {@code retryPolicy} says, with the
     * default clock and expiry settings ({@link StoreOptions}); closing it closes the backend.
     */
    public static KvStore open(KvBackend backend, RetryPolicy retryPolicy) {
        return new KvStoreImpl(backend, retryPolicy, Clock.systemUTC(), StoreOptions.DEFAULT_EXPIRY_INTERVAL,
                StoreOptions.DEFAULT_REAP_RATE);
    }

    /**
     * The implementation behind {@code store}.
     *
     * @throws InvalidRequestException if {@code store} is not a KV Mapper store (nor wraps one)
     */
    public static KvStoreImpl of(KvStore store) {
        Objects.requireNonNull(store, "store");
        if (store instanceof KvStoreImpl impl) {
            return impl;
        }
        return store.unwrap(KvStoreImpl.class);
    }

    /** The backend. */
    public KvBackend backend() {
        return backend;
    }

    /** The clock the store tells time by: expiry, and when changes of change feeds were committed. */
    public Clock clock() {
        return clock;
    }

    /** The interval between the rounds of the store's background reaper and change feed pruning. */
    public Duration expiryInterval() {
        return expiryInterval;
    }

    /** The most expired entities the background reaper deletes per second. */
    public int reapRate() {
        return reapRate;
    }

    /**
     * {@inheritDoc} The work is the store's {@link Reaper} component's, which entities with an expiry register
     * with when they are opened; without one, there is nothing to reap.
     */
    @Override
    public long reapExpired() {
        long reaped = 0;
        for (Object component : components.values()) {
            if (component instanceof Reaper reaper) {
                reaped += reaper.reapExpired();
            }
        }
        return reaped;
    }

    @Override
    public void transact(Consumer<Transaction> work) {
        Objects.requireNonNull(work, "work");
        transactResult(tx -> {
            work.accept(tx);
            return null;
        });
    }

    /**
     * {@inheritDoc} Every {@linkplain KvMapperException#isRetryable() retryable} failure is run again with the
     * policy's backoff, not only conflicts: a unit blocked by an index or counter under construction
     * ({@link io.kvmapper.IndexNotReadyException}), a backend that was busy. Anything else ends the unit at once.
     */
    @Override
    public <T> T transactResult(Function<Transaction, T> work) {
        Objects.requireNonNull(work, "work");
        for (int attempt = 1; ; attempt++) {
            try (KvTransaction kv = backend.beginTransaction()) {
                T result = work.apply(new TransactionImpl(this, kv));
                kv.commit();
                return result;
            } catch (KvMapperException e) {
                if (!e.isRetryable()) {
                    throw e;
                }
                boolean retrying = attempt < retryPolicy.maxAttempts();
                OperationListener listener = operationListener;
                if (listener != null && e instanceof TransactionConflictException) {
                    notifyConflict(listener, attempt, retrying);
                }
                if (!retrying) {
                    throw exhausted(e, attempt);
                }
                sleep(retryPolicy.backoff(attempt));
            }
        }
    }

    /**
     * What a unit of work throws when its last attempt failed with the retryable {@code last}: a conflict says
     * how many attempts were made (the caller's remedy is less contention or more attempts); any other failure
     * is thrown as it is, since its message already says what to wait for.
     */
    private static KvMapperException exhausted(KvMapperException last, int attempts) {
        if (last instanceof TransactionConflictException) {
            return new TransactionConflictException("unit of work still conflicted after " + attempts
                    + " attempts; reduce contention or raise RetryPolicy.maxAttempts", last);
        }
        return last;
    }

    /**
     * Runs {@code work} on a backend transaction as one unit of work, retried as {@link #transactResult} retries:
     * for the runtime's own units of work, which need no {@link Transaction}.
     */
    public <T> T transactKvResult(Function<KvTransaction, T> work) {
        Objects.requireNonNull(work, "work");
        return transactResult(tx -> work.apply(((TransactionImpl) tx).kv()));
    }

    /** {@link #transactKvResult} for work that returns nothing. */
    public void transactKv(Consumer<KvTransaction> work) {
        Objects.requireNonNull(work, "work");
        transactKvResult(kv -> {
            work.accept(kv);
            return null;
        });
    }

    @Override
    public <K, V> Multimap<K, V> multimap(String name, Class<K> keyType, Class<V> valueType) {
        ScalarType<K> keys;
        ScalarType<V> values;
        try {
            keys = ScalarType.of(keyType);
            values = ScalarType.of(valueType);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("multimap " + name + ": " + e.getMessage());
        }
        return new MultimapImpl<>(this, name, keys, values, false, null);
    }

    @Override
    public StoreCopy copy() {
        return new StoreCopier(this);
    }

    @Override
    public void addProgressListener(ProgressListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    @Override
    public synchronized void addOperationListener(OperationListener listener) {
        Objects.requireNonNull(listener, "listener");
        OperationListener first = operationListener;
        operationListener = first == null ? listener : new OperationListeners(first, listener);
    }

    /** The listener of repository operations, or null if there is none (then operations are not timed). */
    public OperationListener operationListener() {
        return operationListener;
    }

    private static void notifyConflict(OperationListener listener, int attempt, boolean retrying) {
        try {
            listener.onConflict(attempt, retrying);
        } catch (RuntimeException e) {
            System.getLogger(KvStore.class.getName()).log(System.Logger.Level.WARNING,
                    "operation listener failed on a conflict", e);
        }
    }

    /** Sends {@code progress} to every listener; a failing listener does not stop the others or the task. */
    public void reportProgress(Progress progress) {
        for (ProgressListener listener : listeners) {
            try {
                listener.onProgress(progress);
            } catch (RuntimeException e) {
                System.getLogger(KvStore.class.getName()).log(System.Logger.Level.WARNING,
                        "progress listener failed on " + progress, e);
            }
        }
    }

    @Override
    public boolean awaitSchemaBuilds(Duration timeout) {
        for (Object component : components.values()) {
            if (component instanceof BackgroundWork work && !work.awaitIdle(timeout)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The store's single instance of {@code type}, created by {@code factory} on first use: per-store state of
     * the runtime, such as the schema registry. Closed with the store if it is {@link AutoCloseable}.
     */
    public <T> T component(Class<T> type, Function<KvStoreImpl, T> factory) {
        Object existing = components.get(type);
        if (existing == null) {
            existing = components.computeIfAbsent(type, t -> factory.apply(this));
        }
        return type.cast(existing);
    }

    @Override
    public <T> T unwrap(Class<T> type) {
        Objects.requireNonNull(type, "type");
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        if (type.isInstance(backend)) {
            return type.cast(backend);
        }
        throw new InvalidRequestException("this store is not a " + type.getName() + " and its backend, " + backend
                + ", is not one either");
    }

    @Override
    public void close() {
        StorageException failure = null;
        for (Object component : components.values()) {
            if (component instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    if (failure == null) {
                        failure = new StorageException("could not stop the store's background work", e, false);
                    } else {
                        failure.addSuppressed(e);
                    }
                }
            }
        }
        backend.close();
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public String toString() {
        return "KvStore[" + backend + "]";
    }

    /** The store component that deletes expired entities ({@link #reapExpired()}). */
    public interface Reaper {
        /** Deletes every entity expired by now, of every entity type it knows; how many. */
        long reapExpired();
    }

    /** A store component that runs work in the background. */
    public interface BackgroundWork {
        /** Waits until no work is pending or running; whether that happened within {@code timeout}. */
        boolean awaitIdle(Duration timeout);
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis(), duration.toNanosPart() % 1_000_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageException("interrupted while backing off before a retry", e, false);
        }
    }
}
