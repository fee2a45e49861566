package io.kvmapper;

import io.kvmapper.spi.KvBackend;
import io.kvmapper.spi.KvTransaction;
import io.kvmapper.tuple.ScalarType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * An open store: a backend plus the policies that generated repositories share. Open one with a
 * backend's factory, such as {@code RocksKvStore.open(path)}, and close it when done; it is safe for
 * concurrent use by many threads, and so are the repositories built on it.
 *
 * <p>Units of work run through {@link #transact(Function)}: the function's reads and writes (through
 * repositories obtained with {@code repository.with(tx)}) commit together or not at all. When a
 * concurrent writer conflicts, the whole function runs again, after a backoff, up to the limit of the
 * store's {@link RetryPolicy}; so the function must have no side effects outside the store.
 *
 * <p>Java cannot tell a one-argument lambda meant as a {@link Function} from one meant as a
 * {@link Consumer} when its body is a single method call: write a block body for
 * {@code transact(Consumer)} ({@code tx -> { repo.with(tx).save(u); }}) or declare the parameter type
 * for {@code transact(Function)} ({@code (Transaction tx) -> repo.with(tx).findById(1)}).
 */
public final class KvStore implements AutoCloseable {
    private final KvBackend backend;
    private final RetryPolicy retryPolicy;
    private final Map<Class<?>, Object> components = new ConcurrentHashMap<>();
    private final List<ProgressListener> listeners = new CopyOnWriteArrayList<>();

    private KvStore(KvBackend backend, RetryPolicy retryPolicy) {
        this.backend = Objects.requireNonNull(backend, "backend");
        this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
    }

    /** A store over {@code backend} with the {@linkplain RetryPolicy#DEFAULT default retry policy}. */
    public static KvStore of(KvBackend backend) {
        return new KvStore(backend, RetryPolicy.DEFAULT);
    }

    /** A store over {@code backend} that retries conflicting units of work as {@code retryPolicy} says. */
    public static KvStore of(KvBackend backend, RetryPolicy retryPolicy) {
        return new KvStore(backend, retryPolicy);
    }

    /**
     * Runs {@code work} as one atomic unit and returns its result, retrying on conflict.
     *
     * @throws TransactionConflictException if every attempt conflicted
     */
    @SuppressWarnings("overloads") // both overloads are the documented API; see the class comment
    public <T> T transact(Function<Transaction, T> work) {
        Objects.requireNonNull(work, "work");
        for (int attempt = 1; ; attempt++) {
            try (KvTransaction kv = backend.beginTransaction()) {
                T result = work.apply(new Transaction(this, kv));
                kv.commit();
                return result;
            } catch (TransactionConflictException e) {
                if (attempt >= retryPolicy.maxAttempts()) {
                    throw new TransactionConflictException("unit of work still conflicted after " + attempt
                            + " attempts; reduce contention or raise RetryPolicy.maxAttempts", e);
                }
                sleep(retryPolicy.backoff(attempt));
            }
        }
    }

    /**
     * Runs {@code work} as one atomic unit, retrying on conflict.
     *
     * @throws TransactionConflictException if every attempt conflicted
     */
    @SuppressWarnings("overloads") // both overloads are the documented API; see the class comment
    public void transact(Consumer<Transaction> work) {
        Objects.requireNonNull(work, "work");
        transact(tx -> {
            work.accept(tx);
            return null;
        });
    }

    /**
     * The multimap {@code name}, whose keys and values are of the given scalar types (see
     * {@link Multimap}). Opening one is cheap; every multimap of one name in a store shares its data, so
     * open it with the same types each time.
     *
     * @throws IllegalArgumentException if a type has no tuple encoding
     */
    public <K, V> Multimap<K, V> multimap(String name, Class<K> keyType, Class<V> valueType) {
        return new Multimap<>(this, name, ScalarType.of(keyType), ScalarType.of(valueType), false, null);
    }

    /** The backend, for generated code and custom data structures. */
    public KvBackend backend() {
        return backend;
    }

    /**
     * Receives progress reports of this store's long-running tasks (online index and counter builds).
     * Add listeners before creating repositories to see every report.
     */
    public void addProgressListener(ProgressListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
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

    /**
     * Waits until every online index and counter build of this store has finished (successfully or
     * not).
     *
     * @return whether they finished within {@code timeout}
     */
    public boolean awaitSchemaBuilds(Duration timeout) {
        for (Object component : components.values()) {
            if (component instanceof BackgroundWork work && !work.awaitIdle(timeout)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The store's single instance of {@code type}, created by {@code factory} on first use: per-store
     * state of the runtime, such as the schema registry. Closed with the store if it is
     * {@link AutoCloseable}.
     */
    public <T> T component(Class<T> type, Function<KvStore, T> factory) {
        return type.cast(components.computeIfAbsent(type, t -> factory.apply(this)));
    }

    /** Stops background work, then closes the backend and releases every resource it holds. Idempotent. */
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
