package io.kvmapper.internal.operations;

import io.kvmapper.StoreClosedException;
import io.kvmapper.internal.store.KvStoreImpl;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One store's reaper: deletes the entities that have expired ({@code @Expires}) through their expiry indexes, and
 * the changes of change feeds older than their retention, every {@code expiryInterval} on a background thread and
 * on {@link KvStoreImpl#reapExpired()}. It knows the entities this process has opened: each registers when its
 * operations are first created on the store.
 *
 * <p>Each entity is reaped in units of work of at most {@value EntityOperations#REAP_BATCH} entities, each deleted
 * through the one write path (its index entries, its counter contributions, a {@code DELETE} change), so a crash
 * leaves whole units of work behind and nothing half reaped. In the background the reaper deletes at most
 * {@code reapRate} entities per second, sleeping between units of work, so a mass expiry does not crowd out the
 * application's writes; an explicit {@link #reapExpired()} does not pace itself. One round runs at a time.
 */
final class StoreReaper implements KvStoreImpl.Reaper, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(StoreReaper.class.getName());

    private final KvStoreImpl store;
    private final List<EntityOperations<?>> expiring = new CopyOnWriteArrayList<>();
    private final List<EntityOperations<?>> feeds = new CopyOnWriteArrayList<>();
    private final ReentrantLock rounds = new ReentrantLock();
    private ScheduledExecutorService background;
    private volatile boolean closed;

    /** The reaper of {@code store}; obtain it through {@link KvStoreImpl#component}. */
    StoreReaper(KvStoreImpl store) {
        this.store = store;
    }

    /** Reaps {@code entity}'s expired entities from now on. */
    void reapExpired(EntityOperations<?> entity) {
        expiring.add(entity);
        startBackground();
    }

    /** Prunes {@code entity}'s change feed from now on. */
    void pruneChanges(EntityOperations<?> entity) {
        feeds.add(entity);
        startBackground();
    }

    @Override
    public long reapExpired() {
        return round(false);
    }

    /**
     * One round: every expiring entity's expired entities, then every feed's old changes.
     *
     * @param paced whether to keep to the store's reap rate
     * @return how many entities it reaped
     */
    private long round(boolean paced) {
        rounds.lock();
        try {
            long reaped = 0;
            for (EntityOperations<?> entity : expiring) {
                reaped += entity.reapExpired(store.clock().instant(), paced ? this::pace : count -> { });
            }
            for (EntityOperations<?> entity : feeds) {
                entity.pruneChanges(store.clock().instant());
            }
            return reaped;
        } finally {
            rounds.unlock();
        }
    }

    /** Sleeps as long as deleting {@code reaped} entities takes at the store's reap rate. */
    private void pace(int reaped) {
        long nanos = reaped * TimeUnit.SECONDS.toNanos(1) / store.reapRate();
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreClosedException("the store is closing; the reaper stops");
        }
    }

    private synchronized void startBackground() {
        if (background != null || closed || store.backend().isReadOnly()) {
            return; // on a read-only store (a tool looking in) every round would fail its first write
        }
        ThreadFactory threads = task -> {
            Thread thread = new Thread(task, "kvmapper-reaper " + store);
            thread.setDaemon(true);
            return thread;
        };
        background = Executors.newSingleThreadScheduledExecutor(threads);
        long interval = store.expiryInterval().toNanos();
        background.scheduleWithFixedDelay(this::backgroundRound, interval, interval, TimeUnit.NANOSECONDS);
    }

    private void backgroundRound() {
        if (closed) {
            return;
        }
        try {
            round(true);
        } catch (StoreClosedException e) {
            // the store is closing: the next round will not come
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "the reaper of " + store + " failed; it tries again in "
                    + store.expiryInterval(), e);
        }
    }

    /** Stops the background rounds, interrupting one that runs (between its units of work). */
    @Override
    public void close() throws InterruptedException {
        ScheduledExecutorService running;
        synchronized (this) {
            closed = true;
            running = background;
        }
        if (running != null) {
            running.shutdownNow();
            running.awaitTermination(30, TimeUnit.SECONDS);
        }
    }
}
