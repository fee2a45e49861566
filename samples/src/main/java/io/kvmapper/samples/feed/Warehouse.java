package io.kvmapper.samples.feed;

import io.kvmapper.Change;
import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The second service: a warehouse that follows the orders service's change feed and keeps the list of paid orders
 * to pick. It shares nothing with the orders service but the feed: each poll reads the changes after its stored
 * continuation and applies them to its pick list, and stores the page's continuation with them in one unit of work,
 * so that a change is applied once even if the warehouse stops between two polls. (Applying a change twice would
 * do no harm here either: a consumer can also make itself idempotent with each change's position.)
 */
public final class Warehouse {
    private static final String CONSUMER = "warehouse";
    private static final int PAGE = 100;

    private final KvStore store;
    private final PlacedOrderRepository orders;
    private final PickItemRepository picks;
    private final FeedCursorRepository cursors;

    /** The warehouse on {@code store}, where it finds its pick list and its place in the feed. */
    public Warehouse(KvStore store) {
        this.store = store;
        this.orders = new PlacedOrderRepository(store);
        this.picks = new PickItemRepository(store);
        this.cursors = new FeedCursorRepository(store);
    }

    /**
     * Starts following the feed from its end: a new consumer that wants only what comes next pages past what the
     * feed holds, and stores the last page's continuation.
     */
    public void startFromNow() {
        PageRequest request = PageRequest.ofSize(PAGE);
        while (true) {
            Page<Change<PlacedOrder>> page = orders.changes(request);
            request = PageRequest.resume(page.continuation().orElseThrow(), PAGE);
            if (page.items().isEmpty()) {
                cursors.save(new FeedCursor(CONSUMER, request.continuation().orElseThrow()));
                return;
            }
        }
    }

    /** Applies every change after its stored continuation, a page per unit of work; how many. */
    public int poll() {
        int applied = 0;
        while (true) {
            Optional<String> from = cursors.findById(CONSUMER).map(FeedCursor::continuation);
            Page<Change<PlacedOrder>> page = orders.changes(from.map(c -> PageRequest.resume(c, PAGE))
                    .orElse(PageRequest.ofSize(PAGE)));
            if (page.items().isEmpty()) {
                return applied;
            }
            store.transact(tx -> {
                PickItemRepository inTx = picks.with(tx);
                for (Change<PlacedOrder> change : page.items()) {
                    Optional<PlacedOrder> order = change.entity().filter(o -> o.status() == Status.PAID);
                    if (order.isPresent()) {
                        inTx.save(new PickItem(order.get().id(), order.get().customer()));
                    } else {
                        inTx.deleteById((String) change.key().get(0));
                    }
                }
                cursors.with(tx).save(new FeedCursor(CONSUMER, page.continuation().orElseThrow()));
            });
            applied += page.items().size();
        }
    }

    /** Where the warehouse has got to in the feed, or empty before it started. */
    public Optional<String> continuation() {
        return cursors.findById(CONSUMER).map(FeedCursor::continuation);
    }

    /**
     * What is left to pick: "order (customer)", by order id (sorted here: on Cassandra {@code findAll} gives
     * the records in token order, not key order).
     */
    public List<String> pickList() {
        try (Stream<PickItem> all = picks.findAll()) {
            return all.map(item -> item.orderId() + " (" + item.customer() + ")").sorted().toList();
        }
    }

    /** Forgets every pick and its place in the feed. */
    public void reset() {
        try (Stream<PickItem> all = picks.findAll()) {
            all.map(PickItem::orderId).toList().forEach(picks::deleteById);
        }
        cursors.deleteById(CONSUMER);
    }
}
