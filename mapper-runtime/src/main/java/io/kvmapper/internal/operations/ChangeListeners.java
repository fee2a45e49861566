package io.kvmapper.internal.operations;

import io.kvmapper.Change;
import io.kvmapper.internal.store.KvStoreImpl;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The in-process listeners of one store's change feeds ({@code onChange}), and the one thread that calls them. A
 * commit's changes are handed over by the backend in commit order ({@link io.kvmapper.spi.KvTransaction#putStamped}:
 * under RocksDB's and the memory store's commit lock, in write-timestamp order on Cassandra), queued, and delivered
 * in that order by this store's delivery thread, so a listener sees the changes of this process in commit order,
 * after their commit, and never holds up the writer. A listener that throws is logged; the others, and later
 * changes, are delivered all the same. Closing the store delivers what is queued, then stops the thread.
 */
final class ChangeListeners implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(ChangeListeners.class.getName());
    /** Ends the delivery thread once everything queued before it is delivered. */
    private static final Runnable STOP = () -> { };
    /** How long closing waits for the queued changes to be delivered. */
    private static final long CLOSE_WAIT_SECONDS = 10;

    private final KvStoreImpl store;
    private final BlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();
    private Thread thread;
    private volatile boolean closed;

    /** The listeners of {@code store}; obtain them through {@link KvStoreImpl#component}. */
    ChangeListeners(KvStoreImpl store) {
        this.store = store;
    }

    /** The listeners of one feed, which start empty. */
    <E> Subscribers<E> subscribers(ChangeFeed<E> feed) {
        return new Subscribers<>(this, feed);
    }

    /** Starts the delivery thread on the first subscription. */
    private synchronized void start() {
        if (thread == null && !closed) {
            thread = new Thread(this::deliverUntilStopped, "kvmapper-changes " + store);
            thread.setDaemon(true);
            thread.start();
        }
    }

    private void deliverUntilStopped() {
        while (true) {
            Runnable delivery;
            try {
                delivery = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            if (delivery == STOP) {
                return;
            }
            delivery.run();
        }
    }

    @Override
    public void close() throws InterruptedException {
        Thread running;
        synchronized (this) {
            closed = true;
            running = thread;
        }
        if (running != null) {
            queue.add(STOP);
            running.join(TimeUnit.SECONDS.toMillis(CLOSE_WAIT_SECONDS));
            running.interrupt();
        }
    }

    /**
     * The listeners of one entity's change feed in this store.
     *
     * @param <E> the entity type
     */
    static final class Subscribers<E> {
        private final ChangeListeners owner;
        private final ChangeFeed<E> feed;
        private final List<Consumer<Change<E>>> listeners = new CopyOnWriteArrayList<>();

        private Subscribers(ChangeListeners owner, ChangeFeed<E> feed) {
            this.owner = owner;
            this.feed = feed;
        }

        /** Whether nobody listens, so that commits need not hand their changes over. */
        boolean isEmpty() {
            return listeners.isEmpty();
        }

        /** Subscribes {@code listener}; closing the result unsubscribes it. */
        AutoCloseable add(Consumer<Change<E>> listener) {
            Objects.requireNonNull(listener, "listener");
            Consumer<Change<E>> own = listener::accept; // one subscription per call, even of one listener twice
            listeners.add(own);
            owner.start();
            return () -> listeners.remove(own);
        }

        /**
         * Queues the change the backend committed under {@code key} as {@code value}. Called by the backend in
         * commit order, perhaps under its commit lock: it only queues.
         */
        void committed(byte[] key, byte[] value) {
            if (!owner.closed) {
                owner.queue.add(() -> deliver(key, value));
            }
        }

        private void deliver(byte[] key, byte[] value) {
            if (listeners.isEmpty()) {
                return;
            }
            Change<E> change;
            try {
                change = feed.change(key, value);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, feed.entityName() + ": a committed change could not be read"
                        + " for its listeners", e);
                return;
            }
            for (Consumer<Change<E>> listener : listeners) {
                try {
                    listener.accept(change);
                } catch (RuntimeException | Error e) {
                    if (e instanceof VirtualMachineError fatal) {
                        throw fatal;
                    }
                    LOG.log(System.Logger.Level.WARNING, feed.entityName() + ": a change listener failed on the "
                            + change.kind() + " of " + change.key() + " at " + change.position()
                            + "; the other listeners and later changes are delivered all the same", e);
                }
            }
        }
    }
}
